// Issue 12's figures: GET /api/admin/users/export.csv of 1,000,000 users through the built server,
// read as fast as the client can: the time to the last byte, and the server's peak RSS growth
// meanwhile. The default order twice (the second with SQLite's page cache already full), a sort
// by name (the table read in index order, not in the order it was written), a common search and
// a rare one.
import { rmSync } from 'node:fs';
import path from 'node:path';
import { openDatabase } from '../../server/db/client';
import { startServer, tempDataDir } from '../server-process';
import { BENCH_ADMIN_ENV, benchAdminHeaders } from './bench-admin';
import { seedUsers } from './seed-users';
import { fmt } from './stats';

const USERS = 1_000_000;
const MiB = 2 ** 20;
const LINE_FEED = 0x0a;

const EXPORTS: Array<[label: string, query: string]> = [
  ['default order (newest first)', ''],
  ['default order again', ''],
  ['sorted by name', 'sortBy=name&sortOrder=asc'],
  ['search "mart" (common)', 'search=mart'],
  ['search "lovelace.4242" (rare)', 'search=lovelace.4242'],
];

/** Reads the whole file and throws it away; its rows (the seeded names break no line) and size. */
async function exportOnce(url: string, headers: Record<string, string>) {
  const started = performance.now();
  const response = await fetch(url, { headers });
  if (!response.ok) throw new Error(`${url}: ${response.status} ${await response.text()}`);
  let bytes = 0;
  let lines = 0;
  const reader = response.body!.getReader();
  for (let read = await reader.read(); !read.done; read = await reader.read()) {
    const chunk = read.value;
    bytes += chunk.length;
    for (let at = chunk.indexOf(LINE_FEED); at !== -1; at = chunk.indexOf(LINE_FEED, at + 1)) lines++;
  }
  return { ms: performance.now() - started, bytes, rows: lines - 1 };
}

/** The figures for a DATA_DIR that holds the users already. */
export async function measureExports(dataDir: string) {
  const server = await startServer({ env: BENCH_ADMIN_ENV, dataDir });
  try {
    const headers = await benchAdminHeaders(server.url);
    console.log(`server RSS before: ${fmt(server.rssBytes() / MiB)} MiB`);
    for (const [label, query] of EXPORTS) {
      const before = server.rssBytes();
      server.resetPeakRss();
      const { ms, bytes, rows } = await exportOnce(`${server.url}/api/admin/users/export.csv?${query}`, headers);
      const growth = (server.peakRssBytes() - before) / MiB;
      console.log(
        `${label.padEnd(30)} ${rows.toLocaleString('en').padStart(9)} rows, ${fmt(bytes / MiB).padStart(5)} MiB in ${fmt(ms / 1000, 2).padStart(5)} s` +
          ` (${Math.round(rows / (ms / 1000)).toLocaleString('en')} rows/s); peak RSS growth ${fmt(growth)} MiB`,
      );
    }
  } finally {
    await server.stop();
  }
}

export async function benchExport() {
  console.log(`\n## Member export of ${USERS.toLocaleString('en')} users (targets: under 10 s, server peak RSS growth under 64 MiB)`);
  const dataDir = tempDataDir();
  try {
    const started = performance.now();
    const handle = openDatabase(path.join(dataDir, 'app.db'));
    seedUsers(handle.sqlite, USERS);
    handle.sqlite.pragma('wal_checkpoint(TRUNCATE)');
    handle.close();
    console.log(`seeded ${USERS.toLocaleString('en')} users in ${fmt((performance.now() - started) / 1000)} s`);
    await measureExports(dataDir);
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}
