// Decision 041's costs, in one process on one seeded SQLite file (USERS, default 200,000):
// - the gate that keeps a request's statements out of another's open transaction: a primary-key
//   read through Drizzle on the site's connection (gated) against the same read on a plain Drizzle
//   connection to the same file, rounds alternating, CPU time a statement;
// - the option not taken, reads on a connection of their own: the admin list read there with no
//   writes, and with a one-row write on the site's connection before each read (SQLite then drops
//   the reader's page cache, and 036's label changes), against the same reads on the site's
//   connection.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/better-sqlite3';
import { openBulkReader, openDatabase, type Db } from '../../server/db/client';
import { schema, users } from '../../server/db/schema';
import { openSqlite } from '../../server/db/sqlite-driver';
import { listUsers } from '../../server/users/list-query';
import { listUsersInput } from '../../shared/user-schemas';
import { seedUsers } from './seed-users';
import { fmt, median } from './stats';

const ROUNDS = 10;
const READS_A_ROUND = 20_000;
const LIST_ROUNDS = 4;
const LISTS_A_ROUND = 40;

const spread = (samples: number[], digits: number) =>
  `${fmt(median(samples), digits)} [${fmt(Math.min(...samples), digits)}-${fmt(Math.max(...samples), digits)}]`;

export async function benchSqliteReads() {
  const size = Number(process.env.USERS ?? 200_000);
  console.log(`\n## SQLite: the statement gate, and reads on a connection of their own (decision 041), ${size.toLocaleString('en')} users`);
  const dir = mkdtempSync(path.join(tmpdir(), 'qc-bench-reads-'));
  const file = path.join(dir, 'app.db');
  const site = openDatabase(file);
  const plainSqlite = openSqlite(file);
  const reader = openBulkReader(file);
  try {
    seedUsers(site.sqlite, size, 0);
    site.sqlite.pragma('wal_checkpoint(TRUNCATE)');
    for (const pragma of ['journal_mode = WAL', 'synchronous = NORMAL', 'busy_timeout = 5000', 'cache_size = -65536']) plainSqlite.pragma(pragma);
    reader.sqlite.pragma('cache_size = -65536');
    const plain = drizzle(plainSqlite, { schema }) as unknown as Db;
    const [someone] = await site.db.select({ id: users.id }).from(users).limit(1);
    const id = someone!.id;

    const cpuPerRead = async (db: Db) => {
      const started = process.cpuUsage();
      for (let i = 0; i < READS_A_ROUND; i++) await db.select({ name: users.name }).from(users).where(eq(users.id, id));
      const spent = process.cpuUsage(started);
      return (spent.user + spent.system) / READS_A_ROUND;
    };
    const gated: number[] = [];
    const ungated: number[] = [];
    for (let round = 0; round < ROUNDS; round++) {
      const order = round % 2 ? [gated, ungated] : [ungated, gated];
      for (const samples of order) samples.push(await cpuPerRead(samples === gated ? site.db : plain));
    }
    console.log(
      `primary-key read, CPU µs a statement (median [min-max] of ${ROUNDS} rounds of ${READS_A_ROUND.toLocaleString('en')}): gated ${spread(gated, 2)}, plain ${spread(ungated, 2)}`,
    );

    let stamp = 0;
    const write = site.sqlite.prepare('update users set updated_at = ? where id = ?');
    const listMs = async (db: Db, query: string, writeFirst: boolean) => {
      const input = listUsersInput.parse(Object.fromEntries(new URLSearchParams(query)));
      const times: number[] = [];
      for (let i = 0; i < LISTS_A_ROUND; i++) {
        if (writeFirst) write.run(++stamp, id);
        const start = performance.now();
        await listUsers(db, input);
        times.push(performance.now() - start);
      }
      return median(times);
    };
    const ways: Array<[string, Db, boolean]> = [
      ['site connection', site.db, false],
      ['site connection, a write before each', site.db, true],
      ['own connection', reader.db, false],
      ['own connection, a write before each', reader.db, true],
    ];
    for (const [label, query] of [
      ['default page', ''],
      ['page 500', 'page=500'],
      ['"mart" by name', 'search=mart&sortBy=name&sortOrder=asc'],
    ] as const) {
      const samples = ways.map(() => [] as number[]);
      for (let round = 0; round < LIST_ROUNDS; round++) {
        for (const [i, [, db, writeFirst]] of ways.entries()) samples[i]!.push(await listMs(db, query, writeFirst));
      }
      console.log(`${label}, ms (median [min-max] of ${LIST_ROUNDS} rounds' medians):`);
      for (const [i, [way]] of ways.entries()) console.log(`  ${way.padEnd(38)} ${spread(samples[i]!, 2)}`);
    }
  } finally {
    reader.close();
    plainSqlite.close();
    site.close();
    rmSync(dir, { recursive: true, force: true });
  }
}
