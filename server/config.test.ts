import { readFileSync } from 'node:fs';
import path from 'node:path';
import { parseEnv } from 'node:util';
import { describe, expect, it } from 'vitest';
import { ConfigError, parseConfig, parseDurationSeconds } from './config';

describe('configuration', () => {
  it('works with an empty environment, using CONTRACT §1 defaults', () => {
    const config = parseConfig({});
    expect(config).toMatchObject({
      port: 3000,
      host: '127.0.0.1',
      dataDir: path.resolve('data'),
      database: { dialect: 'sqlite', file: path.resolve('data', 'app.db') },
      mediaRoot: path.resolve('data', 'media'),
      jwtSecret: undefined,
      twoFactorKey: undefined,
      jwtTtlSeconds: 7 * 86400,
      appUrl: 'http://localhost:3000',
      smtpUrl: undefined,
      mailFrom: 'no-reply@localhost',
      firstAdmin: undefined,
      logLevel: 'info',
      trustProxy: false,
    });
  });

  it('derives paths from DATA_DIR and the app URL from PORT', () => {
    const config = parseConfig({ DATA_DIR: '/srv/site', PORT: '8080' });
    expect(config.database).toEqual({ dialect: 'sqlite', file: '/srv/site/app.db' });
    expect(config.mediaRoot).toBe('/srv/site/media');
    expect(config.appUrl).toBe('http://localhost:8080');
  });

  it('lists every bad variable at once', () => {
    let message = '';
    try {
      parseConfig({
        PORT: 'eighty',
        JWT_SECRET: 'short',
        TWO_FACTOR_KEY: 'short too',
        LOG_LEVEL: 'loud',
        DATABASE_URL: 'mysql://db/site',
        SMTP_URL: 'http://x',
      });
    } catch (error) {
      expect(error).toBeInstanceOf(ConfigError);
      message = (error as Error).message;
    }
    for (const name of ['PORT', 'JWT_SECRET', 'TWO_FACTOR_KEY', 'LOG_LEVEL', 'DATABASE_URL', 'SMTP_URL']) expect(message).toContain(name);
  });

  it('takes an SQLite file or a PostgreSQL database from DATABASE_URL', () => {
    expect(parseConfig({ DATABASE_URL: 'file:/srv/site/members.db' }).database).toEqual({ dialect: 'sqlite', file: '/srv/site/members.db' });
    const url = 'postgres://site:secret@db.internal:5432/site';
    expect(parseConfig({ DATABASE_URL: url }).database).toEqual({ dialect: 'postgres', url });
    expect(parseConfig({ DATABASE_URL: 'postgresql://db/site' }).database).toEqual({ dialect: 'postgres', url: 'postgresql://db/site' });
    expect(() => parseConfig({ DATABASE_URL: 'postgres://[broken' })).toThrow(/DATABASE_URL: must be file:PATH \(SQLite\) or postgres:\/\//);
  });

  it('requires ADMIN_PASSWORD with ADMIN_EMAIL', () => {
    expect(() => parseConfig({ ADMIN_EMAIL: 'root@example.com' })).toThrow(/ADMIN_PASSWORD/);
    expect(parseConfig({ ADMIN_EMAIL: 'Root@Example.com', ADMIN_PASSWORD: 'secret1' }).firstAdmin).toEqual({
      email: 'root@example.com',
      password: 'secret1',
      name: 'Administrator',
    });
  });

  it('refuses TRUST_PROXY=true, which would let every client choose its own address', () => {
    expect(() => parseConfig({ TRUST_PROXY: 'true' })).toThrow(/TRUST_PROXY: true would trust any X-Forwarded-For/);
    expect(parseConfig({ TRUST_PROXY: '10.0.0.1,10.0.0.2' }).trustProxy).toBe('10.0.0.1,10.0.0.2');
  });

  // Each limit's default is pinned where it acts (server/auth/limits-rest.test.ts, server/http/body-rules.test.ts);
  // here, that the operator's copy of them says the same.
  it('.env.example lists every limit, and each value it sets is the default the server uses', () => {
    const example = parseEnv(readFileSync('.env.example', 'utf8'));
    expect(Object.keys(parseConfig({}).limits).filter((name) => !(name in example))).toEqual([]);
    expect(parseConfig(example)).toEqual(parseConfig({}));
  });

  it('reads every limit from its variable, 0 turning one off', () => {
    expect(parseConfig({ LOGINS_PER_MINUTE: '0', BODY_LIMIT_BYTES: '2048' }).limits).toMatchObject({ LOGINS_PER_MINUTE: 0, BODY_LIMIT_BYTES: 2048 });
    expect(() => parseConfig({ REGISTRATIONS_PER_HOUR: '-1', TRPC_MAX_BATCH: 'ten' })).toThrow(/REGISTRATIONS_PER_HOUR[\s\S]*TRPC_MAX_BATCH/);
  });

  it('keeps audit entries AUDIT_DAYS days, 365 unless set, and refuses anything but a whole number from 1 to 36500', () => {
    expect(parseConfig({}).auditDays).toBe(365);
    expect(parseConfig({ AUDIT_DAYS: '' }).auditDays).toBe(365);
    expect(parseConfig({ AUDIT_DAYS: ' 30 ' }).auditDays).toBe(30);
    expect(parseConfig({ AUDIT_DAYS: '36500' }).auditDays).toBe(36500);
    for (const bad of ['0', '-1', '1.5', 'a year', '36501', '1e400']) {
      expect(() => parseConfig({ AUDIT_DAYS: bad }), bad).toThrow('AUDIT_DAYS: must be a whole number of days from 1 to 36500');
    }
  });

  it('caps course mails at COURSE_MAILS_PER_DAY (5, 0 for none) and passes over opened modules every DRIP_MAIL_CHECK_MINUTES (10)', () => {
    expect(parseConfig({})).toMatchObject({ courseMailsPerDay: 5, dripMailCheckMinutes: 10 });
    expect(parseConfig({ COURSE_MAILS_PER_DAY: '0', DRIP_MAIL_CHECK_MINUTES: '1' })).toMatchObject({ courseMailsPerDay: 0, dripMailCheckMinutes: 1 });
    expect(() => parseConfig({ COURSE_MAILS_PER_DAY: '-1' })).toThrow('COURSE_MAILS_PER_DAY: must be a whole number of mails from 0 to 1000');
    expect(() => parseConfig({ DRIP_MAIL_CHECK_MINUTES: '0' })).toThrow('DRIP_MAIL_CHECK_MINUTES: must be a whole number of minutes from 1 to 1440');
  });

  it('keeps the course files in COURSE_FILES_ROOT ($DATA_DIR/course-files unless set), never inside MEDIA_ROOT nor around it', () => {
    const config = parseConfig({ DATA_DIR: '/srv/site' });
    expect(config).toMatchObject({
      courseFilesRoot: '/srv/site/course-files',
      courseUrlTtlSeconds: 21_600,
      courseFileMaxBytes: 8 * 1024 ** 3,
      courseUploadExpiryHours: 24,
      jobLeaseSeconds: 60,
      transcodeConcurrency: 1,
    });
    expect(parseConfig({ COURSE_FILES_ROOT: '/srv/lessons', MEDIA_ROOT: '/srv/media' }).courseFilesRoot).toBe('/srv/lessons');
    // A sibling whose name starts like the media folder's is not inside it.
    expect(parseConfig({ COURSE_FILES_ROOT: '/srv/media-course', MEDIA_ROOT: '/srv/media' }).courseFilesRoot).toBe('/srv/media-course');
    for (const [root, media] of [
      ['/srv/media/course', '/srv/media'],
      ['/srv/media', '/srv/media'],
      ['/srv/media/../media/x', '/srv/media'],
    ]) {
      expect(() => parseConfig({ COURSE_FILES_ROOT: root, MEDIA_ROOT: media }), root).toThrow('COURSE_FILES_ROOT: must not be inside MEDIA_ROOT');
    }
    expect(() => parseConfig({ COURSE_FILES_ROOT: '/srv', MEDIA_ROOT: '/srv/media' })).toThrow('COURSE_FILES_ROOT: must not hold MEDIA_ROOT');
    expect(() => parseConfig({ DATA_DIR: '/srv/site', COURSE_FILES_ROOT: '/srv/site' })).toThrow('COURSE_FILES_ROOT: must not hold MEDIA_ROOT');
  });

  it('reads COURSE_URL_TTL in seconds (60 to a week) and COURSE_FILE_MAX_BYTES in bytes', () => {
    expect(parseConfig({ COURSE_URL_TTL: '600', COURSE_FILE_MAX_BYTES: '1048576' })).toMatchObject({ courseUrlTtlSeconds: 600, courseFileMaxBytes: 1_048_576 });
    for (const bad of ['0', '59', '1.5', 'six hours', '604801']) {
      expect(() => parseConfig({ COURSE_URL_TTL: bad }), bad).toThrow('COURSE_URL_TTL: must be a whole number of seconds from 60 to 604800');
    }
    for (const bad of ['0', '-1', '2GB', '1.5']) expect(() => parseConfig({ COURSE_FILE_MAX_BYTES: bad }), bad).toThrow('COURSE_FILE_MAX_BYTES');
  });

  it('reads REDIS_URL as a redis:// or rediss:// URL', () => {
    expect(parseConfig({}).redisUrl).toBeUndefined();
    expect(parseConfig({ REDIS_URL: 'redis://:secret@cache.internal:6379/2' }).redisUrl).toBe('redis://:secret@cache.internal:6379/2');
    expect(() => parseConfig({ REDIS_URL: 'http://cache.internal' })).toThrow(/REDIS_URL/);
  });

  it('reads REDIS_ALLOW_EVICTION as 1 or 0, off unless set', () => {
    expect(parseConfig({}).redisAllowEviction).toBe(false);
    expect(parseConfig({ REDIS_ALLOW_EVICTION: '' }).redisAllowEviction).toBe(false);
    expect(parseConfig({ REDIS_ALLOW_EVICTION: '0' }).redisAllowEviction).toBe(false);
    expect(parseConfig({ REDIS_ALLOW_EVICTION: ' 1 ' }).redisAllowEviction).toBe(true);
    for (const bad of ['yes', 'true', '2']) {
      expect(() => parseConfig({ REDIS_ALLOW_EVICTION: bad }), bad).toThrow('REDIS_ALLOW_EVICTION: must be 1 (start even if Redis may evict keys) or 0');
    }
  });

  it('takes payments only with both the Payment Link and its webhook secret, refunds downgrading unless told otherwise', () => {
    expect(parseConfig({}).payments).toBeUndefined();
    const link = 'https://buy.stripe.com/test_00g5kD';
    expect(parseConfig({ STRIPE_PAYMENT_LINK: link, STRIPE_WEBHOOK_SECRET: 'whsec_abc' }).payments).toEqual({
      paymentLink: link,
      webhookSecret: 'whsec_abc',
      refundsDowngrade: true,
    });
    expect(parseConfig({ STRIPE_PAYMENT_LINK: link, STRIPE_WEBHOOK_SECRET: 'whsec_abc', STRIPE_REFUNDS_DOWNGRADE: 'false' }).payments?.refundsDowngrade).toBe(
      false,
    );
    // The link without the secret: money the site would never hear of. The message names both.
    expect(() => parseConfig({ STRIPE_PAYMENT_LINK: link })).toThrow('STRIPE_WEBHOOK_SECRET: required when STRIPE_PAYMENT_LINK is set');
    expect(() => parseConfig({ STRIPE_PAYMENT_LINK: link, STRIPE_WEBHOOK_SECRET: 'sk_live_123' })).toThrow(/STRIPE_WEBHOOK_SECRET: .*whsec_/);
    expect(() => parseConfig({ STRIPE_PAYMENT_LINK: 'http://buy.stripe.com/x', STRIPE_WEBHOOK_SECRET: 'whsec_abc' })).toThrow(/STRIPE_PAYMENT_LINK/);
    expect(() => parseConfig({ STRIPE_REFUNDS_DOWNGRADE: 'yes' })).toThrow('STRIPE_REFUNDS_DOWNGRADE: must be true or false');
  });

  it('holds comments for review unless COMMENTS_REVIEW_FIRST is false, and limits them to 20 an hour unless set', () => {
    expect(parseConfig({}).commentsReviewFirst).toBe(true);
    expect(parseConfig({ COMMENTS_REVIEW_FIRST: 'false' }).commentsReviewFirst).toBe(false);
    expect(() => parseConfig({ COMMENTS_REVIEW_FIRST: 'no' })).toThrow('COMMENTS_REVIEW_FIRST: must be true or false');
    expect(parseConfig({}).limits.COMMENTS_PER_HOUR).toBe(20);
    expect(parseConfig({ COMMENTS_PER_HOUR: '5' }).limits.COMMENTS_PER_HOUR).toBe(5);
  });

  it('reads TRUST_PROXY as a hop count', () => {
    const trust = parseConfig({ TRUST_PROXY: '1' }).trustProxy as (address: string, hop: number) => boolean;
    expect([trust('10.0.0.1', 0), trust('10.0.0.2', 1)]).toEqual([true, false]);
  });

  it.each([
    ['7d', 604800],
    ['12h', 43200],
    ['30m', 1800],
    ['90s', 90],
    ['3600', 3600],
    ['0', undefined],
    ['soon', undefined],
  ])('reads the duration %s', (text, seconds) => {
    expect(parseDurationSeconds(text)).toBe(seconds);
  });
});
