// The course figures' two sites over one seeded SQLite file: the site on that file, and the site on
// a PostgreSQL database that db:copy filled from it, so that both dialects answer the same data.
import { existsSync, rmSync } from 'node:fs';
import path from 'node:path';
import { copySqliteToPostgres } from '../../server/db/copy-to-postgres';
import { startPostgres, type PostgresServer } from '../postgres-server';
import { startServer, tempDataDir, type ServerProcess } from '../server-process';
import { BENCH_ADMIN_ENV } from './bench-admin';
import { fmt } from './stats';

/**
 * BENCH_KEEP=<folder>, as for the scale section: the seeded databases are kept there (the SQLite
 * site's folder by name, PostgreSQL's data folder with a database by name) and reused by the next
 * run that names it, which then seeds and copies nothing: minutes saved each run.
 */
const keptIn = process.env.BENCH_KEEP ? path.resolve(process.env.BENCH_KEEP) : undefined;

/** The SQLite site's folder for `name`: kept under BENCH_KEEP, else a new temporary one. */
export const siteFolder = (name: string) => (keptIn ? path.join(keptIn, name) : tempDataDir());

/** Whether the site's folder holds a database seeded by an earlier run (BENCH_KEEP). */
export const seededBefore = (dataDir: string) => keptIn !== undefined && existsSync(siteFile(dataDir));

/** Removes the site's folder unless BENCH_KEEP keeps it. */
export const dropSiteFolder = (dataDir: string) => {
  if (!keptIn) rmSync(dataDir, { recursive: true, force: true });
};

/** Runs `bench` with a PostgreSQL server (kept under BENCH_KEEP), stopped after it. */
export async function onPostgres(bench: (postgres: PostgresServer) => Promise<void>) {
  const postgres = await startPostgres({ keptIn: keptIn && path.join(keptIn, 'postgres') });
  try {
    await bench(postgres);
  } finally {
    await postgres.stop();
  }
}

export interface BenchSite {
  label: 'SQLite' | 'PostgreSQL';
  start(): Promise<ServerProcess>;
}

/** The database file of a site whose DATA_DIR is `dataDir`. */
export const siteFile = (dataDir: string) => path.join(dataDir, 'app.db');

/**
 * The environment of both: the per-address sign-in limit off (0), since every viewer of the bench
 * signs in from 127.0.0.1; everything else as an operator runs it.
 */
// The bench signs in and searches as fast as it can: the limits on both are a person's, not a bench's.
const env = (filesRoot: string) => ({ ...BENCH_ADMIN_ENV, LOGINS_PER_MINUTE: '0', COURSE_SEARCHES_PER_MINUTE: '0', COURSE_FILES_ROOT: filesRoot });

/** Copies the seeded file into a new PostgreSQL database `name` and returns the two sites and its URL. */
export async function sitesOver(
  dataDir: string,
  filesRoot: string,
  postgres: PostgresServer,
  name: string,
): Promise<{ sites: BenchSite[]; postgresUrl: string }> {
  let postgresUrl = postgres.urlOf(name);
  if (await postgres.databaseExists(name)) {
    console.log(`PostgreSQL: the database ${name}, kept in ${keptIn} from an earlier run`);
  } else {
    postgresUrl = await postgres.createDatabase(name);
    const started = performance.now();
    await copySqliteToPostgres(siteFile(dataDir), postgresUrl);
    console.log(`db:copy moved it into PostgreSQL in ${fmt((performance.now() - started) / 1000)} s`);
  }
  return {
    postgresUrl,
    sites: [
      { label: 'SQLite', start: () => startServer({ env: env(filesRoot), dataDir, startTimeoutMs: 120_000 }) },
      { label: 'PostgreSQL', start: () => startServer({ env: { ...env(filesRoot), DATABASE_URL: postgresUrl }, startTimeoutMs: 120_000 }) },
    ],
  };
}

/** Signs the members in through the real route, `parallel` at a time; their bearer headers, in order. */
export async function signInMembers(serverUrl: string, emails: readonly string[], password: string, parallel = 8): Promise<Array<{ authorization: string }>> {
  const headers: Array<{ authorization: string }> = [];
  let next = 0;
  await Promise.all(
    Array.from({ length: parallel }, async () => {
      while (next < emails.length) {
        const i = next++;
        const response = await fetch(`${serverUrl}/api/auth/login`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ email: emails[i], password }),
        });
        const text = await response.text();
        if (!response.ok) throw new Error(`sign-in of ${emails[i]}: ${response.status} ${text}`);
        const { token } = JSON.parse(text) as { token: string };
        headers[i] = { authorization: `Bearer ${token}` };
      }
    }),
  );
  return headers;
}
