// The test app's database opened beside it, on whichever database the run uses (SQLite, or
// PostgreSQL in the postgres project of vitest.config.ts), for seeding and checking.
import type { SQL } from 'drizzle-orm';
import { afterAll, beforeAll } from 'vitest';
import type { NodePgDatabase } from 'drizzle-orm/node-postgres';
import type { AppConfig } from '../../server/config';
import { openSiteDatabase, type Db, type SiteDatabase } from '../../server/db/client';
import { dialect } from '../../server/db/dialect';
import { gatedAnswer } from '../../server/db/sqlite-turns';
import { createTestApp, type TestApp } from './test-app';

export { dialect };

export const openAppDatabase = (config: AppConfig): Promise<SiteDatabase> => openSiteDatabase(config.database);

/** The rows of a raw query. */
export async function sqlRows<T>(db: Db, query: SQL): Promise<T[]> {
  if (dialect === 'sqlite') return db.all<T>(query);
  return (await (db as unknown as NodePgDatabase).execute(query)).rows as T[];
}

/** Runs raw SQL: one statement, or the dialect's own where the two differ. */
export async function sqlRun(db: Db, query: SQL | Record<typeof dialect, SQL>): Promise<void> {
  const statement = 'sqlite' in query ? query[dialect] : query;
  if (dialect === 'sqlite') await gatedAnswer(db.run(statement));
  else await (db as unknown as NodePgDatabase).execute(statement);
}

/** Opens the app's database beside it for `fn`, for arranging what no route can, and closes it. */
export async function withAppDatabase<T>(config: AppConfig, fn: (db: Db) => Promise<T>): Promise<T> {
  const database = await openAppDatabase(config);
  try {
    return await fn(database.db);
  } finally {
    await database.close();
  }
}

/**
 * A test app for the file's tests, and its database opened beside it (`db`, once they run), for
 * tests of the database itself; both closed after them.
 */
export function appDatabaseForFile(): { readonly db: Db } {
  let t: TestApp | undefined;
  let database: SiteDatabase | undefined;
  beforeAll(async () => {
    t = await createTestApp();
    database = await openAppDatabase(t.config);
  });
  afterAll(async () => {
    await database?.close();
    await t?.close();
  });
  return {
    get db() {
      return database!.db;
    },
  };
}
