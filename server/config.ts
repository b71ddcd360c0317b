// The environment, parsed once at start by one schema (CONTRACT §1). Every variable is optional.
import path from 'node:path';
import { z } from 'zod';
import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH, TRPC_MAX_BATCH_DEFAULT } from '../shared/constants';

export const isPostgresUrl = (url: string) => /^postgres(ql)?:\/\//i.test(url);

/** A PostgreSQL URL the driver can read: what DATABASE_URL and db copy's --to accept. */
export const isPostgresConnectionUrl = (url: string) => isPostgresUrl(url) && URL.canParse(url);

const optionalText = z
  .string()
  .trim()
  .transform((v) => (v === '' ? undefined : v))
  .optional();

const durationPattern = /^(\d+)\s*(s|m|h|d)?$/;
const unitSeconds = { s: 1, m: 60, h: 3600, d: 86400 } as const;

/** "7d", "12h", "30m", "90s" or plain seconds, as seconds. */
export function parseDurationSeconds(value: string): number | undefined {
  const match = durationPattern.exec(value.trim());
  if (!match) return undefined;
  const seconds = Number(match[1]) * unitSeconds[(match[2] ?? 's') as keyof typeof unitSeconds];
  return seconds > 0 ? seconds : undefined;
}

/** CONTRACT §3 "Limits and sessions": each limit's variable and default; 0 turns that limit off. */
export const LIMIT_DEFAULTS = {
  LOGIN_FAILURES_FREE: 5,
  LOGIN_ACCOUNT_FAILURES_PER_HOUR: 50,
  TWO_FACTOR_FAILURES_PER_DAY: 10,
  LOGINS_PER_MINUTE: 30,
  REGISTRATIONS_PER_HOUR: 10,
  FORGOT_PER_HOUR: 10,
  RESET_MAILS_PER_HOUR: 3,
  RESETS_PER_HOUR: 20,
  VERIFICATION_MAILS_PER_HOUR: 3,
  EMAIL_CHANGES_PER_HOUR: 3,
  COURSE_SEARCHES_PER_MINUTE: 30,
  // CONTRACT §9: comments a member may post an hour.
  COMMENTS_PER_HOUR: 20,
  TRPC_MAX_BATCH: TRPC_MAX_BATCH_DEFAULT,
  BODY_LIMIT_BYTES: 1024 * 1024,
} as const;

export type LimitName = keyof typeof LIMIT_DEFAULTS;
export type Limits = Record<LimitName, number>;

function limitVariables() {
  const count = (fallback: number) => z.coerce.number().int().min(0).max(Number.MAX_SAFE_INTEGER).default(fallback);
  return Object.fromEntries(Object.entries(LIMIT_DEFAULTS).map(([name, fallback]) => [name, count(fallback)])) as {
    [K in LimitName]: ReturnType<typeof count>;
  };
}

/** CONTRACT §3 "Operators": audit entries are kept this many days (a hundred years at most). */
export const AUDIT_DAYS_DEFAULT = 365;
const AUDIT_DAYS_MAX = 36_500;
const auditDaysRule = `must be a whole number of days from 1 to ${AUDIT_DAYS_MAX}`;

/** CONTRACT §4 "Course files": how long a signed file URL lives, in seconds (at most a week: a leaked URL must die). */
export const COURSE_URL_TTL_DEFAULT = 21_600;
const COURSE_URL_TTL_MAX = 7 * 86_400;
const courseUrlTtlRule = `must be a whole number of seconds from 60 to ${COURSE_URL_TTL_MAX}`;
/** CONTRACT §7: the largest lesson media file, 8 GiB unless set (tus uploads, in pieces). */
export const COURSE_FILE_MAX_BYTES_DEFAULT = 8 * 1024 ** 3;
/** CONTRACT §7: the multipart call, one request, keeps its own cap, whatever COURSE_FILE_MAX_BYTES says. */
export const MULTIPART_FILE_MAX_BYTES = 2 * 1024 ** 3;
const courseFileMaxRule = 'must be a whole number of bytes, 1 or more';

/** A whole number from `min` to `max`, `fallback` when unset (CONTRACT §7's upload and job settings). */
function wholeNumber(fallback: number, min: number, max: number, unit: string) {
  const rule = `must be a whole number of ${unit} from ${min} to ${max}`;
  return optionalText.pipe(z.coerce.number<string | undefined>({ error: rule }).int(rule).min(min, rule).max(max, rule).default(fallback));
}

const envSchema = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().trim().min(1).default('127.0.0.1'),
  DATA_DIR: z.string().trim().min(1).default('./data'),
  DATABASE_URL: optionalText.refine((v) => v === undefined || v.startsWith('file:') || isPostgresConnectionUrl(v), {
    message: 'must be file:PATH (SQLite) or postgres://USER:PASSWORD@HOST:PORT/DATABASE',
  }),
  MEDIA_ROOT: optionalText,
  COURSE_FILES_ROOT: optionalText,
  COURSE_URL_TTL: optionalText.pipe(
    z.coerce
      .number<string | undefined>({ error: courseUrlTtlRule })
      .int(courseUrlTtlRule)
      .min(60, courseUrlTtlRule)
      .max(COURSE_URL_TTL_MAX, courseUrlTtlRule)
      .default(COURSE_URL_TTL_DEFAULT),
  ),
  COURSE_FILE_MAX_BYTES: optionalText.pipe(
    z.coerce
      .number<string | undefined>({ error: courseFileMaxRule })
      .int(courseFileMaxRule)
      .min(1, courseFileMaxRule)
      .max(Number.MAX_SAFE_INTEGER, courseFileMaxRule)
      .default(COURSE_FILE_MAX_BYTES_DEFAULT),
  ),
  // CONTRACT §7: a half-finished tus upload is kept this long after its last byte.
  COURSE_UPLOAD_EXPIRY_HOURS: wholeNumber(24, 1, 24 * 365, 'hours'),
  // CONTRACT §7: a job's lease, renewed while it runs; a killed process's job is taken over once it lapses.
  JOB_LEASE_SECONDS: wholeNumber(60, 5, 3600, 'seconds'),
  // CONTRACT §7: transcodes one process runs at once (0: this process runs none, another does).
  TRANSCODE_CONCURRENCY: wholeNumber(1, 0, 64, 'transcodes'),
  // CONTRACT §9: course mails one member gets a day (0: no cap), and the minutes between the module.opened passes.
  COURSE_MAILS_PER_DAY: wholeNumber(5, 0, 1000, 'mails'),
  DRIP_MAIL_CHECK_MINUTES: wholeNumber(10, 1, 1440, 'minutes'),
  REDIS_URL: optionalText.pipe(z.url({ protocol: /^rediss?$/ }).optional()),
  REDIS_ALLOW_EVICTION: optionalText.pipe(z.enum(['0', '1'], { error: 'must be 1 (start even if Redis may evict keys) or 0' }).default('0')),
  JWT_SECRET: optionalText.refine((v) => v === undefined || Buffer.byteLength(v) >= 32, {
    message: 'must be at least 32 bytes',
  }),
  TWO_FACTOR_KEY: optionalText.refine((v) => v === undefined || Buffer.byteLength(v) >= 32, {
    message: 'must be at least 32 bytes',
  }),
  JWT_TTL: z
    .string()
    .default('7d')
    .refine((v) => parseDurationSeconds(v) !== undefined, { message: 'must look like 7d, 12h, 30m, 90s or a number of seconds' }),
  APP_URL: optionalText.pipe(z.url({ protocol: /^https?$/ }).optional()),
  SMTP_URL: optionalText.pipe(z.url({ protocol: /^smtps?$/ }).optional()),
  MAIL_FROM: z.string().trim().min(1).default('no-reply@localhost'),
  ADMIN_EMAIL: optionalText.pipe(z.email().optional()),
  ADMIN_PASSWORD: optionalText,
  ADMIN_NAME: optionalText,
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  TRUST_PROXY: optionalText.refine((v) => v !== 'true', {
    message:
      'true would trust any X-Forwarded-For, so every client could pick its own address and walk past every limit; give the number of proxies in front of the site (1) or their addresses',
  }),
  AUDIT_DAYS: optionalText.pipe(
    z.coerce
      .number<string | undefined>({ error: auditDaysRule })
      .int(auditDaysRule)
      .min(1, auditDaysRule)
      .max(AUDIT_DAYS_MAX, auditDaysRule)
      .default(AUDIT_DAYS_DEFAULT),
  ),
  // CONTRACT §6: Stripe's Payment Link and the signing secret of its webhook endpoint.
  STRIPE_PAYMENT_LINK: optionalText.pipe(z.url({ protocol: /^https$/, error: 'must be the https:// address of a Stripe Payment Link' }).optional()),
  STRIPE_WEBHOOK_SECRET: optionalText.refine((v) => v === undefined || /^whsec_\S+$/.test(v), {
    message: "must be the webhook endpoint's signing secret, starting with whsec_ (never an API key)",
  }),
  STRIPE_REFUNDS_DOWNGRADE: optionalText.pipe(z.enum(['true', 'false'], { error: 'must be true or false' }).default('true')),
  // CONTRACT §9: a member's comments are held until an admin lets their first one through.
  COMMENTS_REVIEW_FIRST: optionalText.pipe(z.enum(['true', 'false'], { error: 'must be true or false' }).default('true')),
  ...limitVariables(),
});

export type DatabaseLocation = { dialect: 'sqlite'; file: string } | { dialect: 'postgres'; url: string };

function databaseLocation(url: string | undefined, dataDir: string): DatabaseLocation {
  if (url && isPostgresUrl(url)) return { dialect: 'postgres', url };
  return { dialect: 'sqlite', file: url ? path.resolve(url.slice('file:'.length)) : path.join(dataDir, 'app.db') };
}

/** Where the data is, for a person to read: the file, or the PostgreSQL database without its password. */
export function describeDatabase(location: DatabaseLocation): string {
  if (location.dialect === 'sqlite') return location.file;
  const url = new URL(location.url);
  url.password = '';
  return `the PostgreSQL database ${url.href}`;
}

export interface AppConfig {
  port: number;
  host: string;
  dataDir: string;
  /** The SQLite file, or the PostgreSQL database (CONTRACT §3 "Past one machine"). */
  database: DatabaseLocation;
  mediaRoot: string;
  /** CONTRACT §4 "Course files": where lesson files live, shared by every process; never inside mediaRoot, nor it inside this. */
  courseFilesRoot: string;
  /** Seconds a signed course file URL lives. */
  courseUrlTtlSeconds: number;
  /** The largest lesson media file, in bytes. */
  courseFileMaxBytes: number;
  /** Hours a half-finished tus upload is kept after its last byte. */
  courseUploadExpiryHours: number;
  /** Seconds of a background job's lease (server/jobs/). */
  jobLeaseSeconds: number;
  /** Transcodes this process runs at once. */
  transcodeConcurrency: number;
  /** Course mails (CONTRACT §9) one member gets a UTC day at most; 0: no cap. */
  courseMailsPerDay: number;
  /** Minutes between the passes that mail Architects whose dripped modules opened today. */
  dripMailCheckMinutes: number;
  /** Where the limits count when several processes serve the site; undefined: in memory. */
  redisUrl: string | undefined;
  /** Start on a Redis that may evict keys, or whose policy cannot be read (REDIS_ALLOW_EVICTION=1), with a warning. */
  redisAllowEviction: boolean;
  /** Undefined: generated once and kept in dataDir (see server/auth/jwt-secret.ts). */
  jwtSecret: string | undefined;
  /** What two-factor secrets are sealed with; undefined: generated once and kept in dataDir (server/auth/two-factor-key.ts). */
  twoFactorKey: string | undefined;
  jwtTtlSeconds: number;
  appUrl: string;
  smtpUrl: string | undefined;
  mailFrom: string;
  firstAdmin: { email: string; password: string; name: string } | undefined;
  logLevel: string;
  /** Fastify's trustProxy: false, a hop-count check, or a comma-separated list of addresses. */
  trustProxy: false | string | ((address: string, hop: number) => boolean);
  /** CONTRACT §3 "Limits and sessions"; 0 turns a limit off. */
  limits: Limits;
  /** How many days audit entries are kept. */
  auditDays: number;
  /** CONTRACT §6; undefined: no payment, admins change tiers by hand. */
  payments: PaymentsConfig | undefined;
  /** CONTRACT §9: whether a member's comments are held until an admin lets their first one through. */
  commentsReviewFirst: boolean;
}

export interface PaymentsConfig {
  /** The Payment Link members are sent to (checkout). */
  paymentLink: string;
  /** What the webhook's Stripe-Signature is checked against. */
  webhookSecret: string;
  /** Whether a full refund makes the member an Explorer again. */
  refundsDowngrade: boolean;
}

export class ConfigError extends Error {
  override name = 'ConfigError';
}

function parseTrustProxy(value: string | undefined): AppConfig['trustProxy'] {
  if (value === undefined || value === 'false') return false;
  if (/^\d+$/.test(value)) {
    const hops = Number(value);
    return (_address, hop) => hop < hops;
  }
  return value;
}

const isInside = (folder: string, root: string) => {
  const relative = path.relative(root, folder);
  return relative === '' || (!relative.startsWith('..') && !path.isAbsolute(relative));
};

/**
 * Why the course's files and the media library may not share a folder, or undefined if they do
 * not: /media serves whatever is under MEDIA_ROOT to anyone, and the course's files must go out
 * only through their signed URLs (CONTRACT §4). Exported for the start's second look, through
 * symbolic links (course/files/files-disk.ts).
 */
export function foldersOverlap(mediaRoot: string, courseFilesRoot: string): string | undefined {
  if (isInside(courseFilesRoot, mediaRoot)) return `must not be inside MEDIA_ROOT (${mediaRoot}), which /media serves to anyone`;
  if (isInside(mediaRoot, courseFilesRoot)) return `must not hold MEDIA_ROOT (${mediaRoot}), which /media serves to anyone`;
  return undefined;
}

export function parseConfig(env: Record<string, string | undefined>): AppConfig {
  const result = envSchema.safeParse(env);
  if (!result.success) {
    const lines = result.error.issues.map((issue) => `  ${issue.path.join('.')}: ${issue.message}`);
    throw new ConfigError(`Invalid environment:\n${lines.join('\n')}`);
  }
  const e = result.data;
  const dataDir = path.resolve(e.DATA_DIR);
  if (e.ADMIN_EMAIL && !e.ADMIN_PASSWORD) {
    throw new ConfigError('Invalid environment:\n  ADMIN_PASSWORD: required when ADMIN_EMAIL is set');
  }
  if (e.ADMIN_PASSWORD !== undefined && (e.ADMIN_PASSWORD.length < PASSWORD_MIN_LENGTH || e.ADMIN_PASSWORD.length > PASSWORD_MAX_LENGTH)) {
    throw new ConfigError(`Invalid environment:\n  ADMIN_PASSWORD: must be ${PASSWORD_MIN_LENGTH} to ${PASSWORD_MAX_LENGTH} characters`);
  }
  const mediaRoot = e.MEDIA_ROOT ? path.resolve(e.MEDIA_ROOT) : path.join(dataDir, 'media');
  const courseFilesRoot = e.COURSE_FILES_ROOT ? path.resolve(e.COURSE_FILES_ROOT) : path.join(dataDir, 'course-files');
  const overlap = foldersOverlap(mediaRoot, courseFilesRoot);
  if (overlap) throw new ConfigError(`Invalid environment:\n  COURSE_FILES_ROOT: ${overlap}`);
  // A link without its secret would take money the site never hears of: refuse to start.
  if (e.STRIPE_PAYMENT_LINK && !e.STRIPE_WEBHOOK_SECRET) {
    throw new ConfigError(
      "Invalid environment:\n  STRIPE_WEBHOOK_SECRET: required when STRIPE_PAYMENT_LINK is set (the webhook endpoint's signing secret, whsec_…, from Stripe's dashboard)",
    );
  }
  return {
    port: e.PORT,
    host: e.HOST,
    dataDir,
    database: databaseLocation(e.DATABASE_URL, dataDir),
    mediaRoot,
    courseFilesRoot,
    courseUrlTtlSeconds: e.COURSE_URL_TTL,
    courseFileMaxBytes: e.COURSE_FILE_MAX_BYTES,
    courseUploadExpiryHours: e.COURSE_UPLOAD_EXPIRY_HOURS,
    jobLeaseSeconds: e.JOB_LEASE_SECONDS,
    transcodeConcurrency: e.TRANSCODE_CONCURRENCY,
    courseMailsPerDay: e.COURSE_MAILS_PER_DAY,
    dripMailCheckMinutes: e.DRIP_MAIL_CHECK_MINUTES,
    redisUrl: e.REDIS_URL,
    redisAllowEviction: e.REDIS_ALLOW_EVICTION === '1',
    jwtSecret: e.JWT_SECRET,
    twoFactorKey: e.TWO_FACTOR_KEY,
    jwtTtlSeconds: parseDurationSeconds(e.JWT_TTL)!,
    appUrl: (e.APP_URL ?? `http://localhost:${e.PORT}`).replace(/\/+$/, ''),
    smtpUrl: e.SMTP_URL,
    mailFrom: e.MAIL_FROM,
    firstAdmin: e.ADMIN_EMAIL ? { email: e.ADMIN_EMAIL.toLowerCase(), password: e.ADMIN_PASSWORD!, name: e.ADMIN_NAME ?? 'Administrator' } : undefined,
    logLevel: e.LOG_LEVEL,
    trustProxy: parseTrustProxy(e.TRUST_PROXY),
    limits: Object.fromEntries(Object.keys(LIMIT_DEFAULTS).map((name) => [name, e[name as LimitName]])) as Limits,
    auditDays: e.AUDIT_DAYS,
    payments: e.STRIPE_PAYMENT_LINK
      ? { paymentLink: e.STRIPE_PAYMENT_LINK, webhookSecret: e.STRIPE_WEBHOOK_SECRET!, refundsDowngrade: e.STRIPE_REFUNDS_DOWNGRADE === 'true' }
      : undefined,
    commentsReviewFirst: e.COMMENTS_REVIEW_FIRST === 'true',
  };
}
