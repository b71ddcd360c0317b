// Issue 3's figures: the admin's user list over REST at 100,000 and 1,000,000 users (the cases of
// USER_LIST_QUERIES), each against the same listUsers() call made directly on better-sqlite3 in
// this process, and the server's RSS after.
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { openDatabase } from '../../server/db/client';
import { listUsers } from '../../server/users/list-query';
import { listUsersInput } from '../../shared/user-schemas';
import { BENCH_ADMIN_ENV, benchAdminHeaders } from './bench-admin';
import { seedUsers } from './seed-users';
import { startServer, tempDataDir } from '../server-process';
import { keepAliveGet } from './keep-alive-get';
import { fmt, p95OfRuns } from './stats';

const SAMPLES = 200;
const WARM_UP = 20;
/** The most a case's side may take, in ms: the slow searches stop sampling there (p95OfRuns). */
const BUDGET_MS = 10_000;
/**
 * The list's cases: the default page, a sort, a long and a short search, a deep page; then the
 * hard searches of decision 004: a common fragment sorted by the text it is found in (whose
 * matches cluster, "yuk" all at the far end of the names), deep in a search, and a rare fragment
 * too short for the trigram index.
 */
export const USER_LIST_QUERIES: Array<[string, string]> = [
  ['default page', ''],
  ['sort by name', 'sortBy=name&sortOrder=asc'],
  ['search "mart" (3+ letters)', 'search=mart'],
  ['search "a" (1 letter)', 'search=a'],
  ['page 5,000', 'page=5000'],
  ['"mart" by name', 'search=mart&sortBy=name&sortOrder=asc'],
  ['"mart" by email, descending', 'search=mart&sortBy=email&sortOrder=desc'],
  ['"mart" page 500', 'search=mart&page=500'],
  ['"yuk" by name (matches at the end)', 'search=yuk&sortBy=name&sortOrder=asc'],
  ['"yuk" by name, descending', 'search=yuk&sortBy=name&sortOrder=desc'],
  ['"q" (rare, 1 letter)', 'search=q'],
  ['"q" by name', 'search=q&sortBy=name&sortOrder=asc'],
];

async function measure(dataDir: string, size: number) {
  const file = path.join(dataDir, 'app.db');
  const server = await startServer({ env: BENCH_ADMIN_ENV, dataDir });
  const direct = openDatabase(file);
  const get = keepAliveGet();
  try {
    const headers = await benchAdminHeaders(server.url);
    console.log(`\n### ${size.toLocaleString('en')} users (p95 of ${SAMPLES} sequential requests)`);
    // What any answer costs over this loopback, the floor under every REST figure below.
    const floor = await p95OfRuns(SAMPLES, () => get(`${server.url}/healthz`));
    console.log(`GET /healthz (no database)           REST ${fmt(floor, 2).padStart(6)} ms`);
    for (const [label, query] of USER_LIST_QUERIES) {
      const url = `${server.url}/api/admin/users?${query}`;
      const input = listUsersInput.parse(Object.fromEntries(new URLSearchParams(query)));
      // Both sides warmed first: the server's first calls of a query pay for compiling its code.
      for (let i = 0; i < WARM_UP; i++) {
        await get(url, headers);
        await listUsers(direct.db, input);
      }
      const rest = await p95OfRuns(SAMPLES, () => get(url, headers), BUDGET_MS);
      // The data functions are async (decision 019): each run is awaited, as the server awaits it.
      const sqlite = await p95OfRuns(SAMPLES, () => listUsers(direct.db, input), BUDGET_MS);
      console.log(
        `${label.padEnd(36)} REST ${fmt(rest, 2).padStart(6)} ms   direct ${fmt(sqlite, 2).padStart(6)} ms   REST over direct ${fmt(rest - sqlite, 2)} ms`,
      );
    }
    console.log(`server RSS after the run: ${fmt(server.rssBytes() / 2 ** 20)} MiB`);
  } finally {
    get.close();
    direct.close();
    await server.stop();
  }
}

/**
 * BENCH_KEEP=<folder>, as for the course sections: the seeded users are kept in its `users` folder
 * and the next run that names it seeds nothing (at the sizes the kept file already passed, nothing
 * is measured), so that two builds can be measured in turn on the same million.
 */
function usersFolder(): { dataDir: string; seeded: number; keep: boolean } {
  if (!process.env.BENCH_KEEP) return { dataDir: tempDataDir(), seeded: 0, keep: false };
  const dataDir = path.join(path.resolve(process.env.BENCH_KEEP), 'users');
  mkdirSync(dataDir, { recursive: true });
  const mark = path.join(dataDir, 'seeded');
  return { dataDir, seeded: existsSync(mark) ? Number(readFileSync(mark, 'utf8')) : 0, keep: true };
}

export async function benchUsers() {
  console.log('\n## Admin user list (targets: p95 <= 10 ms at 100k, <= 25 ms at 1M; REST at most 1 ms over direct)');
  const folder = usersFolder();
  const { dataDir, keep } = folder;
  let seeded = folder.seeded;
  if (seeded > 0) console.log(`${seeded.toLocaleString('en')} users kept in ${dataDir} from an earlier run`);
  for (const size of [100_000, 1_000_000]) {
    if (seeded > size) continue;
    if (seeded < size) {
      const started = performance.now();
      const handle = openDatabase(path.join(dataDir, 'app.db'));
      seedUsers(handle.sqlite, size - seeded, seeded);
      handle.sqlite.pragma('wal_checkpoint(TRUNCATE)');
      handle.close();
      console.log(`seeded ${(size - seeded).toLocaleString('en')} users in ${fmt((performance.now() - started) / 1000)} s`);
      seeded = size;
      if (keep) writeFileSync(path.join(dataDir, 'seeded'), String(seeded));
    }
    await measure(dataDir, size);
  }
  if (!keep) rmSync(dataDir, { recursive: true, force: true });
}
