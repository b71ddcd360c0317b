// A throwaway PostgreSQL (Debian's `postgresql` package) in a temporary folder, on a free port of
// loopback, for the tests and the scale bench that run the site on PostgreSQL. initdb and pg_ctl refuse to run as root,
// so as root the server runs as the package's `postgres` user. `.ci/run` installs the package.
import { execFileSync } from 'node:child_process';
import { chownSync, existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir, userInfo } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { freePort } from './server-process';

export interface PostgresServer {
  /** A connection string to an empty database of its own (`createDatabase` makes more). */
  url: string;
  createDatabase(name: string): Promise<string>;
  databaseExists(name: string): Promise<boolean>;
  /** The connection string of the database `name`. */
  urlOf(name: string): string;
  stop(): Promise<void>;
}

/** The folder of initdb and pg_ctl: on PATH, or Debian's /usr/lib/postgresql/<version>/bin. */
function binFolder(): string {
  const debian = '/usr/lib/postgresql';
  const versions = existsSync(debian) ? readdirSync(debian).sort((a, b) => Number(b) - Number(a)) : [];
  for (const version of versions) if (existsSync(path.join(debian, version, 'bin', 'pg_ctl'))) return path.join(debian, version, 'bin');
  throw new Error("PostgreSQL's initdb and pg_ctl were not found: install Debian's postgresql package (apt-get install postgresql)");
}

/**
 * Starts a PostgreSQL in a new temporary folder, removed on stop; or, given `keptIn`, in that folder,
 * made on the first start and kept on stop with its databases, for a bench to reuse what it seeded.
 */
export async function startPostgres({ keptIn }: { keptIn?: string } = {}): Promise<PostgresServer> {
  const bin = binFolder();
  // Absolute: pg_ctl runs as another user, from another folder.
  const dir = keptIn !== undefined ? path.resolve(keptIn) : mkdtempSync(path.join(tmpdir(), 'qc-postgres-'));
  const kept = keptIn !== undefined && existsSync(path.join(dir, 'data'));
  if (keptIn !== undefined) mkdirSync(dir, { recursive: true });
  const asRoot = userInfo().uid === 0;
  if (asRoot) chownSync(dir, Number(execFileSync('id', ['-u', 'postgres']).toString()), Number(execFileSync('id', ['-g', 'postgres']).toString()));
  const run = (program: string, args: string[]) =>
    execFileSync(asRoot ? 'runuser' : path.join(bin, program), asRoot ? ['-u', 'postgres', '--', path.join(bin, program), ...args] : args, {
      stdio: ['ignore', 'pipe', 'pipe'],
    });
  const data = path.join(dir, 'data');
  const port = await freePort();
  // Durability is of no use to a database that is deleted after the tests.
  const settings = `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=off -c synchronous_commit=off -c full_page_writes=off`;
  try {
    if (!kept) run('initdb', ['-D', data, '-U', 'postgres', '--auth=trust', '--encoding=UTF8', '--locale=C', '--no-sync']);
    run('pg_ctl', ['-D', data, '-o', settings, '-l', path.join(dir, 'server.log'), '-w', '-t', '30', 'start']);
  } catch (error) {
    if (keptIn === undefined) rmSync(dir, { recursive: true, force: true });
    const output = (error as { stderr?: Buffer }).stderr?.toString() ?? '';
    throw new Error(`PostgreSQL did not start: ${(error as Error).message}\n${output}`, { cause: error });
  }
  const admin = `postgres://postgres@127.0.0.1:${port}`;
  const urlOf = (name: string) => `${admin}/${name}`;
  const createDatabase = async (name: string) => {
    const client = new pg.Client({ connectionString: `${admin}/postgres` });
    await client.connect();
    try {
      await client.query(`create database "${name.replaceAll('"', '')}"`);
    } finally {
      await client.end();
    }
    return urlOf(name);
  };
  const databaseExists = async (name: string) => {
    const client = new pg.Client({ connectionString: `${admin}/postgres` });
    await client.connect();
    try {
      return (await client.query('select 1 from pg_database where datname = $1', [name])).rowCount === 1;
    } finally {
      await client.end();
    }
  };
  return {
    url: kept && (await databaseExists('site')) ? urlOf('site') : await createDatabase('site'),
    databaseExists,
    urlOf,
    createDatabase,
    stop: async () => {
      try {
        // A kept folder stops cleanly, so that its next start finds its databases as they were.
        run('pg_ctl', ['-D', data, '-m', keptIn === undefined ? 'immediate' : 'fast', '-w', 'stop']);
      } finally {
        if (keptIn === undefined) rmSync(dir, { recursive: true, force: true });
      }
    },
  };
}
