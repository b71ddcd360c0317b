// Issue 10's figures (CONTRACT §3 "Past one machine"), on a throwaway PostgreSQL and redis-server:
// - the admin's user list over REST at 100,000 and 1,000,000 users, on PostgreSQL beside SQLite
//   (the same users: the SQLite install is seeded, then moved with db:copy, which is timed too);
// - GET /api/slider/public and sign-in throughput with two processes of one site beside one
//   process, alternating rounds in one run.
import { mkdirSync, rmSync } from 'node:fs';
import path from 'node:path';
import autocannon from 'autocannon';
import { openDatabase } from '../../server/db/client';
import { copySqliteToPostgres } from '../../server/db/copy-to-postgres';
import { startPostgres, type PostgresServer } from '../postgres-server';
import { startRedis } from '../redis-server';
import { startServer, tempDataDir, type ServerProcess } from '../server-process';
import { bareVerifyRate } from './auth';
import { activatePlaylist, BENCH_ADMIN_ENV, benchAdminHeaders } from './bench-admin';
import { SEEDED_PASSWORD_HASH, seedUsers } from './seed-users';
import { writeFile } from './slider-public';
import { keepAliveGet } from './keep-alive-get';
import { fmt, median, p95OfRuns } from './stats';
import { USER_LIST_QUERIES } from './users';

const SAMPLES = 200;
/** The most a slow case may sample for, per database, in ms (p95OfRuns). */
const BUDGET_MS = 10_000;

/**
 * BENCH_KEEP=<folder>: the user list's seeded databases are kept there (the SQLite file, and
 * PostgreSQL's data folder with a database per size) and reused by the next run that names it, which
 * then seeds and copies nothing: at a million users that is several minutes saved each run.
 */
const keptIn = process.env.BENCH_KEEP ? path.resolve(process.env.BENCH_KEEP) : undefined;

/** The seed's users in the SQLite file (the bench's admin, whom the server adds, is not one of them). */
function seededUsers(file: string): number {
  const handle = openDatabase(file);
  try {
    return (handle.sqlite.prepare(`select count(*) as n from users where password_hash = '${SEEDED_PASSWORD_HASH}'`).get() as { n: number }).n;
  } finally {
    handle.close();
  }
}

async function userListOnBothDatabases(postgres: PostgresServer, sizes = [100_000, 1_000_000]) {
  console.log(`\n### User list, PostgreSQL beside SQLite (REST p95 of ${SAMPLES} sequential requests; goal: PostgreSQL <= 10 ms at 1M)`);
  const dataDir = keptIn ? path.join(keptIn, 'sqlite') : tempDataDir();
  mkdirSync(dataDir, { recursive: true });
  const file = path.join(dataDir, 'app.db');
  let seeded = keptIn ? seededUsers(file) : 0;
  const get = keepAliveGet();
  try {
    for (const size of sizes) {
      if (seeded > size)
        throw new Error(`${file} holds ${seeded.toLocaleString('en')} users, more than ${size.toLocaleString('en')}: keep each size in a folder of its own`);
      const handle = openDatabase(file);
      seedUsers(handle.sqlite, size - seeded, seeded);
      handle.sqlite.pragma('wal_checkpoint(TRUNCATE)');
      handle.close();
      seeded = size;
      const database = `users_${size}`;
      if (await postgres.databaseExists(database)) {
        console.log(`\n${size.toLocaleString('en')} users, kept in ${keptIn} from an earlier run`);
      } else {
        const url = await postgres.createDatabase(database);
        const started = performance.now();
        await copySqliteToPostgres(file, url);
        console.log(`\n${size.toLocaleString('en')} users; db:copy moved them into PostgreSQL in ${fmt((performance.now() - started) / 1000)} s`);
      }
      const url = postgres.urlOf(database);
      const onSqlite = await startServer({ env: BENCH_ADMIN_ENV, dataDir });
      const onPostgres = await startServer({ env: { ...BENCH_ADMIN_ENV, DATABASE_URL: url } });
      try {
        const sites = [
          { server: onSqlite, headers: await benchAdminHeaders(onSqlite.url) },
          { server: onPostgres, headers: await benchAdminHeaders(onPostgres.url) },
        ];
        for (const [label, query] of USER_LIST_QUERIES) {
          const figures: string[] = [];
          for (const { server, headers } of sites) {
            const url = `${server.url}/api/admin/users?${query}`;
            // The first request of a search, apart: PostgreSQL keeps its count for the next ones.
            const started = performance.now();
            await get(url, headers);
            const first = performance.now() - started;
            const p95 = await p95OfRuns(SAMPLES, () => get(url, headers), BUDGET_MS);
            figures.push(`${fmt(p95, 2).padStart(6)} ms (first ${fmt(first, 1).padStart(5)})`);
          }
          console.log(`${label.padEnd(36)} SQLite ${figures[0]}   PostgreSQL ${figures[1]}`);
        }
      } finally {
        await Promise.all([onSqlite.stop(), onPostgres.stop()]);
      }
    }
  } finally {
    get.close();
    if (!keptIn) rmSync(dataDir, { recursive: true, force: true });
  }
}

/** Requests a second over `seconds`, `connections` spread evenly over the servers at once. */
async function throughput(servers: ServerProcess[], route: string, connections: number, seconds: number, options: Partial<autocannon.Options> = {}) {
  const results = await Promise.all(
    servers.map((server) => autocannon({ url: `${server.url}${route}`, connections: connections / servers.length, duration: seconds, ...options })),
  );
  const failed = results.reduce((sum, result) => sum + result.non2xx + result.errors, 0);
  if (failed > 0) throw new Error(`${route}: ${failed} requests failed`);
  return results.reduce((sum, result) => sum + result['2xx'], 0) / seconds;
}

/** Alternating rounds of one process and two; prints each round and the median ratio. */
async function oneBesideTwo(label: string, rounds: number, measure: (servers: ServerProcess[]) => Promise<number>, a: ServerProcess, b: ServerProcess) {
  const one: number[] = [];
  const two: number[] = [];
  for (let round = 0; round < rounds; round++) {
    one.push(await measure([a]));
    two.push(await measure([a, b]));
    console.log(`${label} round ${round + 1}: one process ${fmt(one.at(-1)!, 0)}/s, two ${fmt(two.at(-1)!, 0)}/s`);
  }
  console.log(`${label}: median ratio two / one ${fmt(median(two) / median(one), 2)}`);
}

async function twoProcessesBesideOne(postgres: PostgresServer) {
  const logins = 16;
  console.log(`\n### Two processes beside one (PostgreSQL + Redis; goal: sign-in >= 1.6x)`);
  const dataDir = tempDataDir();
  const mediaRoot = path.join(dataDir, 'media');
  for (let i = 0; i < 30; i++) writeFile(path.join(mediaRoot, 'image', `landscape-${i}.jpg`));
  const redis = await startRedis();
  const env = {
    ...BENCH_ADMIN_ENV,
    DATABASE_URL: await postgres.createDatabase('two_processes'),
    REDIS_URL: redis.url,
    JWT_SECRET: 'bench-secret-that-is-at-least-32-bytes-long',
    MEDIA_ROOT: mediaRoot,
    LOGINS_PER_MINUTE: '1000000000',
    REGISTRATIONS_PER_HOUR: '1000',
  };
  const a = await startServer({ env });
  const b = await startServer({ env });
  try {
    const items = Array.from({ length: 12 }, (_, i) => ({ type: 'image', url: `/media/image/landscape-${i}.jpg` }));
    await activatePlaylist(a.url, await benchAdminHeaders(a.url), items);
    await oneBesideTwo('GET /api/slider/public (10 connections, 8 s)', 3, (servers) => throughput(servers, '/api/slider/public', 10, 8), a, b);

    const accounts = Array.from({ length: logins }, (_, i) => ({ name: `Bench ${i}`, email: `bench${i}@example.com`, password: 'bench password' }));
    for (const account of accounts) {
      await fetch(`${a.url}/api/auth/register`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(account) });
    }
    let clients = 0;
    const signIns = (servers: ServerProcess[]) =>
      throughput(servers, '/api/auth/login', logins, 10, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        // Each connection signs in to an account of its own, as members do.
        setupClient: (client) => {
          const { email, password } = accounts[clients++ % accounts.length]!;
          client.setBody(JSON.stringify({ email, password }));
        },
      });
    await oneBesideTwo(`POST /api/auth/login (${logins} connections, 10 s)`, 2, signIns, a, b);
    // One process already verifies on every core (argon2 runs on libuv's thread pool): a second
    // process can add throughput only where there are cores the first leaves idle.
    console.log(`bare argon2.verify in one process, 16 at once: ${fmt(await bareVerifyRate(), 0)}/s, this machine's ceiling for sign-ins`);
  } finally {
    await Promise.all([a.stop(), b.stop()]);
    await redis.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

/** `npm run bench -- users-postgres`: the user list of `scale` alone, at a million users. */
export async function benchUsersOnPostgres() {
  console.log('\n## Admin user list at 1,000,000 users, PostgreSQL beside SQLite');
  const postgres = await startPostgres({ keptIn: keptIn && path.join(keptIn, 'postgres') });
  try {
    await userListOnBothDatabases(postgres, [1_000_000]);
  } finally {
    await postgres.stop();
  }
}

export async function benchScale() {
  console.log('\n## Past one machine: PostgreSQL beside SQLite, two processes beside one');
  const postgres = await startPostgres({ keptIn: keptIn && path.join(keptIn, 'postgres') });
  try {
    await userListOnBothDatabases(postgres);
    await twoProcessesBesideOne(postgres);
  } finally {
    await postgres.stop();
  }
}
