// db:copy (CONTRACT §3 "Past one machine"): an SQLite install, seeded through the site's own routes
// until every table holds rows, copied into an empty PostgreSQL database row for row; a target
// with rows refused; a copy that fails halfway leaves nothing behind.
import { copyFileSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { getTableName, inArray, is } from 'drizzle-orm';
import { drizzle as drizzleSqlite } from 'drizzle-orm/better-sqlite3';
import { drizzle as drizzlePostgres } from 'drizzle-orm/node-postgres';
import { SQLiteTable } from 'drizzle-orm/sqlite-core';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { closeAdminApp, ROOT_ADMIN, signIn, startAdminApp } from '../../tests/support/admin-app';
import { startPostgres, type PostgresServer } from '../../scripts/postgres-server';
import { multipart } from '../../tests/support/multipart';
import { chargeRefunded, checkoutCompleted, PAYMENTS_ENV, signed, WEBHOOK_PATH } from '../../tests/support/stripe-events';
import { testClip } from '../../tests/support/media-clips';
import { callJson } from '../../tests/support/test-app';
import { TestClock, turnOnTwoFactor } from '../../tests/support/two-factor';
import { enqueueJob } from '../jobs/jobs-data';
import { enqueueMail } from '../jobs/outbox-data';
import { copySqliteToPostgres, CopyError } from './copy-to-postgres';
import { DERIVED_TABLES } from './derived-tables';
import { applyPostgresMigrations } from './postgres-migrations';
import * as pgSchema from './pg-schema';
import { courseStreams, mailDayCounts, users } from './schema';
import { transaction } from './transaction';
import * as sqliteSchema from './sqlite-schema';
import { openSqlite } from './sqlite-driver';

const COPY_ORDER = [
  'users',
  'account_tokens',
  'audit_entries',
  'comment_members',
  'course_modules',
  'course_lessons',
  'comments',
  'comment_reports',
  'course_attempts',
  'course_attempt_answers',
  'course_attempt_marks',
  'course_attempt_wrong_picks',
  'course_files',
  'course_caption_cues',
  'course_certificates',
  'course_lesson_grams',
  'course_lesson_texts',
  'course_progress',
  'course_question_tallies',
  'course_questions',
  'course_quiz_members',
  'course_quizzes',
  'course_streams',
  'course_wrong_pick_tallies',
  'jobs',
  'login_challenges',
  'mail_day_counts',
  'mail_outbox',
  'mail_preferences',
  'media_scans',
  'password_resets',
  'playlists',
  'recovery_codes',
  'revoked_tokens',
  'slider_config',
  'stripe_events',
  'stripe_payments',
  'stripe_refunds',
  'two_factor',
  'user_search_grams',
];

let postgres: PostgresServer;
let folder: string;
/** The seeded install's database, closed: each test copies from it. */
let install: string;
let databases = 0;
const emptyDatabase = () => postgres.createDatabase(`copy_${++databases}`);

type TableKey = keyof typeof pgSchema & keyof typeof sqliteSchema;
const tableNames = Object.entries(sqliteSchema).flatMap(([key, table]) => (is(table, SQLiteTable) ? [[key as TableKey, getTableName(table)] as const] : []));

/** Every row of every table, as JSON, each table's rows sorted: what a copy must keep. */
async function everyRow(read: (key: TableKey) => Promise<unknown[]>): Promise<Record<string, string[]>> {
  const rows: Record<string, string[]> = {};
  for (const [key, name] of tableNames) rows[name] = (await read(key)).map((row) => JSON.stringify(row)).sort();
  return rows;
}

const sqliteRows = (file: string) => {
  const sqlite = openSqlite(file, { readonly: true });
  const db = drizzleSqlite(sqlite);
  return everyRow((key) =>
    Promise.resolve(
      db
        .select()
        .from(sqliteSchema[key] as SQLiteTable)
        .all(),
    ),
  ).finally(() => sqlite.close());
};

async function postgresRows(url: string) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const db = drizzlePostgres(client);
    return await everyRow((key) => db.select().from(pgSchema[key]));
  } finally {
    await client.end();
  }
}

beforeAll(async () => {
  postgres = await startPostgres();
  folder = mkdtempSync(path.join(tmpdir(), 'qc-copy-'));
  const clock = new TestClock();
  const site = await startAdminApp({ smtp: true, env: PAYMENTS_ENV, build: { clock: clock.now } });
  const { t, adminToken } = site;
  const api = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, body?: unknown, token = adminToken) => callJson(t.app, method, url, body, token);
  try {
    const member = { name: 'Zoë Ünal', email: 'zoe@example.com', password: 'member password' };
    expect((await api('POST', '/api/auth/register', member, '')).status).toBe(201);
    const memberToken = await signIn(t, member.email, member.password);
    const zoeId = ((await api('GET', '/api/admin/users?search=zoe')).body.data as Array<{ _id: string }>)[0]!._id;
    const deliver = async (event: unknown) => {
      const { body, signature } = signed(event);
      const res = await t.app.inject({
        method: 'POST',
        url: WEBHOOK_PATH,
        headers: { 'content-type': 'application/json', 'stripe-signature': signature },
        payload: body,
      });
      expect(res.statusCode).toBe(200);
    };
    await deliver(checkoutCompleted({ userId: zoeId }).event);
    // A refund whose checkout has not come: kept for it.
    await deliver(chargeRefunded('pi_test_refunded_before_its_checkout'));
    // The mail outbox: a setting, a mail written (and counted against today's cap, as its send does).
    expect((await api('PUT', '/api/account/mail', { replies: false, courseUpdates: true }, memberToken)).status).toBe(200);
    await transaction(site.db.db, (tx) =>
      enqueueMail(tx, { key: 'copy-test:mail', userId: zoeId, kind: 'module.opened', subject: 'Open', paragraphs: ['Hello'] }),
    );
    await site.db.db.insert(mailDayCounts).values({ userId: zoeId, day: '2031-05-06', count: 1 });
    expect((await api('POST', '/api/auth/logout', undefined, memberToken)).status).toBe(200);
    expect((await api('POST', '/api/auth/forgot-password', { email: member.email }, '')).status).toBe(200);
    const twoFactor = { name: 'Tove Two', email: 'tove@example.com', password: 'tove password' };
    const registered = await api('POST', '/api/auth/register', twoFactor, '');
    await turnOnTwoFactor(t, { token: registered.body.token as string, password: twoFactor.password }, clock);
    expect((await api('POST', '/api/auth/login', { email: twoFactor.email, password: twoFactor.password }, '')).body).toMatchObject({
      twoFactorRequired: true,
    });
    const playlist = await api('POST', '/api/playlists', { name: 'Dawn', items: [{ type: 'image', url: '/media/image/dawn.png' }] });
    expect(playlist.status).toBe(201);
    const config = (await api('GET', '/api/slider/config')).body.data as object;
    const playlistId = (playlist.body.data as { _id: string })._id;
    expect((await api('PUT', '/api/slider/config', { ...config, activePlaylist: playlistId })).status).toBe(200);
    expect((await api('POST', '/api/media/scan-files', {})).status).toBe(200);
    const [firstModule] = ((await api('GET', '/api/admin/course')).body.modules as Array<{ _id: string }>) ?? [];
    const welcome = { moduleId: firstModule!._id, title: 'Welcome', kind: 'text', body: '# Hello', published: true, freePreview: true };
    const lesson = await api('POST', '/api/admin/course/lessons', welcome);
    expect(lesson.status).toBe(201);
    const lessonId = (lesson.body.lesson as { _id: string })._id;
    const captions = multipart({ role: 'captions', lang: 'en', label: 'English' }, [
      { name: 'welcome.vtt', type: 'text/vtt', content: Buffer.from('WEBVTT\n\n00:00.000 --> 00:02.000\nWelcome\n') },
    ]);
    const uploaded = await t.app.inject({
      method: 'POST',
      url: `/api/admin/course/lessons/${lessonId}/files`,
      payload: captions.payload,
      headers: { ...captions.headers, authorization: `Bearer ${adminToken}` },
    });
    expect(uploaded.statusCode, uploaded.body).toBe(201);
    // The only published lesson, completed: progress and a certificate.
    const reader = await signIn(t, member.email, member.password);
    expect((await api('PUT', `/api/course/lessons/${lessonId}/progress`, { positionSeconds: 3, completed: true }, reader)).status).toBe(200);
    expect((await api('GET', '/api/course/certificate', undefined, reader)).status).toBe(200);
    // A video lesson whose media has a stream, and a job still queued, which a move to PostgreSQL
    // keeps (decision 045). Nobody played it: its insights must say 0 seconds on PostgreSQL too
    // (drizzle-pg/0016: least() skipped the null of no progress row and said all of it).
    const talk = await api('POST', '/api/admin/course/lessons', {
      moduleId: firstModule!._id,
      title: 'Talk',
      kind: 'video',
      body: '',
      published: true,
      freePreview: true,
    });
    expect(talk.status).toBe(201);
    const talkId = (talk.body.lesson as { _id: string })._id;
    const clip = multipart({ role: 'media' }, [{ name: 'talk.mp4', type: 'video/mp4', content: (await testClip('mp4')).bytes }]);
    const media = await t.app.inject({
      method: 'POST',
      url: `/api/admin/course/lessons/${talkId}/files`,
      payload: clip.payload,
      headers: { ...clip.headers, authorization: `Bearer ${adminToken}` },
    });
    expect(media.statusCode, media.body).toBe(201);
    const mediaId = (media.json() as { file: { _id: string } }).file._id;
    await site.db.db
      .insert(courseStreams)
      .values({ fileId: mediaId, state: 'done', percent: 100, error: null, heights: '[120]', updatedAt: clock.now() })
      .onConflictDoNothing();
    await enqueueJob(site.db.db, { type: 'copy-test.kept', key: 'copy-test:queued', payload: { fileId: mediaId }, maxAttempts: 3, runAfter: clock.now() });
    // A quiz with its settings and a question that points to the talk; the member's submitted attempt
    // (a wrong pick among its marks and the running totals) and their open one with an answer.
    const quiz = await api('POST', '/api/admin/course/lessons', {
      moduleId: firstModule!._id,
      title: 'Check-in',
      kind: 'quiz',
      published: true,
      freePreview: true,
    });
    const quizId = (quiz.body.lesson as { _id: string })._id;
    expect((await api('PUT', `/api/admin/course/lessons/${quizId}`, { quiz: { passPercent: 60 } })).status).toBe(200);
    const question = await api('POST', `/api/admin/course/lessons/${quizId}/questions`, {
      kind: 'text',
      prompt: 'Name it',
      answers: ['Attention'],
      taught: { lessonId: talkId, startSeconds: 0, endSeconds: 1 },
    });
    expect(question.status, question.raw).toBe(201);
    const choice = await api('POST', `/api/admin/course/lessons/${quizId}/questions`, {
      kind: 'single',
      prompt: 'Which?',
      options: [
        { text: 'This', correct: true },
        { text: 'That', correct: false },
      ],
    });
    expect(choice.status, choice.raw).toBe(201);
    const wrongOption = (choice.body.question as { options: Array<{ _id: string; correct: boolean }> }).options.find((option) => !option.correct)!._id;
    const questionId = (question.body.question as { _id: string })._id;
    const startAttempt = async () => {
      const attempt = await api('POST', `/api/course/lessons/${quizId}/attempts`, {}, reader);
      expect(attempt.status, attempt.raw).toBe(201);
      return (attempt.body.attempt as { _id: string })._id;
    };
    const submitted = await startAttempt();
    const choiceId = (choice.body.question as { _id: string })._id;
    expect((await api('PUT', `/api/course/attempts/${submitted}/answers/${choiceId}`, { optionIds: [wrongOption] }, reader)).status).toBe(200);
    expect((await api('POST', `/api/course/attempts/${submitted}/submit`, {}, reader)).status).toBe(200);
    const attemptId = await startAttempt();
    expect((await api('PUT', `/api/course/attempts/${attemptId}/answers/${questionId}`, { text: 'attention' }, reader)).status).toBe(200);
    // A discussion: a comment pinned to a moment of the talk, a reply to it, a report, and a member's comment ban.
    await site.db.db
      .update(users)
      .set({ emailVerified: true })
      .where(inArray(users.email, [ROOT_ADMIN.email, member.email]));
    const comment = await api('POST', `/api/course/lessons/${talkId}/comments`, { body: 'At *this* second?', atSeconds: 1 });
    expect(comment.status, comment.raw).toBe(201);
    const commentId = (comment.body.comment as { _id: string })._id;
    expect((await api('POST', `/api/course/lessons/${talkId}/comments`, { body: 'Yes', parentId: commentId }, reader)).status).toBe(201);
    expect((await api('POST', `/api/course/comments/${commentId}/report`, { reason: 'Off topic' }, reader)).status).toBe(200);
    expect((await api('PUT', `/api/admin/users/${zoeId}/comment-ban`, { until: '2099-01-01' })).status).toBe(200);
    if (t.config.database.dialect !== 'sqlite') throw new Error('the seeded install is an SQLite one');
    install = path.join(folder, 'app.db');
    const source = openSqlite(t.config.database.file);
    await source.backup(install);
    source.close();
  } finally {
    await closeAdminApp(site);
  }
});

afterAll(async () => {
  await postgres?.stop();
  rmSync(folder, { recursive: true, force: true });
});

describe('npm run db:copy', () => {
  it('copies every row of every table of a seeded install into an empty PostgreSQL database', async () => {
    const before = await sqliteRows(install);
    // The seeding reached every table, so that none is copied only in theory.
    for (const [name, rows] of Object.entries(before)) expect(rows.length, `rows seeded in ${name}`).toBeGreaterThan(0);

    const target = await emptyDatabase();
    const reported: Record<string, number> = {};
    const copied = await copySqliteToPostgres(install, target, ({ table, rows }) => (reported[table] = rows));

    expect(await postgresRows(target)).toEqual(before);
    // The running totals are not copied: the target rebuilds them, row for row as above.
    expect(Object.fromEntries(copied.map(({ table, rows }) => [table, rows]))).toEqual(
      Object.fromEntries(Object.entries(before).flatMap(([name, rows]) => (DERIVED_TABLES.has(name) ? [] : [[name, rows.length]]))),
    );
    expect(reported).toEqual(Object.fromEntries(copied.map(({ table, rows }) => [table, rows])));
    // Tables by name, except that a user's rows come after the users (the foreign keys would refuse them otherwise).
    expect(copied.map(({ table }) => table)).toEqual(COPY_ORDER);
  });

  it('refuses a target that already holds rows, and changes nothing in it', async () => {
    const target = await emptyDatabase();
    await copySqliteToPostgres(install, target);
    const before = await postgresRows(target);
    await expect(copySqliteToPostgres(install, target)).rejects.toThrow(
      new CopyError(
        `the PostgreSQL database ${target} is not empty` +
          ` (it has rows in ${COPY_ORDER.join(', ')}): db:copy fills an empty database only, so that nothing in it is overwritten. Create a new database (createdb) and copy into that.`,
      ),
    );
    expect(await postgresRows(target)).toEqual(before);
  });

  it('leaves the target empty when a row cannot be copied, and says which table and why', async () => {
    // PostgreSQL's text cannot hold the character U+0000, which SQLite's can: the last table copied fails.
    const broken = path.join(folder, 'broken.db');
    copyFileSync(install, broken);
    const sqlite = openSqlite(broken);
    sqlite.prepare('update audit_entries set summary = ? where rowid = (select max(rowid) from audit_entries)').run('nul \u0000 here');
    sqlite.close();
    const target = await emptyDatabase();

    const failure = await copySqliteToPostgres(broken, target).catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(CopyError);
    expect((failure as Error).message).toMatch(
      /^The copy failed at the table audit_entries, and nothing was written to the PostgreSQL database .*: invalid byte sequence for encoding "UTF8": 0x00$/,
    );
    expect((failure as Error).message).not.toContain('$argon2');
    // Nothing but what the migrations put into every new database (the course's ten modules).
    const migrated = await emptyDatabase();
    const client = new pg.Client({ connectionString: migrated });
    await client.connect();
    await applyPostgresMigrations(client).finally(() => client.end());
    expect(await postgresRows(target)).toEqual(await postgresRows(migrated));
    // With the row mended, the same target takes the copy.
    const mended = openSqlite(broken);
    mended.prepare("update audit_entries set summary = 'mended' where summary like 'nul %'").run();
    mended.close();
    await copySqliteToPostgres(broken, target);
    expect(await postgresRows(target)).toEqual(await sqliteRows(broken));
  });

  it('refuses a source that is not a site database, and an unreachable target, in words', async () => {
    await expect(copySqliteToPostgres(path.join(folder, 'absent.db'), await emptyDatabase())).rejects.toThrow(/^No database at .*absent\.db: nothing to copy/);
    const stranger = path.join(folder, 'stranger.db');
    openSqlite(stranger).exec('create table notes (body text)').close();
    await expect(copySqliteToPostgres(stranger, await emptyDatabase())).rejects.toThrow(`${stranger} is not the site's database (it has no migrations table)`);
    const closedPort = 'postgres://postgres@127.0.0.1:1/nowhere';
    await expect(copySqliteToPostgres(install, closedPort)).rejects.toThrow(
      /^Cannot open the PostgreSQL database postgres:\/\/postgres@127\.0\.0\.1:1\/nowhere: connect ECONNREFUSED/,
    );
  });
});
