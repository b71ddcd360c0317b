// The PostgreSQL schema: the twin of sqlite-schema.ts, table for table and column for column
// (db-schemas.test.ts fails when they drift; decision 020). Migrations in drizzle-pg/ are generated
// from this file (npm run db:generate). Where the two differ, it is to give the same answers:
// - every text compares as bytes, as SQLite's does (`collate "C"`), whatever the database's locale;
//   lower() of such text folds ASCII letters only, which is what SQLite's NOCASE and LIKE fold;
// - milliseconds are bigint, read back as numbers;
// - the search is a column of PostgreSQL's own, `search_text` (the lowered name and email, generated),
//   with a pg_trgm GIN index and a GIN index of its letters, instead of SQLite's FTS5 table
//   (server/users/search-postgres.ts). Like that table, they are made by a migration outside this
//   schema (drizzle-pg/0009, hand-written): the data functions never write or read the column.
import { sql } from 'drizzle-orm';
import { bigint, boolean, customType, doublePrecision, index, integer, json, pgTable, primaryKey, uniqueIndex, type AnyPgColumn } from 'drizzle-orm/pg-core';
import type { PlaylistItem } from '../../shared/slider';

/** Text that sorts and compares byte by byte, as SQLite's text does. */
const text = customType<{ data: string; driverData: string }>({ dataType: () => 'text collate "C"' });
/** Milliseconds since 1970: past int4, and well inside a double. */
const millis = (name: string) => bigint(name, { mode: 'number' });

export const users = pgTable(
  'users',
  {
    id: text('id').primaryKey(),
    name: text('name').notNull(),
    email: text('email').notNull(),
    role: text('role').notNull().default('user'),
    membershipTier: text('membership_tier').notNull().default('free'),
    status: text('status').notNull().default('active'),
    passwordHash: text('password_hash').notNull(),
    passwordChangedAt: millis('password_changed_at').notNull(),
    sessionsValidFrom: millis('sessions_valid_from').notNull().default(0),
    createdAt: millis('created_at').notNull(),
    updatedAt: millis('updated_at').notNull(),
    paidSince: millis('paid_since'),
    emailVerified: boolean('email_verified').notNull().default(false),
    paidVia: text('paid_via'),
    paidReference: text('paid_reference'),
  },
  (t) => [
    uniqueIndex('users_email_unique').on(sql`lower(${t.email})`),
    // These three also INCLUDE search_text, which the users' search checks (drizzle-pg/0009, which
    // drizzle's builder cannot say), so a search walks the index alone.
    index('users_created_at_idx').on(t.createdAt, t.id),
    index('users_name_idx').on(sql`lower(${t.name})`, t.id),
    index('users_email_idx').on(t.email, t.id),
    index('users_role_idx').on(t.role, t.id),
    index('users_membership_tier_idx').on(t.membershipTier, t.id),
    index('users_status_idx').on(t.status, t.id),
  ],
);

export const passwordResets = pgTable('password_resets', {
  userId: text('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  tokenHash: text('token_hash').notNull().unique(),
  expiresAt: millis('expires_at').notNull(),
});

export const accountTokens = pgTable(
  'account_tokens',
  {
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    purpose: text('purpose').notNull(),
    tokenHash: text('token_hash').notNull().unique(),
    email: text('email').notNull(),
    expiresAt: millis('expires_at').notNull(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.purpose] })],
);

export const revokedTokens = pgTable(
  'revoked_tokens',
  {
    tokenId: text('token_id').primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    expiresAt: millis('expires_at').notNull(),
  },
  (t) => [index('revoked_tokens_expires_at_idx').on(t.expiresAt)],
);

export const twoFactor = pgTable('two_factor', {
  userId: text('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  secret: text('secret'),
  pendingSecret: text('pending_secret'),
  lastStep: integer('last_step'),
  codeFailures: integer('code_failures').notNull().default(0),
  codeFailuresSince: millis('code_failures_since'),
  codeFailuresMailed: millis('code_failures_mailed'),
  enabledOnVerifiedEmail: boolean('enabled_on_verified_email').notNull().default(false),
});

export const recoveryCodes = pgTable(
  'recovery_codes',
  {
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    codeHash: text('code_hash').notNull(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.codeHash] })],
);

export const loginChallenges = pgTable(
  'login_challenges',
  {
    idHash: text('id_hash').primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    sessionsValidFrom: millis('sessions_valid_from').notNull(),
    expiresAt: millis('expires_at').notNull(),
  },
  (t) => [index('login_challenges_expires_at_idx').on(t.expiresAt), index('login_challenges_user_id_idx').on(t.userId)],
);

export const userSearchGrams = pgTable('user_search_grams', {
  gram: text('gram').primaryKey(),
  users: integer('users').notNull(),
});

export const mediaScans = pgTable('media_scans', {
  basePath: text('base_path').primaryKey(),
  scannedAt: millis('scanned_at').notNull(),
  images: integer('images').notNull(),
  videos: integer('videos').notNull(),
  audio: integer('audio').notNull(),
});

export const sliderConfig = pgTable('slider_config', {
  id: integer('id').primaryKey(),
  backgroundsBasePath: text('backgrounds_base_path').notNull(),
  activePlaylist: text('active_playlist').notNull(),
  cycleTime: integer('cycle_time').notNull(),
  transitionDuration: integer('transition_duration').notNull(),
  overlayOpacity: doublePrecision('overlay_opacity').notNull(),
  overlayColor: text('overlay_color').notNull(),
  randomOrder: boolean('random_order').notNull(),
  updatedAt: millis('updated_at').notNull(),
});

// json, not jsonb: the lists come back exactly as sent, key order included.
export const playlists = pgTable('playlists', {
  id: text('id').primaryKey(),
  name: text('name').notNull(),
  items: json('items').$type<PlaylistItem[]>().notNull(),
  images: json('images').$type<string[]>().notNull(),
  videos: json('videos').$type<string[]>().notNull(),
  createdAt: millis('created_at').notNull(),
  updatedAt: millis('updated_at').notNull(),
});

export const auditEntries = pgTable(
  'audit_entries',
  {
    id: text('id').primaryKey(),
    at: millis('at').notNull(),
    actorId: text('actor_id'),
    actorEmail: text('actor_email'),
    action: text('action').notNull(),
    targetType: text('target_type').notNull(),
    targetId: text('target_id').notNull(),
    summary: text('summary').notNull(),
  },
  (t) => [index('audit_entries_at_idx').on(t.at, t.id), index('audit_entries_action_at_idx').on(t.action, t.at, t.id)],
);

export const courseModules = pgTable(
  'course_modules',
  {
    id: text('id').primaryKey(),
    title: text('title').notNull(),
    summary: text('summary').notNull().default(''),
    position: integer('position').notNull(),
    published: boolean('published').notNull(),
    opensAfterDays: integer('opens_after_days').notNull().default(0),
    createdAt: millis('created_at').notNull(),
    updatedAt: millis('updated_at').notNull(),
  },
  (t) => [index('course_modules_position_idx').on(t.position, t.id)],
);

export const courseLessons = pgTable(
  'course_lessons',
  {
    id: text('id').primaryKey(),
    moduleId: text('module_id')
      .notNull()
      .references(() => courseModules.id, { onDelete: 'restrict' }),
    title: text('title').notNull(),
    summary: text('summary').notNull().default(''),
    position: integer('position').notNull(),
    published: boolean('published').notNull(),
    freePreview: boolean('free_preview').notNull(),
    kind: text('kind').notNull(),
    durationSeconds: integer('duration_seconds'),
    body: text('body').notNull().default(''),
    createdAt: millis('created_at').notNull(),
    updatedAt: millis('updated_at').notNull(),
  },
  (t) => [index('course_lessons_module_position_idx').on(t.moduleId, t.position, t.id)],
);

export const courseProgress = pgTable(
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
    completedAt: millis('completed_at'),
    updatedAt: millis('updated_at').notNull(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.lessonId] }), index('course_progress_lesson_idx').on(t.lessonId, t.completedAt, t.playedSeconds)],
);

// The course insights' running totals: see sqlite-schema.ts; kept by drizzle-pg/0011's triggers.
export const courseLessonTotals = pgTable('course_lesson_totals', {
  lessonId: text('lesson_id')
    .primaryKey()
    .references(() => courseLessons.id, { onDelete: 'cascade' }),
  started: integer('started').notNull(),
  completed: integer('completed').notNull(),
  playedSum: bigint('played_sum', { mode: 'number' }).notNull(),
});

export const courseModuleTotals = pgTable('course_module_totals', {
  moduleId: text('module_id')
    .primaryKey()
    .references(() => courseModules.id, { onDelete: 'cascade' }),
  lessons: integer('lessons').notNull(),
  started: integer('started').notNull(),
  completed: integer('completed').notNull(),
});

export const courseMemberModules = pgTable(
  'course_member_modules',
  {
    moduleId: text('module_id').notNull(),
    userId: text('user_id').notNull(),
    started: integer('started').notNull(),
    completed: integer('completed').notNull(),
  },
  (t) => [primaryKey({ columns: [t.moduleId, t.userId] }), index('course_member_modules_completed_idx').on(t.moduleId, t.completed)],
);

export const courseMemberTotals = pgTable('course_member_totals', {
  userId: text('user_id').primaryKey(),
  lessons: integer('lessons').notNull(),
});

export const courseCertificates = pgTable('course_certificates', {
  id: text('id').primaryKey(),
  userId: text('user_id')
    .notNull()
    .unique()
    .references(() => users.id, { onDelete: 'cascade' }),
  name: text('name').notNull(),
  completedAt: millis('completed_at').notNull(),
  createdAt: millis('created_at').notNull(),
});

// The course search's substring index is pg_trgm's, on the folded text (server/course/search/search-postgres.ts).
export const courseLessonTexts = pgTable(
  'course_lesson_texts',
  {
    lessonId: text('lesson_id')
      .primaryKey()
      .references(() => courseLessons.id, { onDelete: 'cascade' }),
    text: text('text').notNull(),
    version: integer('version').notNull().default(0),
  },
  (t) => [index('course_lesson_texts_trgm_idx').using('gin', sql`lower(${t.text}) gin_trgm_ops`)],
);

// The course search's letters index (sqlite-schema.ts, decision 037).
export const courseLessonGrams = pgTable(
  'course_lesson_grams',
  {
    lessonId: text('lesson_id')
      .notNull()
      .references(() => courseLessons.id, { onDelete: 'cascade' }),
    gram: text('gram').notNull(),
    cues: integer('cues').notNull(),
    inText: boolean('in_text').notNull(),
  },
  (t) => [primaryKey({ columns: [t.lessonId, t.gram] }), index('course_lesson_grams_gram_idx').on(t.gram, t.lessonId, t.cues, t.inText)],
);

export const courseFiles = pgTable(
  'course_files',
  {
    id: text('id').primaryKey(),
    lessonId: text('lesson_id')
      .notNull()
      .references(() => courseLessons.id, { onDelete: 'restrict' }),
    role: text('role').notNull(),
    name: text('name').notNull(),
    storedName: text('stored_name').notNull(),
    size: bigint('size', { mode: 'number' }).notNull(),
    contentType: text('content_type').notNull(),
    lang: text('lang'),
    label: text('label'),
    width: integer('width'),
    height: integer('height'),
    createdAt: millis('created_at').notNull(),
  },
  (t) => [index('course_files_lesson_idx').on(t.lessonId, t.role, t.createdAt), uniqueIndex('course_files_stored_name_idx').on(t.storedName)],
);

export const courseCaptionCues = pgTable(
  'course_caption_cues',
  {
    fileId: text('file_id')
      .notNull()
      .references(() => courseFiles.id, { onDelete: 'restrict' }),
    lessonId: text('lesson_id').notNull(),
    position: integer('position').notNull(),
    startSeconds: doublePrecision('start_seconds').notNull(),
    endSeconds: doublePrecision('end_seconds').notNull(),
    text: text('text').notNull(),
  },
  (t) => [primaryKey({ columns: [t.fileId, t.position] }), index('course_caption_cues_lesson_idx').on(t.lessonId, t.startSeconds)],
);

// Quizzes (CONTRACT §8): the twins of sqlite-schema.ts's, comments there.
export const courseQuizzes = pgTable('course_quizzes', {
  lessonId: text('lesson_id')
    .primaryKey()
    .references(() => courseLessons.id, { onDelete: 'cascade' }),
  passPercent: integer('pass_percent').notNull(),
  // null: unlimited.
  attemptsAllowed: integer('attempts_allowed'),
  retryAfterMinutes: integer('retry_after_minutes').notNull(),
  // null: every question.
  questionsPerAttempt: integer('questions_per_attempt'),
  shuffle: boolean('shuffle').notNull(),
  requiredToComplete: boolean('required_to_complete').notNull(),
  updatedAt: millis('updated_at').notNull(),
});

export const courseQuestions = pgTable(
  'course_questions',
  {
    id: text('id').primaryKey(),
    lessonId: text('lesson_id')
      .notNull()
      .references(() => courseLessons.id, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
    kind: text('kind').notNull(),
    prompt: text('prompt').notNull(),
    options: text('options').notNull(),
    answers: text('answers').notNull(),
    explanation: text('explanation').notNull(),
    points: integer('points').notNull(),
    taughtLessonId: text('taught_lesson_id').references(() => courseLessons.id, { onDelete: 'set null' }),
    taughtStart: doublePrecision('taught_start'),
    taughtEnd: doublePrecision('taught_end'),
    createdAt: millis('created_at').notNull(),
    updatedAt: millis('updated_at').notNull(),
  },
  (t) => [index('course_questions_lesson_idx').on(t.lessonId, t.position, t.id), index('course_questions_taught_idx').on(t.taughtLessonId)],
);

export const courseAttempts = pgTable(
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
    startedAt: millis('started_at').notNull(),
    submittedAt: millis('submitted_at'),
    questions: text('questions').notNull(),
    percent: integer('percent'),
    passed: boolean('passed'),
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

export const courseAttemptAnswers = pgTable(
  'course_attempt_answers',
  {
    attemptId: text('attempt_id')
      .notNull()
      .references(() => courseAttempts.id, { onDelete: 'cascade' }),
    questionId: text('question_id').notNull(),
    answer: text('answer').notNull(),
    updatedAt: millis('updated_at').notNull(),
  },
  (t) => [primaryKey({ columns: [t.attemptId, t.questionId] })],
);

// The quiz insights' running totals (decision 054; described in sqlite-schema.ts).
export const courseAttemptMarks = pgTable(
  'course_attempt_marks',
  {
    attemptId: text('attempt_id')
      .notNull()
      .references(() => courseAttempts.id, { onDelete: 'cascade' }),
    lessonId: text('lesson_id').notNull(),
    questionId: text('question_id').notNull(),
    full: boolean('full').notNull(),
  },
  (t) => [primaryKey({ columns: [t.attemptId, t.questionId] })],
);

export const courseAttemptWrongPicks = pgTable(
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

export const courseQuestionTallies = pgTable(
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

export const courseWrongPickTallies = pgTable(
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

export const courseQuizMembers = pgTable(
  'course_quiz_members',
  {
    lessonId: text('lesson_id')
      .notNull()
      .references(() => courseLessons.id, { onDelete: 'cascade' }),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    attempts: integer('attempts').notNull(),
    passed: boolean('passed').notNull(),
  },
  (t) => [primaryKey({ columns: [t.lessonId, t.userId] })],
);

export const courseStreams = pgTable('course_streams', {
  fileId: text('file_id')
    .primaryKey()
    .references(() => courseFiles.id, { onDelete: 'cascade' }),
  state: text('state').notNull(),
  percent: integer('percent').notNull(),
  error: text('error'),
  heights: text('heights'),
  updatedAt: millis('updated_at').notNull(),
});

export const jobs = pgTable(
  'jobs',
  {
    id: text('id').primaryKey(),
    type: text('type').notNull(),
    key: text('key'),
    payload: text('payload').notNull(),
    state: text('state').notNull(),
    attempts: integer('attempts').notNull(),
    maxAttempts: integer('max_attempts').notNull(),
    runAfter: millis('run_after').notNull(),
    leaseUntil: millis('lease_until'),
    worker: text('worker'),
    lastError: text('last_error'),
    createdAt: millis('created_at').notNull(),
    updatedAt: millis('updated_at').notNull(),
  },
  (t) => [uniqueIndex('jobs_key_idx').on(t.key), index('jobs_claim_idx').on(t.state, t.runAfter), index('jobs_type_idx').on(t.type, t.state)],
);

export const mailOutbox = pgTable(
  'mail_outbox',
  {
    id: text('id').primaryKey(),
    key: text('key').notNull(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: text('kind').notNull(),
    subject: text('subject').notNull(),
    content: text('content').notNull(),
    state: text('state').notNull(),
    attempts: integer('attempts').notNull(),
    lastError: text('last_error'),
    leaseUntil: millis('lease_until'),
    capDay: text('cap_day'),
    createdAt: millis('created_at').notNull(),
    updatedAt: millis('updated_at').notNull(),
    sentAt: millis('sent_at'),
  },
  (t) => [
    uniqueIndex('mail_outbox_key_unique').on(t.key),
    index('mail_outbox_created_idx').on(t.createdAt, t.id),
    index('mail_outbox_state_created_idx').on(t.state, t.createdAt, t.id),
    index('mail_outbox_user_idx').on(t.userId),
  ],
);

export const mailDayCounts = pgTable(
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

export const mailPreferences = pgTable('mail_preferences', {
  userId: text('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  replies: boolean('replies').notNull(),
  courseUpdates: boolean('course_updates').notNull(),
  updatedAt: millis('updated_at').notNull(),
});

export const stripeEvents = pgTable('stripe_events', {
  id: text('id').primaryKey(),
  type: text('type').notNull(),
  receivedAt: millis('received_at').notNull(),
});

export const stripePayments = pgTable(
  'stripe_payments',
  {
    checkoutSessionId: text('checkout_session_id').primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    paymentIntentId: text('payment_intent_id'),
    paidAt: millis('paid_at').notNull(),
  },
  (t) => [uniqueIndex('stripe_payments_payment_intent_unique').on(t.paymentIntentId), index('stripe_payments_user_idx').on(t.userId)],
);

export const stripeRefunds = pgTable('stripe_refunds', {
  paymentIntentId: text('payment_intent_id').primaryKey(),
  chargeId: text('charge_id').notNull(),
  eventId: text('event_id').notNull(),
  refundedAt: millis('refunded_at').notNull(),
});

export const comments = pgTable(
  'comments',
  {
    id: text('id').primaryKey(),
    lessonId: text('lesson_id')
      .notNull()
      .references(() => courseLessons.id, { onDelete: 'cascade' }),
    parentId: text('parent_id').references((): AnyPgColumn => comments.id, { onDelete: 'cascade' }),
    authorId: text('author_id').references(() => users.id, { onDelete: 'set null' }),
    body: text('body').notNull(),
    html: text('html').notNull(),
    atSeconds: integer('at_seconds'),
    createdAt: millis('created_at').notNull(),
    editedAt: millis('edited_at'),
    status: text('status').notNull(),
    answered: boolean('answered').notNull(),
    pinned: boolean('pinned').notNull(),
    reportedAt: millis('reported_at'),
  },
  (t) => [
    index('comments_lesson_page_idx')
      .on(t.lessonId, t.pinned, t.createdAt, t.id)
      .where(sql`${t.parentId} is null`),
    index('comments_parent_idx').on(t.parentId, t.createdAt, t.id),
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

export const commentReports = pgTable(
  'comment_reports',
  {
    commentId: text('comment_id')
      .notNull()
      .references(() => comments.id, { onDelete: 'cascade' }),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    reason: text('reason').notNull(),
    createdAt: millis('created_at').notNull(),
  },
  (t) => [primaryKey({ columns: [t.commentId, t.userId] }), index('comment_reports_user_idx').on(t.userId)],
);

export const commentMembers = pgTable('comment_members', {
  userId: text('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  bannedUntil: millis('banned_until'),
  letThroughAt: millis('let_through_at'),
});
