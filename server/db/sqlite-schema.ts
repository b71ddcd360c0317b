// The SQLite schema. Migrations in drizzle/ are generated from this file (npm run db:generate);
// server/db/pg-schema.ts is its PostgreSQL twin, and schema.ts hands the data functions the tables
// of the dialect in use (decision 020).
import { sql } from 'drizzle-orm';
import { index, integer, primaryKey, real, sqliteTable, text, uniqueIndex, type AnySQLiteColumn } from 'drizzle-orm/sqlite-core';
import { ACCOUNT_TOKEN_PURPOSES } from '../../shared/account';
import { AUDIT_ACTIONS, AUDIT_TARGET_TYPES } from '../../shared/audit';
import { MEMBERSHIP_TIERS, PAID_VIA, ROLES, USER_STATUSES } from '../../shared/constants';
import { COURSE_FILE_ROLES, LESSON_KINDS } from '../../shared/course';
import { MAIL_KINDS, OUTBOX_STATES } from '../../shared/mail';
import { COMMENT_STATUSES } from '../../shared/discussion';
import { QUESTION_KINDS } from '../../shared/quiz';
import type { PlaylistItem } from '../../shared/slider';

export const users = sqliteTable(
  'users',
  {
    id: text('id').primaryKey(),
    name: text('name').notNull(),
    // Stored trimmed and lower-cased; the unique index on lower(email) holds even if a writer forgets.
    email: text('email').notNull(),
    role: text('role', { enum: ROLES }).notNull().default('user'),
    membershipTier: text('membership_tier', { enum: MEMBERSHIP_TIERS }).notNull().default('free'),
    status: text('status', { enum: USER_STATUSES }).notNull().default('active'),
    passwordHash: text('password_hash').notNull(),
    // Milliseconds. A new password starts the sign-in lockout's counts over (server/auth/login-lockout.ts).
    passwordChangedAt: integer('password_changed_at').notNull(),
    // Milliseconds. Tokens issued before it are refused: moved by a new password, an admin's change
    // of the email, and "Sign out everywhere" (CONTRACT "Tokens and roles", §3 "Limits and sessions").
    sessionsValidFrom: integer('sessions_valid_from').notNull().default(0),
    createdAt: integer('created_at').notNull(),
    updatedAt: integer('updated_at').notNull(),
    // Milliseconds: when the tier last became paid (the course's drip counts from it); null while
    // free. Members already paid before it existed count from created_at (drizzle/0010).
    paidSince: integer('paid_since'),
    // Whether a mailed link has proved the address belongs to the member (CONTRACT §5). Members from
    // before it existed start unproved (decision 029).
    emailVerified: integer('email_verified', { mode: 'boolean' }).notNull().default(false),
    // How the tier last became paid (CONTRACT §6): by hand (an admin), or a Stripe payment, whose
    // Checkout Session id is paid_reference; both null while free. Paid members from before it: hand.
    paidVia: text('paid_via', { enum: PAID_VIA }),
    paidReference: text('paid_reference'),
  },
  (t) => [
    uniqueIndex('users_email_unique').on(sql`lower(${t.email})`),
    // One index per sort column of the admin's list, each ending in id (the tie-break), so that
    // any order and any page is an index walk (server/users/list-query.ts). The three a search
    // walks most (the default order, name, email) then carry the columns the search checks, so
    // that a walk reads the index alone and never a row of the table (decision 004).
    index('users_created_at_idx').on(t.createdAt, t.id, t.name, t.email),
    index('users_name_idx').on(sql`${t.name} collate nocase`, t.id, t.email),
    index('users_email_idx').on(t.email, t.id, t.name),
    index('users_role_idx').on(t.role, t.id),
    index('users_membership_tier_idx').on(t.membershipTier, t.id),
    index('users_status_idx').on(t.status, t.id),
  ],
);

// One live reset token per user: a new request replaces the row.
export const passwordResets = sqliteTable('password_resets', {
  userId: text('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  tokenHash: text('token_hash').notNull().unique(),
  expiresAt: integer('expires_at').notNull(),
});

// The links of a member's own account (CONTRACT §5): one live link per member and purpose (a new
// request replaces the row), only the token's SHA-256 stored (server/users/account-tokens.ts).
export const accountTokens = sqliteTable(
  'account_tokens',
  {
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    purpose: text('purpose', { enum: ACCOUNT_TOKEN_PURPOSES }).notNull(),
    tokenHash: text('token_hash').notNull().unique(),
    // The address the link proves: the one to verify, or the new one of an email change.
    email: text('email').notNull(),
    expiresAt: integer('expires_at').notNull(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.purpose] })],
);

// Single tokens signed out before they expire, by their jti; a row outlives its token by nothing
// (expired rows are removed as new ones come: server/users/sessions.ts).
export const revokedTokens = sqliteTable(
  'revoked_tokens',
  {
    tokenId: text('token_id').primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    expiresAt: integer('expires_at').notNull(),
  },
  (t) => [index('revoked_tokens_expires_at_idx').on(t.expiresAt)],
);

// Two-factor sign-in (CONTRACT §3), one row per user who has begun setting it up. Secrets are
// sealed with a key derived from the server secret (server/auth/secret-box.ts), never stored plain.
export const twoFactor = sqliteTable('two_factor', {
  userId: text('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  // The active secret: two-factor sign-in is on exactly when this is set.
  secret: text('secret'),
  // Made by setup, waiting for its first code; enabling moves it to `secret`.
  pendingSecret: text('pending_secret'),
  // The last TOTP time step accepted: only later steps are, so each code works once.
  lastStep: integer('last_step'),
  // Wrong app codes in the window that began at codeFailuresSince (milliseconds), from every
  // address: past TWO_FACTOR_FAILURES_PER_DAY app codes wait for the window's end. Kept here, not in
  // the counter store, so that no flood of other keys can push the count out (server/auth/two-factor-failures.ts).
  codeFailures: integer('code_failures').notNull().default(0),
  codeFailuresSince: integer('code_failures_since'),
  // The codeFailuresSince of the window whose limit was mailed to the member: one mail a window.
  codeFailuresMailed: integer('code_failures_mailed'),
  // Whether the address was verified when it was turned on: a completed reset by mail clears a
  // second factor that was not (server/auth/router.ts). Rows from before: the address's state then.
  enabledOnVerifiedEmail: integer('enabled_on_verified_email', { mode: 'boolean' }).notNull().default(false),
});

// Single-use recovery codes: only their SHA-256 (server/auth/recovery-codes.ts); a used one is deleted.
export const recoveryCodes = sqliteTable(
  'recovery_codes',
  {
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    codeHash: text('code_hash').notNull(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.codeHash] })],
);

// A password accepted for an account with two-factor on, waiting for its code: only the id's
// SHA-256 is stored, and the row goes with the first success (server/auth/login-challenges.ts).
export const loginChallenges = sqliteTable(
  'login_challenges',
  {
    idHash: text('id_hash').primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    // The account's sessions_valid_from when issued: once that moves (its sessions ended), the challenge is dead too.
    sessionsValidFrom: integer('sessions_valid_from').notNull(),
    expiresAt: integer('expires_at').notNull(),
  },
  (t) => [index('login_challenges_expires_at_idx').on(t.expiresAt), index('login_challenges_user_id_idx').on(t.userId)],
);

// How many users have each one- and two-character fragment in their (ASCII lower-cased) name or
// email: the exact count for searches too short for the trigram index (server/users/search-index.ts).
export const userSearchGrams = sqliteTable('user_search_grams', {
  gram: text('gram').primaryKey(),
  users: integer('users').notNull(),
});

// The last scan of each base path: the admin's "Last scan" line and the cache-busting version of
// media urls (?v=) survive a restart.
export const mediaScans = sqliteTable('media_scans', {
  basePath: text('base_path').primaryKey(),
  scannedAt: integer('scanned_at').notNull(),
  images: integer('images').notNull(),
  videos: integer('videos').notNull(),
  audio: integer('audio').notNull(),
});

// The slideshow's one settings record (id is always 1); absent until the first save, when the
// defaults of shared/slider.ts apply.
export const sliderConfig = sqliteTable('slider_config', {
  id: integer('id').primaryKey(),
  backgroundsBasePath: text('backgrounds_base_path').notNull(),
  activePlaylist: text('active_playlist').notNull(),
  cycleTime: integer('cycle_time').notNull(),
  transitionDuration: integer('transition_duration').notNull(),
  overlayOpacity: real('overlay_opacity').notNull(),
  overlayColor: text('overlay_color').notNull(),
  randomOrder: integer('random_order', { mode: 'boolean' }).notNull(),
  updatedAt: integer('updated_at').notNull(),
});

// Playlists keep their lists exactly as sent (order included), as JSON.
export const playlists = sqliteTable('playlists', {
  id: text('id').primaryKey(),
  name: text('name').notNull(),
  items: text('items', { mode: 'json' }).$type<PlaylistItem[]>().notNull(),
  images: text('images', { mode: 'json' }).$type<string[]>().notNull(),
  videos: text('videos', { mode: 'json' }).$type<string[]>().notNull(),
  createdAt: integer('created_at').notNull(),
  updatedAt: integer('updated_at').notNull(),
});

// The audit trail (server/audit/): who changed what. No foreign keys: entries outlive the users
// they name, so the actor's email is kept as it was. Removed AUDIT_DAYS after `at` by the sweep.
export const auditEntries = sqliteTable(
  'audit_entries',
  {
    // A UUIDv7: in the order of recording, so it breaks ties between entries of one millisecond.
    id: text('id').primaryKey(),
    // Milliseconds.
    at: integer('at').notNull(),
    // Both null when nobody signed in acted (a sign-in guesser's lockout).
    actorId: text('actor_id'),
    actorEmail: text('actor_email'),
    action: text('action', { enum: AUDIT_ACTIONS }).notNull(),
    targetType: text('target_type', { enum: AUDIT_TARGET_TYPES }).notNull(),
    targetId: text('target_id').notNull(),
    summary: text('summary').notNull(),
  },
  (t) => [
    // Newest first, all entries or one action's, is a walk of one of these (server/audit/list.ts);
    // the first also finds what the sweep removes.
    index('audit_entries_at_idx').on(t.at, t.id),
    index('audit_entries_action_at_idx').on(t.action, t.at, t.id),
  ],
);

// The course (CONTRACT §4): ordered modules of ordered lessons. Positions count from 0 within their
// list and are rewritten whole by a reorder, in one transaction (server/course/content/content-data.ts).
// The ten modules of spec §2 are put in by the migration that made the table (drizzle/0010), with
// fixed ids (shared/course-seed.ts); every other row gets an id from the application.
export const courseModules = sqliteTable(
  'course_modules',
  {
    id: text('id').primaryKey(),
    title: text('title').notNull(),
    summary: text('summary').notNull().default(''),
    position: integer('position').notNull(),
    published: integer('published', { mode: 'boolean' }).notNull(),
    // 0 to 3650: the module opens that many days after the member became an Architect.
    opensAfterDays: integer('opens_after_days').notNull().default(0),
    createdAt: integer('created_at').notNull(),
    updatedAt: integer('updated_at').notNull(),
  },
  (t) => [index('course_modules_position_idx').on(t.position, t.id)],
);

export const courseLessons = sqliteTable(
  'course_lessons',
  {
    id: text('id').primaryKey(),
    // No cascade: a module that still has lessons is not deleted (409).
    moduleId: text('module_id')
      .notNull()
      .references(() => courseModules.id, { onDelete: 'restrict' }),
    title: text('title').notNull(),
    summary: text('summary').notNull().default(''),
    position: integer('position').notNull(),
    published: integer('published', { mode: 'boolean' }).notNull(),
    freePreview: integer('free_preview', { mode: 'boolean' }).notNull(),
    kind: text('kind', { enum: LESSON_KINDS }).notNull(),
    // Read from the media file (the files slice); null until a lesson has one.
    durationSeconds: integer('duration_seconds'),
    // Markdown, as the admin wrote it; rendered to HTML when read (server/course/content/markdown.ts).
    body: text('body').notNull().default(''),
    createdAt: integer('created_at').notNull(),
    updatedAt: integer('updated_at').notNull(),
  },
  (t) => [index('course_lessons_module_position_idx').on(t.moduleId, t.position, t.id)],
);

// A member's progress in a lesson (CONTRACT §4): one row per member and lesson, written by one
// upsert that keeps played_seconds at its maximum and sets completed_at in the same statement
// (server/course/progress/progress-data.ts). Whole seconds. Deleting the lesson or the member deletes it.
export const courseProgress = sqliteTable(
  'course_progress',
  {
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    lessonId: text('lesson_id')
      .notNull()
      .references(() => courseLessons.id, { onDelete: 'cascade' }),
    positionSeconds: integer('position_seconds').notNull(),
    playedSeconds: integer('played_seconds').notNull(),
    // Milliseconds: when the lesson was completed; null while it is not.
    completedAt: integer('completed_at'),
    updatedAt: integer('updated_at').notNull(),
  },
  (t) => [
    // The member's own rows come by the key's prefix; this one serves the lesson's deletion (the
    // cascade) and the insights' counts per lesson without reading a row.
    primaryKey({ columns: [t.userId, t.lessonId] }),
    index('course_progress_lesson_idx').on(t.lessonId, t.completedAt, t.playedSeconds),
  ],
);

// The course insights' running totals (CONTRACT §4 GET /api/admin/course/insights; decision 032):
// derived from course_progress by the triggers of drizzle/0017 (hand-written), which move them in
// the statement that writes a progress row and recompute them when a lesson changes module,
// publication or duration. No code writes them; db:copy has the target rebuild them.
// Per lesson: the members with a row, with completed_at, and the sum of min(played, duration).
export const courseLessonTotals = sqliteTable('course_lesson_totals', {
  lessonId: text('lesson_id')
    .primaryKey()
    .references(() => courseLessons.id, { onDelete: 'cascade' }),
  started: integer('started').notNull(),
  completed: integer('completed').notNull(),
  playedSum: integer('played_sum').notNull(),
});

// Per module: its published lessons, and the members who started one of them / completed them all.
export const courseModuleTotals = sqliteTable('course_module_totals', {
  moduleId: text('module_id')
    .primaryKey()
    .references(() => courseModules.id, { onDelete: 'cascade' }),
  lessons: integer('lessons').notNull(),
  started: integer('started').notNull(),
  completed: integer('completed').notNull(),
});

// Per member and module: how many of its published lessons the member started and completed; a
// row only while started > 0. The index counts a module's finishers after its lessons change.
export const courseMemberModules = sqliteTable(
  'course_member_modules',
  {
    moduleId: text('module_id').notNull(),
    userId: text('user_id').notNull(),
    started: integer('started').notNull(),
    completed: integer('completed').notNull(),
  },
  (t) => [primaryKey({ columns: [t.moduleId, t.userId] }), index('course_member_modules_completed_idx').on(t.moduleId, t.completed)],
);

// Per member: their progress rows, any lesson; a row only while there is one.
export const courseMemberTotals = sqliteTable('course_member_totals', {
  userId: text('user_id').primaryKey(),
  lessons: integer('lessons').notNull(),
});

// One certificate per member, issued once when every published lesson is complete and kept
// thereafter; its id is the unguessable part of its public address (/certificates/{id}).
export const courseCertificates = sqliteTable('course_certificates', {
  id: text('id').primaryKey(),
  userId: text('user_id')
    .notNull()
    .unique()
    .references(() => users.id, { onDelete: 'cascade' }),
  // The member's name when it was issued: the certificate does not change with the account.
  name: text('name').notNull(),
  // Milliseconds: when the last of the lessons was completed.
  completedAt: integer('completed_at').notNull(),
  createdAt: integer('created_at').notNull(),
});

// What the course search reads of a lesson (CONTRACT §4 GET /api/course/search): its title,
// summary and the text of its body as members read it (no Markdown marks), written with the lesson
// (server/course/search/lesson-text.ts). SQLite finds it through the FTS5 table course_lesson_search
// (drizzle/, hand-written), PostgreSQL through a pg_trgm index. `version` is the version of the
// text's making that wrote it (LESSON_TEXT_VERSION); 0 for rows from before it was kept (the
// migration's back-fill of raw Markdown among them): the start rewrites every older row.
export const courseLessonTexts = sqliteTable('course_lesson_texts', {
  lessonId: text('lesson_id')
    .primaryKey()
    .references(() => courseLessons.id, { onDelete: 'cascade' }),
  text: text('text').notNull(),
  version: integer('version').notNull().default(0),
});

// The course search's letters index (decision 037): for each lesson, every distinct 2-character
// fragment (foldAscii, by code points) of its searched text and of its caption cues, with how many
// of its cues hold it and whether its text does, so that a 2-character search, which no trigram
// index answers, reads the cues of the lessons that hold it only. The empty gram is in every
// lesson indexed (cues: all its cues): a lesson without it is yet to be indexed (the start's
// back-fill). Written by server/course/search/search-grams.ts in each transaction that changes a lesson's
// text or cues; its rows go with the lesson.
export const courseLessonGrams = sqliteTable(
  'course_lesson_grams',
  {
    lessonId: text('lesson_id')
      .notNull()
      .references(() => courseLessons.id, { onDelete: 'cascade' }),
    gram: text('gram').notNull(),
    cues: integer('cues').notNull(),
    inText: integer('in_text', { mode: 'boolean' }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.lessonId, t.gram] }), index('course_lesson_grams_gram_idx').on(t.gram, t.lessonId, t.cues, t.inText)],
);

// A lesson's files (CONTRACT §4 "Course files"): the bytes live in COURSE_FILES_ROOT under
// `storedName` (the row's id and its extension, never the client's name); `name` is the client's
// name made safe, for downloads. Rows and files go together: server/course/files/files-data.ts.
export const courseFiles = sqliteTable(
  'course_files',
  {
    id: text('id').primaryKey(),
    // No cascade: deleting a lesson deletes its files' rows itself, to remove their bytes after the commit.
    lessonId: text('lesson_id')
      .notNull()
      .references(() => courseLessons.id, { onDelete: 'restrict' }),
    role: text('role', { enum: COURSE_FILE_ROLES }).notNull(),
    name: text('name').notNull(),
    storedName: text('stored_name').notNull(),
    size: integer('size').notNull(),
    contentType: text('content_type').notNull(),
    // Captions only: a BCP 47 language tag and the label the player shows.
    lang: text('lang'),
    label: text('label'),
    // Image attachments only (png, jpeg, webp), read at upload: the size a lesson body's <img> of it declares.
    width: integer('width'),
    height: integer('height'),
    createdAt: integer('created_at').notNull(),
  },
  (t) => [index('course_files_lesson_idx').on(t.lessonId, t.role, t.createdAt), uniqueIndex('course_files_stored_name_idx').on(t.storedName)],
);

// The cues of a captions file, as plain text (markup stripped, never rendered as HTML): the
// transcript panel and the course search read them. lessonId repeats the file's, for the search.
export const courseCaptionCues = sqliteTable(
  'course_caption_cues',
  {
    fileId: text('file_id')
      .notNull()
      .references(() => courseFiles.id, { onDelete: 'restrict' }),
    lessonId: text('lesson_id').notNull(),
    position: integer('position').notNull(),
    startSeconds: real('start_seconds').notNull(),
    endSeconds: real('end_seconds').notNull(),
    text: text('text').notNull(),
  },
  (t) => [primaryKey({ columns: [t.fileId, t.position] }), index('course_caption_cues_lesson_idx').on(t.lessonId, t.startSeconds)],
);

// A quiz lesson's settings (CONTRACT §8): one row per lesson of kind quiz, written with the lesson
// by the admin's PUT; a quiz lesson without one reads as the defaults (server/course/quiz/quiz-data.ts).
export const courseQuizzes = sqliteTable('course_quizzes', {
  lessonId: text('lesson_id')
    .primaryKey()
    .references(() => courseLessons.id, { onDelete: 'cascade' }),
  passPercent: integer('pass_percent').notNull(),
  // null: unlimited.
  attemptsAllowed: integer('attempts_allowed'),
  retryAfterMinutes: integer('retry_after_minutes').notNull(),
  // null: every question.
  questionsPerAttempt: integer('questions_per_attempt'),
  shuffle: integer('shuffle', { mode: 'boolean' }).notNull(),
  requiredToComplete: integer('required_to_complete', { mode: 'boolean' }).notNull(),
  updatedAt: integer('updated_at').notNull(),
});

// A quiz's questions, in order. `options` and `answers` are JSON text (the same in both dialects):
// [{_id, text, correct}] and [accepted text]. `taught` is the moment of a video or audio lesson that
// teaches the answer; its lesson's deletion clears it (the seconds are then ignored).
export const courseQuestions = sqliteTable(
  'course_questions',
  {
    id: text('id').primaryKey(),
    lessonId: text('lesson_id')
      .notNull()
      .references(() => courseLessons.id, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
    kind: text('kind', { enum: QUESTION_KINDS }).notNull(),
    prompt: text('prompt').notNull(),
    options: text('options').notNull(),
    answers: text('answers').notNull(),
    explanation: text('explanation').notNull(),
    points: integer('points').notNull(),
    taughtLessonId: text('taught_lesson_id').references(() => courseLessons.id, { onDelete: 'set null' }),
    taughtStart: real('taught_start'),
    taughtEnd: real('taught_end'),
    createdAt: integer('created_at').notNull(),
    updatedAt: integer('updated_at').notNull(),
  },
  (t) => [index('course_questions_lesson_idx').on(t.lessonId, t.position, t.id), index('course_questions_taught_idx').on(t.taughtLessonId)],
);

// A member's attempts at a quiz (CONTRACT §8). `questions` is the snapshot taken at the start, right
// answers included, as JSON text: editing the quiz never touches it. Two unique keys make the rules
// hold under parallel requests without a read before the write (decision 049): one open attempt
// per member and quiz (the partial index), and numbers that never repeat, so the attempt limit is a
// condition of the insert itself. `results` is JSON text, written once by the submit.
export const courseAttempts = sqliteTable(
  'course_attempts',
  {
    id: text('id').primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    lessonId: text('lesson_id')
      .notNull()
      .references(() => courseLessons.id, { onDelete: 'cascade' }),
    number: integer('number').notNull(),
    startedAt: integer('started_at').notNull(),
    submittedAt: integer('submitted_at'),
    questions: text('questions').notNull(),
    percent: integer('percent'),
    passed: integer('passed', { mode: 'boolean' }),
    results: text('results'),
  },
  (t) => [
    uniqueIndex('course_attempts_number_idx').on(t.userId, t.lessonId, t.number),
    uniqueIndex('course_attempts_open_idx')
      .on(t.userId, t.lessonId)
      .where(sql`${t.submittedAt} is null`),
    // A lesson's attempts (its deletion's cascade) by the lesson first; with the member's columns after
    // it, a member's lookup (lesson and user) is exact whichever of this and the number index the
    // planner takes, even when the statistics say the quiz has no attempts yet (decision 061).
    index('course_attempts_lesson_member_idx').on(t.lessonId, t.userId, t.number),
  ],
);

// An attempt's answers, one row per question, each saved as it is given (JSON text: {optionIds} or
// {text}): two tabs saving two questions at once never overwrite each other.
export const courseAttemptAnswers = sqliteTable(
  'course_attempt_answers',
  {
    attemptId: text('attempt_id')
      .notNull()
      .references(() => courseAttempts.id, { onDelete: 'cascade' }),
    questionId: text('question_id').notNull(),
    answer: text('answer').notNull(),
    updatedAt: integer('updated_at').notNull(),
  },
  (t) => [primaryKey({ columns: [t.attemptId, t.questionId] })],
);

// The quiz insights' running totals (decision 054): each submitted attempt adds its marks here in
// its submit's transaction, and an attempt's deletion (with its member or its quiz, by cascade)
// takes them back by the AFTER DELETE triggers on its marks (drizzle/0023, drizzle-pg/0018), so
// the insights read a few rows per question instead of every attempt.
// Per submitted attempt and question it held: whether it earned the question's full points.
export const courseAttemptMarks = sqliteTable(
  'course_attempt_marks',
  {
    attemptId: text('attempt_id')
      .notNull()
      .references(() => courseAttempts.id, { onDelete: 'cascade' }),
    lessonId: text('lesson_id').notNull(),
    questionId: text('question_id').notNull(),
    full: integer('full', { mode: 'boolean' }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.attemptId, t.questionId] })],
);

// Per submitted attempt: each wrong option it picked.
export const courseAttemptWrongPicks = sqliteTable(
  'course_attempt_wrong_picks',
  {
    attemptId: text('attempt_id')
      .notNull()
      .references(() => courseAttempts.id, { onDelete: 'cascade' }),
    lessonId: text('lesson_id').notNull(),
    questionId: text('question_id').notNull(),
    optionId: text('option_id').notNull(),
  },
  (t) => [primaryKey({ columns: [t.attemptId, t.questionId, t.optionId] })],
);

// Per quiz and question (as the attempts held it; a deleted question's row is simply not read):
// the submitted attempts that held it, and those that earned its full points.
export const courseQuestionTallies = sqliteTable(
  'course_question_tallies',
  {
    lessonId: text('lesson_id')
      .notNull()
      .references(() => courseLessons.id, { onDelete: 'cascade' }),
    questionId: text('question_id').notNull(),
    answered: integer('answered').notNull(),
    full: integer('full').notNull(),
  },
  (t) => [primaryKey({ columns: [t.lessonId, t.questionId] })],
);

// Per quiz, question and wrong option: how many submitted attempts picked it.
export const courseWrongPickTallies = sqliteTable(
  'course_wrong_pick_tallies',
  {
    lessonId: text('lesson_id')
      .notNull()
      .references(() => courseLessons.id, { onDelete: 'cascade' }),
    questionId: text('question_id').notNull(),
    optionId: text('option_id').notNull(),
    picks: integer('picks').notNull(),
  },
  (t) => [primaryKey({ columns: [t.lessonId, t.questionId, t.optionId] })],
);

// Per quiz and member with a submitted attempt: how many, and whether one passed. Goes with the
// member and with the quiz by cascade, so the insights' members, passes and attempts need no trigger.
export const courseQuizMembers = sqliteTable(
  'course_quiz_members',
  {
    lessonId: text('lesson_id')
      .notNull()
      .references(() => courseLessons.id, { onDelete: 'cascade' }),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    attempts: integer('attempts').notNull(),
    passed: integer('passed', { mode: 'boolean' }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.lessonId, t.userId] })],
);

// The HLS stream of a lesson's media file (CONTRACT §7), made by its transcode job
// (server/course/stream/): its state as the Course Manager shows it. The rendition folder is
// streams/{fileId}/ under COURSE_FILES_ROOT, there whole once state is done.
export const courseStreams = sqliteTable('course_streams', {
  fileId: text('file_id')
    .primaryKey()
    .references(() => courseFiles.id, { onDelete: 'cascade' }),
  state: text('state', { enum: ['queued', 'running', 'done', 'failed'] }).notNull(),
  percent: integer('percent').notNull(),
  // ffmpeg's reason, in words, for the last failed try.
  error: text('error'),
  // Heights of the renditions made, ascending, as JSON (the quality menu's list).
  heights: text('heights'),
  updatedAt: integer('updated_at').notNull(),
});

// The site's background work (server/jobs/, decision 045): one row per job, claimed by one process
// under a lease it renews while it works. A job with a key is unique by it (a file's transcode, a mail).
export const jobs = sqliteTable(
  'jobs',
  {
    id: text('id').primaryKey(),
    type: text('type').notNull(),
    key: text('key'),
    // JSON.
    payload: text('payload').notNull(),
    state: text('state', { enum: ['queued', 'running', 'done', 'failed', 'cancelled'] }).notNull(),
    // Tries begun so far.
    attempts: integer('attempts').notNull(),
    maxAttempts: integer('max_attempts').notNull(),
    // Milliseconds: not claimed before (a retry's backoff).
    runAfter: integer('run_after').notNull(),
    // Milliseconds: the running process's lease ends then, unless renewed.
    leaseUntil: integer('lease_until'),
    // The process (host:pid:random) that holds the lease.
    worker: text('worker'),
    lastError: text('last_error'),
    createdAt: integer('created_at').notNull(),
    updatedAt: integer('updated_at').notNull(),
  },
  (t) => [uniqueIndex('jobs_key_idx').on(t.key), index('jobs_claim_idx').on(t.state, t.runAfter), index('jobs_type_idx').on(t.type, t.state)],
);

// Mail that members asked for (CONTRACT §9; decision 052): one row per mail, unique by its key
// (`module-opened:{memberId}:{day}`), written in its cause's transaction; its send job (jobs/outbox.ts)
// claims it pending → sending under a lease, and marks it sent the moment SMTP takes it.
export const mailOutbox = sqliteTable(
  'mail_outbox',
  {
    id: text('id').primaryKey(),
    key: text('key').notNull(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: MAIL_KINDS }).notNull(),
    subject: text('subject').notNull(),
    // JSON: the paragraphs and the link of the mail (lib/site-mail.ts), rendered at the send with the unsubscribe link.
    content: text('content').notNull(),
    state: text('state', { enum: OUTBOX_STATES }).notNull(),
    // SMTP tries begun so far.
    attempts: integer('attempts').notNull(),
    // SMTP's refusal, or why it was skipped (a preference, a suspension).
    lastError: text('last_error'),
    // Milliseconds: a `sending` row is its sender's until then; after it, the sender died and the row is taken again.
    leaseUntil: integer('lease_until'),
    // The UTC day (YYYY-MM-DD) whose cap the mail was counted against, once sent.
    capDay: text('cap_day'),
    createdAt: integer('created_at').notNull(),
    updatedAt: integer('updated_at').notNull(),
    sentAt: integer('sent_at'),
  },
  (t) => [
    uniqueIndex('mail_outbox_key_unique').on(t.key),
    // The admin's list, newest first, of one state or all.
    index('mail_outbox_created_idx').on(t.createdAt, t.id),
    index('mail_outbox_state_created_idx').on(t.state, t.createdAt, t.id),
    index('mail_outbox_user_idx').on(t.userId),
  ],
);

// The course mails a member was sent on a UTC day: COURSE_MAILS_PER_DAY holds by one conditional
// upsert of this row (jobs/outbox-data.ts), across processes too.
export const mailDayCounts = sqliteTable(
  'mail_day_counts',
  {
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    day: text('day').notNull(),
    count: integer('count').notNull(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.day] })],
);

// A member's mail settings (CONTRACT §9); no row: both on.
export const mailPreferences = sqliteTable('mail_preferences', {
  userId: text('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  replies: integer('replies', { mode: 'boolean' }).notNull(),
  courseUpdates: integer('course_updates', { mode: 'boolean' }).notNull(),
  updatedAt: integer('updated_at').notNull(),
});

// Stripe's webhook events applied (CONTRACT §6), by event id: the row is written in the transaction
// that applies the event, so a redelivery (even one at the same moment) finds it and changes nothing.
export const stripeEvents = sqliteTable('stripe_events', {
  id: text('id').primaryKey(),
  type: text('type').notNull(),
  // Milliseconds.
  receivedAt: integer('received_at').notNull(),
});

// The payments that made members Architects, by Checkout Session: a refund finds its member
// through the payment intent recorded here (server/billing/).
export const stripePayments = sqliteTable(
  'stripe_payments',
  {
    checkoutSessionId: text('checkout_session_id').primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    paymentIntentId: text('payment_intent_id'),
    // Milliseconds.
    paidAt: integer('paid_at').notNull(),
  },
  (t) => [uniqueIndex('stripe_payments_payment_intent_unique').on(t.paymentIntentId), index('stripe_payments_user_idx').on(t.userId)],
);

// The full refunds seen, by payment intent: Stripe does not promise the order of events, so a
// refund that comes before its payment's checkout is kept here, and that checkout finds it and
// upgrades nobody (server/billing/).
export const stripeRefunds = sqliteTable('stripe_refunds', {
  paymentIntentId: text('payment_intent_id').primaryKey(),
  chargeId: text('charge_id').notNull(),
  eventId: text('event_id').notNull(),
  // Milliseconds.
  refundedAt: integer('refunded_at').notNull(),
});

// A lesson's discussion (CONTRACT §9 "Comments"; server/discussion/). A comment is top-level
// (parent_id null) or a reply to one: one level deep. `html` is rendered from `body` when it is
// written (discussion/comment-markdown.ts), so a page of comments renders nothing. A deleted comment
// that has replies stays as a stub (status deleted, author and body cleared); any other deletion
// removes the row. A deleted member's comments stay, without their author (decision 053).
// `reported_at`: its latest report since an admin last set its status (null: none), which puts it in
// the admins' reported queue.
export const comments = sqliteTable(
  'comments',
  {
    id: text('id').primaryKey(),
    lessonId: text('lesson_id')
      .notNull()
      .references(() => courseLessons.id, { onDelete: 'cascade' }),
    parentId: text('parent_id').references((): AnySQLiteColumn => comments.id, { onDelete: 'cascade' }),
    authorId: text('author_id').references(() => users.id, { onDelete: 'set null' }),
    body: text('body').notNull(),
    html: text('html').notNull(),
    atSeconds: integer('at_seconds'),
    // Milliseconds.
    createdAt: integer('created_at').notNull(),
    editedAt: integer('edited_at'),
    status: text('status', { enum: COMMENT_STATUSES }).notNull(),
    answered: integer('answered', { mode: 'boolean' }).notNull(),
    pinned: integer('pinned', { mode: 'boolean' }).notNull(),
    reportedAt: integer('reported_at'),
  },
  (t) => [
    // A lesson's page: its top-level comments, pinned first, then newest first, walked by keyset.
    index('comments_lesson_page_idx')
      .on(t.lessonId, t.pinned, t.createdAt, t.id)
      .where(sql`${t.parentId} is null`),
    index('comments_parent_idx').on(t.parentId, t.createdAt, t.id),
    // The admin's queues, newest first: held, reported, all. Partial, so that no other query
    // mistakes them for a way in (a status alone matches most of the table).
    index('comments_held_idx')
      .on(t.createdAt, t.id)
      .where(sql`${t.status} = 'held'`),
    index('comments_reported_idx')
      .on(t.createdAt, t.id)
      .where(sql`${t.reportedAt} is not null`),
    index('comments_created_idx').on(t.createdAt, t.id),
    index('comments_author_idx').on(t.authorId, t.createdAt),
  ],
);

// A member's report of a comment: one per member and comment (a second changes nothing).
export const commentReports = sqliteTable(
  'comment_reports',
  {
    commentId: text('comment_id')
      .notNull()
      .references(() => comments.id, { onDelete: 'cascade' }),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    reason: text('reason').notNull(),
    // Milliseconds.
    createdAt: integer('created_at').notNull(),
  },
  (t) => [primaryKey({ columns: [t.commentId, t.userId] }), index('comment_reports_user_idx').on(t.userId)],
);

// What the discussion knows of a member (decision 053): a comment ban until a moment (milliseconds),
// and when an admin first let one of their comments through (COMMENTS_REVIEW_FIRST holds them until
// then). A row only for members an admin has acted on; it goes with the member.
export const commentMembers = sqliteTable('comment_members', {
  userId: text('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  bannedUntil: integer('banned_until'),
  letThroughAt: integer('let_through_at'),
});
