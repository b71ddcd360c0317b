// What the procedures answer (CONTRACT §2), as zod schemas. Nothing parses an answer with them at
// run time: the OpenAPI document (server/openapi/) describes each success body from them, the
// compiler checks every REST row's procedure result against its schema (each domain's rest.ts),
// and the contract test checks real answers against the document.
import { z } from 'zod';
import { AUDIT_ACTIONS, AUDIT_TARGET_TYPES, type AuditEntry } from './audit';
import { MEMBERSHIP_TIERS, PAID_VIA, ROLES, USER_STATUSES } from './constants';
import { COURSE_FILE_ROLES, LESSON_KINDS, LOCK_REASONS, OPENS_AFTER_DAYS_MAX, TRANSCODE_STATES, type CourseOutline, type OutlineLesson } from './course';
import { MAIL_KINDS, OUTBOX_STATES } from './mail';
import { MEDIA_CATEGORIES, type MediaFile } from './media';
import { attemptSchema, memberQuizSchema, questionSchema, quizSettingsSchema } from './quiz-answer-schemas';
import { SLIDE_TYPES, type Playlist, type PublicSliderData } from './slider';
import { sliderConfigSchema } from './slider-schemas';

const count = z.int().nonnegative();
const timestamp = z.iso.datetime();

export const tokenAnswer = z.object({ token: z.string().describe('A bearer token (JWT, HS256) for the Authorization header') });

export const messageAnswer = z.object({ message: z.string() });

/** A sign-in: a token, or, for an account with two-factor sign-in on, a challenge to finish with a code. */
export const loginAnswer = z.union([
  tokenAnswer,
  z.object({
    twoFactorRequired: z.literal(true),
    challenge: z.string().describe('Send it with a code to POST /api/auth/login/2fa within 5 minutes'),
  }),
]);

export const twoFactorSetupAnswer = z.object({
  secret: z.string().describe('Base32, for an authenticator app; pending until enabled with a code'),
  otpauthUrl: z.string().describe('The otpauth:// link a QR code carries'),
});

/** Two-factor sign-in turned on: the recovery codes, and a fresh token, as every session issued before has ended. */
export const twoFactorEnabledAnswer = z.object({
  recoveryCodes: z.array(z.string()).length(10).describe('Single-use codes, shown this once and stored hashed'),
  token: z.string().describe("The caller's new bearer token: every token issued before, the one of this call included, is refused from now on"),
});

export const publicUserSchema = z.object({
  _id: z.string(),
  name: z.string(),
  email: z.string(),
  role: z.enum(ROLES),
  membershipTier: z.enum(MEMBERSHIP_TIERS),
  status: z.enum(USER_STATUSES),
  emailVerified: z.boolean().describe('Whether a mailed link has proved the address'),
  createdAt: timestamp,
  updatedAt: timestamp,
  paidSince: timestamp.nullable().describe('When the tier last became paid; null while free'),
  paidVia: z.enum(PAID_VIA).nullable().describe("How: an admin's change (hand) or a Stripe payment; null while free"),
  checkoutSessionId: z.string().nullable().describe('The Stripe Checkout Session of that payment (cs_…); null unless paidVia is stripe'),
});

/** POST /api/billing/checkout (CONTRACT §6). */
export const checkoutAnswer = z.object({
  url: z.string().describe('The Payment Link with client_reference_id (the member id) and prefilled_email: send the browser there'),
});

/** POST /api/billing/stripe/webhook (CONTRACT §6). */
export const webhookAnswer = z.object({ received: z.literal(true) });

export const userPageSchema = z.object({
  data: z.array(publicUserSchema),
  totalPages: z.int().min(1),
  currentPage: z.int().min(1),
});

export const userStatsSchema = z.object({
  totalUsers: count,
  paidMembers: count.describe('Users of tier paid'),
  freeMembers: count.describe('Users of tier free'),
});

export const mediaFileSchema = z.object({
  path: z.string().describe('Relative to the base path: image/dawn.png'),
  name: z.string(),
  size: count.describe('Bytes'),
  category: z.enum(MEDIA_CATEGORIES),
}) satisfies z.ZodType<MediaFile>;

export const mediaFilesAnswer = z.object({
  files: z.array(mediaFileSchema),
  total: count.describe('Files of the listing in all, on every page'),
  nextCursor: z.string().nullable().describe("The next page's cursor; null on the last page (and without limit)"),
});

export const mediaScanAnswer = z.object({
  timestamp,
  message: z.string(),
  discoveries: z.object({ total: count, images: count, videos: count, audio: count }),
});

export const mediaDeleteAnswer = z.object({
  message: z.string(),
  summary: z.object({ requested: count, deleted: count, notDeleted: count.describe('Outside the base path, or no such file') }),
});

export const uploadAnswer = z.object({ uploadedCount: count, files: z.array(mediaFileSchema) });

const urlList = z.array(z.string());

export const playlistSchema = z.object({
  _id: z.string(),
  name: z.string(),
  items: z.array(z.object({ type: z.enum(SLIDE_TYPES), url: z.string().describe('/media/{path}') })),
  images: urlList,
  videos: urlList,
  createdAt: timestamp,
  updatedAt: timestamp,
}) satisfies z.ZodType<Playlist>;

export const publicSliderDataSchema = z.object({
  slides: z.array(z.object({ type: z.enum(SLIDE_TYPES), src: z.string().describe('/media/{path}?v={last scan}') })),
  images: urlList,
  videos: urlList,
  config: sliderConfigSchema.omit({ backgroundsBasePath: true }),
}) satisfies z.ZodType<PublicSliderData>;

const nullable = z.string().nullable();

export const auditPageSchema = z.object({
  data: z.array(
    z.object({
      _id: z.string(),
      at: timestamp,
      actor: z.object({ id: nullable, email: nullable }).describe('Both null when nobody signed in acted (a lockout)'),
      action: z.enum(AUDIT_ACTIONS),
      target: z.object({ type: z.enum(AUDIT_TARGET_TYPES), id: z.string() }),
      summary: z.string(),
    }) satisfies z.ZodType<AuditEntry>,
  ),
  totalPages: z.int().min(1),
  currentPage: z.int().min(1),
});

// The course (CONTRACT §4).
const lessonKind = z.enum(LESSON_KINDS);
const duration = z.int().nonnegative().nullable().describe('Seconds, read from the media file; null without one');

export const outlineLessonSchema = z.object({
  _id: z.string(),
  title: z.string(),
  summary: z.string(),
  kind: lessonKind,
  durationSeconds: duration,
  freePreview: z.boolean(),
  locked: z.boolean().describe('Whether the caller may not open it'),
  reason: z.enum(LOCK_REASONS).nullable().describe('Why it is locked for the caller; null when open'),
}) satisfies z.ZodType<OutlineLesson>;

export const courseOutlineSchema = z.object({
  modules: z.array(
    z.object({
      _id: z.string(),
      title: z.string(),
      summary: z.string(),
      position: count,
      opensAt: z.iso.date().nullable().describe('The day (UTC) the module opens for the caller, an Architect; null for anyone else'),
      lessons: z.array(outlineLessonSchema),
    }),
  ),
}) satisfies z.ZodType<CourseOutline>;

export const courseModuleSchema = z.object({
  _id: z.string(),
  title: z.string(),
  summary: z.string(),
  position: count,
  published: z.boolean(),
  opensAfterDays: z.int().min(0).max(OPENS_AFTER_DAYS_MAX),
});

export const courseLessonSchema = z.object({
  _id: z.string(),
  moduleId: z.string(),
  title: z.string(),
  summary: z.string(),
  position: count,
  published: z.boolean(),
  freePreview: z.boolean(),
  kind: lessonKind,
  durationSeconds: duration,
  body: z.string().describe('Markdown'),
  quiz: quizSettingsSchema.nullable().describe('A quiz lesson: its settings (CONTRACT §8); null for any other kind'),
});

export const lessonProgressSchema = z.object({
  positionSeconds: count.describe('Where the member is in the lesson, whole seconds'),
  playedSeconds: count.describe('The unique seconds played, never more than the duration; never goes down'),
  completedAt: timestamp.nullable(),
});

export const lessonReadingSchema = z.object({
  lesson: z.object({
    _id: z.string(),
    moduleId: z.string(),
    title: z.string(),
    summary: z.string(),
    kind: lessonKind,
    durationSeconds: duration,
    html: z.string().describe('The body rendered on the server: raw HTML shown as text, only http, https, mailto and relative links'),
    media: z
      .object({
        url: z.string(),
        type: z.string(),
        captions: z.array(z.object({ lang: z.string(), label: z.string(), url: z.string() })),
        stream: z
          .object({
            url: z
              .string()
              .describe('Signed URL of the HLS master playlist; its renditions and segments are reached by relative URLs under the same signed prefix'),
            poster: z.string().describe('Signed URL of the poster image, taken at a tenth of the duration (video; null for audio)').nullable(),
          })
          .nullable()
          .describe('CONTRACT §7: null until the transcode is done; until then url is the original file'),
      })
      .nullable(),
    attachments: z.array(z.object({ name: z.string(), size: count, url: z.string() })),
  }),
  progress: lessonProgressSchema,
  quiz: memberQuizSchema.nullable().describe("A quiz lesson: the caller's attempts and the rules they follow (CONTRACT §8); null for any other kind"),
  previousId: z.string().nullable().describe('The lesson before it in course order that the caller may open'),
  nextId: z.string().nullable().describe('The lesson after it in course order that the caller may open'),
});

export const courseFileSchema = z.object({
  _id: z.string(),
  role: z.enum(COURSE_FILE_ROLES),
  name: z.string().describe("The client's file name, made safe: what a download is called"),
  size: count,
  lang: z.string().nullable().describe('Captions: the language tag; else null'),
  label: z.string().nullable().describe('Captions: the label the player shows; else null'),
});

/** CONTRACT §7: a media file's transcode, as the Course Manager shows it. */
export const transcodeSchema = z.object({
  state: z.enum(TRANSCODE_STATES),
  percent: z.int().min(0).max(100),
  error: z.string().nullable().describe("Why the last try failed (ffmpeg's reason in words); null otherwise"),
});

export const adminCourseFileSchema = courseFileSchema.extend({
  transcode: transcodeSchema.nullable().describe('Media files: the transcode into HLS; null for captions and attachments'),
});

export const adminCourseSchema = z.object({
  modules: z.array(
    courseModuleSchema.extend({
      lessons: z.array(
        courseLessonSchema.extend({
          files: z.array(adminCourseFileSchema),
          questions: z.array(questionSchema).describe('A quiz lesson: its questions in order, right answers included; empty for any other kind'),
        }),
      ),
    }),
  ),
});

export const moduleAnswer = z.object({ module: courseModuleSchema });
export const modulesAnswer = z.object({ modules: z.array(courseModuleSchema) });
export const lessonAnswer = z.object({ lesson: courseLessonSchema });
export const lessonsAnswer = z.object({ lessons: z.array(courseLessonSchema) });

export const courseProgressSchema = z.object({
  completedLessons: count,
  totalLessons: count.describe('The published lessons'),
  percent: z.int().min(0).max(100).describe('Rounded down'),
  resume: z
    .object({ lessonId: z.string(), positionSeconds: count })
    .nullable()
    .describe('The incomplete lesson touched last, else the first incomplete lesson the caller may open, else null'),
  modules: z.array(z.object({ _id: z.string(), completedLessons: count, totalLessons: count })),
});

/** GET /api/admin/course/insights (decision 032 has the definitions). */
export const courseInsightsSchema = z.object({
  members: z.object({
    started: count.describe('Members with at least one progress row or a certificate'),
    completed: count.describe('Members holding a certificate'),
  }),
  modules: z
    .array(
      z.object({
        _id: z.string(),
        started: count.describe('Members with a progress row in at least one of its published lessons'),
        completed: count.describe('Members who completed every published lesson of it (none while it has none)'),
      }),
    )
    .describe('The published modules, in course order'),
  lessons: z
    .array(
      z.object({
        _id: z.string(),
        started: count.describe('Members with a progress row in it'),
        completed: count.describe('Members who completed it'),
        averagePlayedPercent: z
          .number()
          .min(0)
          .max(100)
          .nullable()
          .describe(
            'Over the members who started it, the mean of min(100, playedSeconds / durationSeconds × 100), one decimal; 0 while nobody has; null for a lesson without a duration',
          ),
      }),
    )
    .describe('The published lessons of the published modules, in course order'),
});

export const courseSearchSchema = z.object({
  results: z
    .array(
      z.object({
        lessonId: z.string(),
        lessonTitle: z.string(),
        moduleTitle: z.string(),
        snippet: z.string().describe('The text around the match'),
        at: z.number().nonnegative().nullable().describe("The matching caption cue's start in seconds; null for a match in the lesson's text"),
      }),
    )
    .max(20),
});

export const certificateLinkSchema = z.object({ _id: z.string(), url: z.string().describe('The public page: /certificates/{id}') });

export const certificateSchema = z.object({ name: z.string(), course: z.string(), completedAt: timestamp });
export const courseFileUploadAnswer = z.object({ file: courseFileSchema, lesson: courseLessonSchema });

/** POST /api/admin/course/files/{id}/transcode (CONTRACT §7): the transcode as it stands now, queued again. */
export const transcodeAnswer = z.object({ transcode: transcodeSchema });

// A member's own account (CONTRACT §5).
export const accountAnswer = z.object({
  user: publicUserSchema,
  emailVerified: z.boolean(),
  pendingEmail: z.string().nullable().describe('The new address waiting for its confirmation link, else null'),
  twoFactorEnabled: z.boolean(),
});

export const profileAnswer = z.object({ user: publicUserSchema });

export const passwordChangedAnswer = z.object({
  message: z.string(),
  token: z.string().describe("The caller's new bearer token: every token issued before, the one of this call included, is refused from now on"),
});

export const memberAuditEntrySchema = z.object({
  id: z.string(),
  at: timestamp,
  action: z.enum(AUDIT_ACTIONS),
  byYou: z.boolean().describe('Whether the member did it (else it was done to their account)'),
  summary: z.string(),
});

/** CONTRACT §9: a member's mail settings. */
export const mailSettingsAnswer = z.object({
  replies: z.boolean().describe('Replies to my comments, and my questions marked answered'),
  courseUpdates: z.boolean().describe('Course updates, such as a module that opens'),
});

/** The export file's sections before its audit entries. */
export const exportProfileAnswer = z.object({
  profile: publicUserSchema.extend({ paidSince: timestamp.nullable(), twoFactorEnabled: z.boolean() }),
  courseProgress: z.array(
    z.object({ lessonId: z.string(), positionSeconds: z.number(), playedSeconds: z.number(), completedAt: timestamp.nullable(), updatedAt: timestamp }),
  ),
  certificate: certificateLinkSchema.extend({ name: z.string(), completedAt: timestamp }).nullable(),
  quizAttempts: z
    .array(attemptSchema.extend({ lessonId: z.string() }))
    .describe('Every quiz attempt of the member, with its answers and, once submitted, its results'),
  mailSettings: mailSettingsAnswer,
});

// CONTRACT §9: the admin's outbox.
export const outboxEntrySchema = z.object({
  _id: z.string(),
  key: z.string().describe('The unique key the mail was written under, e.g. module-opened:{memberId}:{day}'),
  kind: z.enum(MAIL_KINDS),
  member: z.object({ _id: z.string(), email: z.string() }),
  subject: z.string(),
  state: z
    .enum(OUTBOX_STATES)
    .describe('`sending`: SMTP is being given it; `skipped`: the member turned its kind off, or was suspended or no longer an Architect, when it was due'),
  attempts: z.number().int().describe('SMTP tries so far'),
  lastError: z.string().nullable().describe("SMTP's last refusal, or why it was skipped"),
  createdAt: z.string(),
  updatedAt: z.string(),
  sentAt: z.string().nullable(),
});

export const outboxPageAnswer = z.object({
  mails: z.array(outboxEntrySchema).describe('Newest first, 20 a page'),
  nextCursor: z.string().nullable().describe("The next page's cursor; null on the last page"),
});
