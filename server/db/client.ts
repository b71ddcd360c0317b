// Opens the site's database: the SQLite file (here), or PostgreSQL (postgres-client.ts, loaded
// only when DATABASE_URL asks for it), and applies pending migrations.
import { chmodSync, closeSync, mkdirSync, openSync } from 'node:fs';
import path from 'node:path';
import { drizzle, type BetterSQLite3Database } from 'drizzle-orm/better-sqlite3';
import { migrate } from 'drizzle-orm/better-sqlite3/migrator';
import type { DatabaseLocation } from '../config';
import { migrationsDir } from '../paths';
import { assertDialect } from './dialect';
import { schema, type Schema } from './schema';
import { openSqlite, type SqliteDatabase } from './sqlite-driver';
import { gateStatements } from './sqlite-turns';
import { startWalCheckpointer } from './wal-checkpointer';

/**
 * The database, as the data functions see it: typed as Drizzle's SQLite database, and on
 * PostgreSQL its node-postgres one, as both answer the dialect-neutral queries the data functions
 * are limited to alike (decision 020).
 */
export type Db = BetterSQLite3Database<Schema> & { $client: SqliteDatabase };
declare const insideTransaction: unique symbol;
/**
 * Db inside a transaction (server/db/transaction.ts). A Db function takes one too; a function
 * that takes only this must run inside its caller's transaction.
 */
export type Tx = Db & { readonly [insideTransaction]: true };

export interface SqliteHandle {
  db: Db;
  sqlite: SqliteDatabase;
  close(): void;
}

const closing = (sqlite: SqliteDatabase) => () => {
  if (sqlite.open) sqlite.close();
};

/**
 * Applies pending migrations. Drizzle reads which are applied before it opens its transaction, so
 * two processes started at once on a new file can both decide to apply the first migration; the
 * second then waits for the first's write lock and fails on a table that now exists. Asked again,
 * it reads the first's work and has nothing left to do. A migration that is really broken fails
 * the second time too, and that error is thrown.
 */
function applyMigrations(db: Db) {
  try {
    migrate(db, { migrationsFolder: migrationsDir });
  } catch {
    migrate(db, { migrationsFolder: migrationsDir });
  }
}

export function openDatabase(file: string): SqliteHandle {
  assertDialect('sqlite');
  mkdirSync(path.dirname(file), { recursive: true, mode: 0o700 });
  // Password hashes live here: readable by the site's own user only, from the first byte (SQLite
  // gives its -wal and -shm files the database file's mode).
  closeSync(openSync(file, 'a', 0o600));
  chmodSync(file, 0o600);
  const sqlite = openSqlite(file);
  sqlite.pragma('journal_mode = WAL');
  // WAL makes NORMAL durable against application crashes; only a power cut can lose the last commits.
  sqlite.pragma('synchronous = NORMAL');
  sqlite.pragma('foreign_keys = ON');
  sqlite.pragma('busy_timeout = 5000');
  // 64 MiB of page cache (the default is 2 MiB): with a million users the hot index pages of the
  // admin's list stay in memory instead of being read again for every page.
  sqlite.pragma('cache_size = -65536');
  const db = drizzle(sqlite, { schema });
  // No statement of one request runs inside another's transaction (decision 041).
  gateStatements(db, sqlite);
  applyMigrations(db);
  return { db, sqlite, close: closing(sqlite) };
}

/**
 * A second connection, for reads that sweep a whole table (the member export), with SQLite's
 * default page cache (2 MiB) instead of the main connection's 64 MiB: a million users read
 * through the main connection would fill its cache, memory the process then keeps, and push the
 * admin list's hot index pages out of it. WAL lets it read while the main connection writes;
 * open it after openDatabase, which migrates.
 */
export function openBulkReader(file: string): SqliteHandle {
  const sqlite = openSqlite(file, { fileMustExist: true });
  sqlite.pragma('query_only = ON');
  sqlite.pragma('busy_timeout = 5000');
  return { db: drizzle(sqlite, { schema }), sqlite, close: closing(sqlite) };
}

/** The site's database: `bulkReadDb` is for reads that sweep a whole table (the member export). */
export interface SiteDatabase {
  db: Db;
  bulkReadDb: Db;
  close(): Promise<void>;
}

export interface SiteDatabaseOptions {
  /** PostgreSQL: an idle pooled connection broke. */
  onIdleError?: (error: Error) => void;
  /** SQLite: the WAL checkpoint thread died; the main connection checkpoints itself again. */
  onCheckpointerError?: (error: Error) => void;
}

export async function openSiteDatabase(location: DatabaseLocation, options: SiteDatabaseOptions = {}): Promise<SiteDatabase> {
  if (location.dialect === 'postgres') {
    const { openPostgres } = await import('./postgres-client');
    const { db, close } = await openPostgres(location.url, options);
    // PostgreSQL keeps no per-connection page cache for a sweep to spoil: the pool serves both.
    return { db, bulkReadDb: db, close };
  }
  const main = openDatabase(location.file);
  const bulkReader = openBulkReader(location.file);
  // Only the server's database: the CLI tools and tests that open the file directly keep SQLite's
  // checkpoints in the commit, as they never serve a request while one runs (decision 035).
  const checkpointer = startWalCheckpointer(main.sqlite, location.file, { onError: options.onCheckpointerError });
  return {
    db: main.db,
    bulkReadDb: bulkReader.db,
    close: async () => {
      await checkpointer.stop();
      bulkReader.close();
      main.close();
    },
  };
}
