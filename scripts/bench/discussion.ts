// Issue 36's discussion figures (`npm run bench -- discussion`), on SQLite (one process) and on
// PostgreSQL with Redis (two processes of one site), over the same seeded data (db:copy):
// - GET /api/course/lessons/{id}/comments as a member over a lesson of 10,000 top-level comments:
//   the first page and a page deep in the cursor (sequential, one kept-alive connection);
// - 500 members on the lesson's event stream while an admin posts 20 comments a second: each
//   post's delay to each reader (discussion-stream.ts; skipped while the route answers 404);
// - the outbox sending 10,000 mails to a real SMTP server on loopback: each exactly once, and the
//   rate (discussion-outbox.ts).
// It prints figures and asserts nothing.
import { mkdirSync, rmSync } from 'node:fs';
import { loadavg } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { copySqliteToPostgres } from '../../server/db/copy-to-postgres';
import { openDatabase } from '../../server/db/client';
import { SmtpCatcher } from '../../tests/support/smtp-catcher';
import type { PostgresServer } from '../postgres-server';
import { startRedis } from '../redis-server';
import { startServer, tempDataDir, type ServerProcess } from '../server-process';
import { BENCH_ADMIN, BENCH_ADMIN_ENV, benchAdminHeaders } from './bench-admin';
import { MEMBER_PASSWORD } from './course-seed';
import { signInMembers, siteFile } from './course-sites';
import { MAIL_WORKERS, MAILS, MAILS_SENT, MEMBERS, RELEASE_MAILS, seedDiscussion, TOP_LEVEL_COMMENTS, type DiscussionSeed } from './discussion-seed';
import { outboxFigure, type OutboxSite } from './discussion-outbox';
import { READERS, streamFigure } from './discussion-stream';
import { keepAliveGet } from './keep-alive-get';
import { fmt, median, percentile } from './stats';

const PAGE_SAMPLES = 300;
/** The deep page: this far into the cursor's pages (of about 490). */
const DEEP_PAGE = 400;

/**
 * The sites' environment: sign-ins and comments unlimited (every reader signs in from 127.0.0.1,
 * and one admin posts 600 comments), the daily cap of course mails above the five each member is
 * sent, the catcher as SMTP, and one signing secret for both processes of a site.
 */
const siteEnv = (smtpUrl: string, filesRoot: string) => ({
  ...BENCH_ADMIN_ENV,
  LOGINS_PER_MINUTE: '0',
  COMMENTS_PER_HOUR: '0',
  COURSE_MAILS_PER_DAY: String((2 * MAILS) / MEMBERS),
  SMTP_URL: smtpUrl,
  JWT_SECRET: 'bench-secret-that-is-at-least-32-bytes-long',
  COURSE_FILES_ROOT: filesRoot,
});

interface Site {
  label: string;
  processes: ServerProcess[];
  /** Runs `sql` (SQLite's `?` placeholders, on PostgreSQL too) with `params` on the site's database; its rows. */
  query(sql: string, params?: unknown[]): Promise<Array<Record<string, unknown>>>;
  stop(): Promise<void>;
}

async function sqliteSite(dataDir: string, smtpUrl: string, filesRoot: string): Promise<Site> {
  const server = await startServer({ env: siteEnv(smtpUrl, filesRoot), dataDir, startTimeoutMs: 120_000 });
  const handle = openDatabase(siteFile(dataDir));
  return {
    label: 'SQLite, one process',
    processes: [server],
    query: (sql, params = []) => {
      const statement = handle.sqlite.prepare(sql);
      return Promise.resolve(statement.reader ? (statement.all(...params) as Array<Record<string, unknown>>) : (statement.run(...params), []));
    },
    stop: async () => {
      handle.close();
      await server.stop();
    },
  };
}

async function postgresSite(postgresUrl: string, smtpUrl: string, filesRoot: string): Promise<Site> {
  const redis = await startRedis();
  const env = { ...siteEnv(smtpUrl, filesRoot), DATABASE_URL: postgresUrl, REDIS_URL: redis.url };
  const processes = [await startServer({ env, startTimeoutMs: 120_000 }), await startServer({ env, startTimeoutMs: 120_000 })];
  const client = new pg.Client({ connectionString: postgresUrl });
  await client.connect();
  return {
    label: 'PostgreSQL + Redis, two processes',
    processes,
    query: async (sql, params = []) => {
      let n = 0;
      return (
        await client.query(
          sql.replace(/\?/g, () => `$${++n}`),
          params,
        )
      ).rows as Array<Record<string, unknown>>;
    },
    stop: async () => {
      await client.end();
      await Promise.all(processes.map((process) => process.stop()));
      await redis.stop();
    },
  };
}

/** The first page and the page DEEP_PAGE deep, each read PAGE_SAMPLES times in turn, as a member; and one walk through every page. */
async function pageReads(server: ServerProcess, lessonId: string, member: { authorization: string }) {
  const get = keepAliveGet();
  const url = (cursor?: string) =>
    `${server.url}/api/course/lessons/${lessonId}/comments${cursor === undefined ? '' : `?cursor=${encodeURIComponent(cursor)}`}`;
  const timed = async (cursor?: string) => {
    const started = performance.now();
    const page = JSON.parse((await get(url(cursor), member)).toString()) as { nextCursor: string | null };
    return { page, ms: performance.now() - started };
  };
  try {
    // The walk: each page's cursor, and each page's time once.
    const cursors: Array<string | undefined> = [undefined];
    const walk: number[] = [];
    for (;;) {
      const { page, ms } = await timed(cursors.at(-1));
      walk.push(ms);
      if (page.nextCursor === null) break;
      cursors.push(page.nextCursor);
    }
    const deep = cursors[Math.min(DEEP_PAGE, cursors.length - 1)];
    const samples = async (read: () => Promise<unknown>) => {
      const times: number[] = [];
      for (let i = 0; i < PAGE_SAMPLES; i++) {
        const started = performance.now();
        await read();
        times.push(performance.now() - started);
      }
      return `p50 ${fmt(median(times), 2)} ms, p95 ${fmt(percentile(times, 95), 2)} ms`;
    };
    console.log(
      `  comments, first page: ${await samples(() => get(url(), member))}; page ${Math.min(DEEP_PAGE, cursors.length - 1) + 1} of ${cursors.length}: ` +
        `${await samples(() => get(url(deep), member))} (${PAGE_SAMPLES} requests each); every page once: p95 ${fmt(percentile(walk, 95), 2)} ms, max ${fmt(Math.max(...walk), 1)} ms`,
    );
    // The same member's GET of the lesson itself, alike: the same access rule and session check without
    // the comments, so that what a busy machine adds to any request can be told from the list's own cost.
    console.log(
      `  (the lesson itself, GET /api/course/lessons/{id}, alike: ${await samples(() => get(`${server.url}/api/course/lessons/${lessonId}`, member))})`,
    );
  } finally {
    get.close();
  }
}

async function runOn(site: Site, seed: DiscussionSeed, catcher: SmtpCatcher) {
  const [first] = site.processes;
  const started = performance.now();
  const members = await signInMembers(first!.url, seed.emails.slice(0, READERS), MEMBER_PASSWORD);
  const admin = await benchAdminHeaders(first!.url);
  console.log(
    `${site.label} (${members.length} members signed in in ${fmt((performance.now() - started) / 1000)} s; load average ${loadavg()
      .map((n) => fmt(n, 2))
      .join(' ')}):`,
  );
  await pageReads(first!, seed.lessonId, members[0]!);
  // Posting needs a proved address, an admin's too; the server made the bench admin without one.
  await site.query(`update users set email_verified = true where email = ?`, [BENCH_ADMIN.email]);
  await streamFigure(site.processes, seed.lessonId, members, admin);
  const outbox: OutboxSite = {
    catcher,
    pids: site.processes.map((process) => process.pid),
    keys: seed.mailKeys,
    release: async (now) => void (await site.query(RELEASE_MAILS, [now])),
    sentRows: async () => {
      const [sent] = await site.query(MAILS_SENT);
      const byProcess = new Map<string, number>();
      for (const row of await site.query(MAIL_WORKERS)) {
        // A worker is host:pid:random (jobs/job-queue.ts).
        const pid = Number(String(row.worker).split(':').at(-2));
        const n = site.processes.findIndex((process) => process.pid === pid);
        byProcess.set(n >= 0 ? `process #${n + 1}` : String(row.worker), Number(row.n));
      }
      return { sent: Number(sent?.n), byProcess };
    },
  };
  await outboxFigure(outbox);
}

export async function benchDiscussion(postgres: PostgresServer) {
  console.log(
    `\n## Discussion: a lesson of ${TOP_LEVEL_COMMENTS.toLocaleString('en')} comments, ${READERS} readers of its event stream, ${MAILS.toLocaleString('en')} outbox mails ` +
      `(goals: first and deep page p95 <= 10 ms; post-to-delivery p99 <= 100 ms; every mail exactly once, and the rate)`,
  );
  // Seeded afresh each run: the comments, and the mails the run sends, are the figures' own.
  const dataDir = tempDataDir();
  const filesRoot = path.join(dataDir, 'course-files');
  mkdirSync(filesRoot, { recursive: true });
  try {
    const seed = await seedDiscussion(dataDir);
    const postgresUrl = await postgres.createDatabase(`discussion_${Date.now()}`);
    const copyStarted = performance.now();
    await copySqliteToPostgres(siteFile(dataDir), postgresUrl);
    console.log(`db:copy moved it into PostgreSQL in ${fmt((performance.now() - copyStarted) / 1000)} s`);
    const starts = [(smtpUrl: string) => sqliteSite(dataDir, smtpUrl, filesRoot), (smtpUrl: string) => postgresSite(postgresUrl, smtpUrl, filesRoot)];
    for (const start of starts) {
      const catcher = new SmtpCatcher();
      const site = await start(await catcher.start());
      try {
        await runOn(site, seed, catcher);
      } finally {
        await site.stop();
        await catcher.stop();
      }
    }
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}
