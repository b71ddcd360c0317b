// Issue 26's progress figures, on SQLite and PostgreSQL, over 100,000 Architects × 40 one-hour
// lessons of progress (4,000,000 rows):
// - 2,000 viewers, each saving their position (PUT /api/course/lessons/{id}/progress, real HTTP,
//   kept-alive connections) every 10 s for 60 s, spread evenly over the 10 s as real players are;
//   each save's time from request to the answer's end, the failures, and /healthz polled meanwhile;
// - GET /api/course/progress for members with all 40 rows, sequentially;
// - GET /api/admin/course/insights, once that route exists (the hook below).
// Bearer tokens come from the real sign-in route: the members' hash is a cheap argon2id one
// (course-seed.ts), and the bench's servers run with the per-address sign-in limit off.
import http from 'node:http';
import { mkdirSync } from 'node:fs';
import { loadavg } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { eq, sql } from 'drizzle-orm';
import { readCourseTree } from '../../server/course/content/content-data';
import { openDatabase } from '../../server/db/client';
import { users } from '../../server/db/schema';
import type { PostgresServer } from '../postgres-server';
import { startServer, type ServerProcess } from '../server-process';
import { benchAdminHeaders } from './bench-admin';
import { MEMBER_PASSWORD, seedMembers, seedProgressLessons, seedProgressRowsPostgres, seedProgressRowsSqlite } from './course-seed';
import { dropSiteFolder, seededBefore, signInMembers, siteFile, siteFolder, sitesOver } from './course-sites';
import { keepAliveGet } from './keep-alive-get';
import { fmt, median, percentile } from './stats';
import { sleepUntil, timedRequest } from './timed-request';

const MEMBERS = 100_000;
const VIEWERS = 2_000;
const SAVE_EVERY_MS = 10_000;
const SAVING_FOR_MS = 60_000;
const HEALTHZ_EVERY_MS = 50;
const PROGRESS_SAMPLES = 500;
const INSIGHTS_SAMPLES = 50;

const IDLE_SERVER = `
import http from 'node:http';
http.createServer((request, response) => response.end('{}')).listen(Number(process.env.PORT), '127.0.0.1');
`;

/** The viewers' saves and /healthz meanwhile; prints the figures. */
async function viewersSaving(server: ServerProcess, control: ServerProcess, viewers: ReadonlyArray<{ authorization: string }>, lessonIds: readonly string[]) {
  const agent = new http.Agent({ keepAlive: true });
  const saves: number[] = [];
  const failures = new Map<string, number>();
  const start = performance.now() + 100;
  const end = start + SAVING_FOR_MS;
  const viewing = viewers.map(async (auth, i) => {
    // Each viewer watches one lesson from its start, saving on its own beat within the 10 s.
    const lessonId = lessonIds[i % lessonIds.length]!;
    const url = `${server.url}/api/course/lessons/${lessonId}/progress`;
    const headers = { ...auth, 'content-type': 'application/json' };
    for (let at = start + (i / viewers.length) * SAVE_EVERY_MS, played = 10; at < end; at += SAVE_EVERY_MS, played += 10) {
      await sleepUntil(at);
      const answer = await timedRequest(agent, url, 'PUT', headers, JSON.stringify({ positionSeconds: played, playedSeconds: played }));
      saves.push(answer.ms);
      if (answer.status !== 200) {
        const key = `${answer.status} ${answer.body.slice(0, 120)}`;
        failures.set(key, (failures.get(key) ?? 0) + 1);
      }
    }
  });
  const poll = async (url: string) => {
    const pollAgent = new http.Agent({ keepAlive: true, maxSockets: 1 });
    const times: number[] = [];
    let failed = 0;
    for (let at = start; at < end; at += HEALTHZ_EVERY_MS) {
      await sleepUntil(at);
      const answer = await timedRequest(pollAgent, url, 'GET', {});
      times.push(answer.ms);
      if (answer.status !== 200) failed++;
    }
    pollAgent.destroy();
    return { times, failed };
  };
  const [health, idle] = await Promise.all([poll(`${server.url}/healthz`), poll(`${control.url}/healthz`), ...viewing]);
  agent.destroy();
  const errors = [...failures.values()].reduce((sum, n) => sum + n, 0);
  console.log(
    `  saves: ${saves.length} in ${SAVING_FOR_MS / 1000} s (${fmt(saves.length / (SAVING_FOR_MS / 1000), 0)}/s): ` +
      `p50 ${fmt(median(saves), 2)} ms, p95 ${fmt(percentile(saves, 95), 2)} ms, p99 ${fmt(percentile(saves, 99), 2)} ms, max ${fmt(Math.max(...saves), 1)} ms; errors ${errors}`,
  );
  for (const [what, n] of failures) console.log(`    ${n} × ${what}`);
  console.log(
    `  /healthz meanwhile: ${health.times.length} polls, p50 ${fmt(median(health.times), 2)} ms, p99 ${fmt(percentile(health.times, 99), 2)} ms; failures ${health.failed}` +
      ` (a server doing nothing, polled alike: p50 ${fmt(median(idle.times), 2)} ms, p99 ${fmt(percentile(idle.times, 99), 2)} ms)`,
  );
}

/** GET /api/course/progress, sequentially, each time as another member (every one has all 40 rows). */
async function progressReads(server: ServerProcess, members: ReadonlyArray<{ authorization: string }>) {
  const get = keepAliveGet();
  try {
    const url = `${server.url}/api/course/progress`;
    const first = JSON.parse((await get(url, members[0])).toString()) as { completedLessons: number; totalLessons: number };
    const times: number[] = [];
    for (let i = 0; i < PROGRESS_SAMPLES; i++) {
      const started = performance.now();
      await get(url, members[i % members.length]);
      times.push(performance.now() - started);
    }
    console.log(
      `  GET /api/course/progress: p50 ${fmt(median(times), 2)} ms, p95 ${fmt(percentile(times, 95), 2)} ms over ${PROGRESS_SAMPLES} members ` +
        `(the first: ${first.completedLessons} of ${first.totalLessons} complete)`,
    );
  } finally {
    get.close();
  }
}

/**
 * HOOK (issue 26, "insights" figure): GET /api/admin/course/insights over the same data, once the
 * route exists (branch `insights`). Until then the router has no such route and answers 404, and
 * this says so instead of a figure.
 */
async function insightsReads(server: ServerProcess) {
  const admin = await benchAdminHeaders(server.url);
  const url = `${server.url}/api/admin/course/insights`;
  const probe = await fetch(url, { headers: admin });
  if (probe.status === 404) {
    console.log('  insights: not built yet');
    return;
  }
  if (!probe.ok) throw new Error(`${url}: ${probe.status} ${await probe.text()}`);
  const get = keepAliveGet();
  try {
    const times: number[] = [];
    for (let i = 0; i < INSIGHTS_SAMPLES; i++) {
      const started = performance.now();
      await get(url, admin);
      times.push(performance.now() - started);
    }
    console.log(`  GET /api/admin/course/insights: p50 ${fmt(median(times), 1)} ms, p95 ${fmt(percentile(times, 95), 1)} ms over ${INSIGHTS_SAMPLES} requests`);
  } finally {
    get.close();
  }
}

/** Seeds the site's SQLite file and its PostgreSQL twin, unless an earlier run kept them (BENCH_KEEP). */
async function seededSites(dataDir: string, filesRoot: string, postgres: PostgresServer) {
  if (seededBefore(dataDir)) {
    console.log(`SQLite: the site kept in ${dataDir} from an earlier run`);
    return sitesOver(dataDir, filesRoot, postgres, 'course_progress');
  }
  let started = performance.now();
  const handle = openDatabase(siteFile(dataDir));
  await seedMembers(handle.db, MEMBERS);
  const lessons = await seedProgressLessons(handle.db);
  handle.close();
  console.log(`seeded ${MEMBERS.toLocaleString('en')} members and ${lessons.length} lessons in ${fmt((performance.now() - started) / 1000)} s`);
  // Copied before the progress rows: each database writes its 4 million itself, in a minute or two rather than db:copy's several.
  const copied = await sitesOver(dataDir, filesRoot, postgres, 'course_progress');
  started = performance.now();
  const sqlite = openDatabase(siteFile(dataDir));
  const sqliteRows = seedProgressRowsSqlite(sqlite.db);
  sqlite.sqlite.pragma('wal_checkpoint(TRUNCATE)');
  sqlite.close();
  console.log(`SQLite: ${sqliteRows.toLocaleString('en')} progress rows in ${fmt((performance.now() - started) / 1000)} s`);
  started = performance.now();
  const client = new pg.Client({ connectionString: copied.postgresUrl });
  await client.connect();
  try {
    const rows = await seedProgressRowsPostgres(client);
    console.log(`PostgreSQL: ${rows.toLocaleString('en')} progress rows in ${fmt((performance.now() - started) / 1000)} s (with VACUUM ANALYZE)`);
  } finally {
    await client.end();
  }
  return copied;
}

export async function benchCourseProgress(postgres: PostgresServer) {
  console.log(
    `\n## Course progress: ${MEMBERS.toLocaleString('en')} Architects × 40 lessons of progress; ${VIEWERS.toLocaleString('en')} viewers saving every ${SAVE_EVERY_MS / 1000} s for ${SAVING_FOR_MS / 1000} s ` +
      `(goals: save p99 <= 10 ms, 0 errors, /healthz p99 < 50 ms; GET /api/course/progress p95 <= 5 ms; insights p95 <= 100 ms)`,
  );
  const dataDir = siteFolder('course-progress');
  const filesRoot = path.join(dataDir, 'course-files');
  mkdirSync(filesRoot, { recursive: true });
  try {
    const { sites } = await seededSites(dataDir, filesRoot, postgres);
    const handle = openDatabase(siteFile(dataDir));
    // The first members in seed order (the bench admin, whom the server adds, is no member).
    const emails = handle.db
      .select({ email: users.email })
      .from(users)
      .where(eq(users.role, 'user'))
      .orderBy(sql`rowid`)
      .limit(VIEWERS)
      .all()
      .map((row) => row.email);
    const lessonIds = (await readCourseTree(handle.db)).modules.flatMap((module) => module.lessons.map((lesson) => lesson._id));
    handle.close();
    // A server that does nothing, polled beside the site's /healthz: what the machine's own load adds to a request.
    const control = await startServer({ command: () => [process.execPath, '--input-type=module', '-e', IDLE_SERVER] });
    try {
      for (const site of sites) {
        const server = await site.start();
        try {
          const started = performance.now();
          const viewers = await signInMembers(server.url, emails, MEMBER_PASSWORD);
          console.log(
            `${site.label} (${VIEWERS} viewers signed in through POST /api/auth/login in ${fmt((performance.now() - started) / 1000)} s; load average ${loadavg()
              .map((n) => fmt(n, 2))
              .join(' ')}):`,
          );
          await viewersSaving(server, control, viewers, lessonIds);
          await progressReads(server, viewers);
          await insightsReads(server);
        } finally {
          await server.stop();
        }
      }
    } finally {
      await control.stop();
    }
  } finally {
    dropSiteFolder(dataDir);
  }
}
