// `npm run db:copy -- --to postgres://…` (CONTRACT §3 "Past one machine"): moves an SQLite install
// into an empty PostgreSQL database. The two schemas are twins, table for table and column for
// column (decision 020), so a row read through one is written through the other as it is; every
// table of the schema is copied, whatever a later migration adds.
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { asc, getTableColumns, getTableName, gt, is, sql } from 'drizzle-orm';
import { drizzle as drizzleSqlite, type BetterSQLite3Database } from 'drizzle-orm/better-sqlite3';
import { drizzle as drizzlePostgres, type NodePgDatabase } from 'drizzle-orm/node-postgres';
import { PgTable } from 'drizzle-orm/pg-core';
import { getTableConfig, SQLiteTable } from 'drizzle-orm/sqlite-core';
import pg from 'pg';
import { describeDatabase } from '../config';
import { COURSE_SEED_AT, COURSE_SEED_MODULES } from '../../shared/course-seed';
import { migrationsDir } from '../paths';
import * as pgSchema from './pg-schema';
import { driverErrors } from './errors';
import { DERIVED_TABLES } from './derived-tables';
import { applyPostgresMigrations } from './postgres-migrations';
import * as sqliteSchema from './sqlite-schema';
import { openSqlite, type SqliteDatabase } from './sqlite-driver';

/** A copy refused or failed for a reason the operator can act on; the target is left as it was. */
export class CopyError extends Error {
  override name = 'CopyError';
}

export interface CopiedTable {
  table: string;
  rows: number;
}

interface TablePair {
  name: string;
  source: SQLiteTable;
  target: PgTable;
}

// PostgreSQL takes at most 65,535 parameters in one statement: a batch of rows stays well inside.
const PARAMETERS_PER_BATCH = 30_000;

/** The schema's tables, each beside its PostgreSQL twin, by name, but a table always after the tables it refers to. */
function tablePairs(): TablePair[] {
  const twins = new Map<SQLiteTable, TablePair>();
  for (const [key, source] of Object.entries(sqliteSchema)) {
    // Running totals come from the rows they count: the target rebuilds them once those are copied.
    if (!is(source, SQLiteTable) || DERIVED_TABLES.has(getTableName(source))) continue;
    const target = (pgSchema as Record<string, unknown>)[key];
    if (!is(target, PgTable)) throw new Error(`pg-schema.ts has no table ${key}: the schemas drifted (db-schemas.test.ts)`);
    twins.set(source, { name: getTableName(source), source, target });
  }
  const ordered: TablePair[] = [];
  const visit = (table: SQLiteTable) => {
    const pair = twins.get(table)!;
    if (ordered.includes(pair)) return;
    for (const key of getTableConfig(table).foreignKeys) {
      const parent = key.reference().foreignTable;
      if (parent !== table) visit(parent);
    }
    ordered.push(pair);
  };
  // By name: a module's exports come in no order to rely on (esbuild's bundle sorts them, Vitest does not).
  for (const { source } of [...twins.values()].sort((a, b) => a.name.localeCompare(b.name))) visit(source);
  return ordered;
}

/** Opens the source read-only, and checks it is a site database of this version's schema. */
function openSource(file: string): SqliteDatabase {
  if (!existsSync(file)) throw new CopyError(`No database at ${file}: nothing to copy (is that where the site keeps its database?)`);
  const sqlite = openSqlite(file, { readonly: true, fileMustExist: true });
  try {
    const journal = JSON.parse(readFileSync(path.join(migrationsDir, 'meta', '_journal.json'), 'utf8')) as { entries: unknown[] };
    let applied: number;
    try {
      applied = (sqlite.prepare('select count(*) as n from __drizzle_migrations').get() as { n: number }).n;
    } catch {
      throw new CopyError(`${file} is not the site's database (it has no migrations table)`);
    }
    if (applied < journal.entries.length) {
      throw new CopyError(`${file} was last opened by an older version of the site: start the site once on it (it updates the database), stop it, then copy`);
    }
    if (applied > journal.entries.length) throw new CopyError(`${file} was written by a newer version of the site than this one: copy it with that version`);
    return sqlite;
  } catch (error) {
    sqlite.close();
    throw error;
  }
}

/**
 * The driver's own words for a failure (a refused connection, a value PostgreSQL cannot store),
 * or undefined for a fault of this code. Never Drizzle's message: it lists the query's
 * parameters, which are password hashes and secrets here.
 */
function driverMessage(error: unknown): string | undefined {
  for (const e of driverErrors(error)) return e.message;
  return undefined;
}

/**
 * Why the connection failed, in words: the driver's, or, when no password was given and the driver
 * failed before the server answered (its SCRAM and MD5 steps need one), that there was none.
 */
function connectFailure(error: unknown, targetUrl: string): string | undefined {
  const reason = driverMessage(error);
  if (reason) return reason;
  // The driver, as libpq, takes PGPASSWORD when the URL has no password.
  const passwordGiven = new URL(targetUrl).password !== '' || Boolean(process.env.PGPASSWORD);
  if (!passwordGiven && error instanceof Error && /password/i.test(error.message)) {
    return 'it asks for a password, and none was given: set PGPASSWORD (or put the password in the URL of DB_COPY_TO)';
  }
  return undefined;
}

/**
 * Copies every table of the SQLite database `sourceFile` into the PostgreSQL database `targetUrl`,
 * in one transaction: either all of it is there afterwards, or nothing is. The target is migrated
 * first, and refused unless every table of the site is empty in it, so nothing is overwritten.
 * The source is read in one read transaction: one moment of it, even while a site writes to it.
 */
export async function copySqliteToPostgres(sourceFile: string, targetUrl: string, onTable?: (copied: CopiedTable) => void): Promise<CopiedTable[]> {
  const target = describeDatabase({ dialect: 'postgres', url: targetUrl });
  const sqlite = openSource(sourceFile);
  const client = new pg.Client({ connectionString: targetUrl });
  try {
    try {
      await client.connect();
    } catch (error) {
      const reason = connectFailure(error, targetUrl);
      throw reason ? new CopyError(`Cannot open ${target}: ${reason}`, { cause: error }) : error;
    }
    try {
      await applyPostgresMigrations(client);
    } catch (error) {
      const reason = driverMessage(error);
      throw reason ? new CopyError(`Cannot open ${target}: ${reason}`, { cause: error }) : error;
    }
    // "Done" must mean on disk, whatever the server's default: and only a commit flushed to disk
    // lets the vacuum below mark the new rows visible to all.
    await client.query('set synchronous_commit = on');
    const pairs = tablePairs();
    const from = drizzleSqlite(sqlite);
    const into = drizzlePostgres(client);
    const copied: CopiedTable[] = [];
    await client.query('begin');
    sqlite.exec('begin');
    try {
      // Held to the commit: no site starting on the target meanwhile, and no second copy, writes a row in between.
      await client.query(`lock table ${pairs.map((pair) => `"${pair.name}"`).join(', ')} in access exclusive mode`);
      // The migrations put the course's ten modules into every new database (course-seed.ts): the
      // site's rows, not the operator's. Those that nobody has changed make way for the source's.
      await client.query(
        'delete from course_modules m where m.id = any($1) and m.updated_at = $2 and not exists (select 1 from course_lessons l where l.module_id = m.id)',
        [COURSE_SEED_MODULES.map((module) => module.id), COURSE_SEED_AT],
      );
      const filled = [];
      for (const { name } of pairs) if ((await client.query(`select 1 from "${name}" limit 1`)).rowCount) filled.push(name);
      if (filled.length) {
        throw new CopyError(
          `${target} is not empty (it has rows in ${filled.join(', ')}): db:copy fills an empty database only, so that nothing in it is overwritten. Create a new database (createdb) and copy into that.`,
        );
      }
      // The running totals (decision 032) are counted once at the end, not by a trigger per row:
      // in one transaction those would update each lesson's totals once per member, and PostgreSQL
      // slows down with every version of a row one transaction adds. Off for this transaction only,
      // which holds the table locked until it commits.
      await client.query('alter table course_progress disable trigger user');
      for (const pair of pairs) {
        let rows;
        try {
          rows = await copyTable(from, into, pair);
        } catch (error) {
          const reason = driverMessage(error);
          throw reason ? new CopyError(`The copy failed at the table ${pair.name}, and nothing was written to ${target}: ${reason}`, { cause: error }) : error;
        }
        copied.push({ table: pair.name, rows });
        onTable?.({ table: pair.name, rows });
      }
      await client.query('select course_insights_rebuild()');
      await client.query('alter table course_progress enable trigger user');
      await client.query('commit');
    } catch (error) {
      await client.query('rollback').catch(() => undefined);
      const reason = driverMessage(error);
      if (error instanceof CopyError || !reason) throw error;
      throw new CopyError(`The copy failed, and nothing was written to ${target}: ${reason}`, { cause: error });
    } finally {
      sqlite.exec('rollback');
    }
    // What autovacuum would do in its own time after a bulk load, done now: statistics, without
    // which the planner guesses at the new tables' sizes; the visibility map, without which an
    // index-only scan (a deep page of the list) reads every row it passes from the table too; and
    // the trigram indexes' pending entries, which a search would otherwise read one by one.
    await client.query(`vacuum (analyze) ${pairs.map((pair) => `"${pair.name}"`).join(', ')}`);
    return copied;
  } finally {
    sqlite.close();
    await client.end().catch(() => undefined);
  }
}

/** Copies one table in batches, in SQLite's rowid order; returns the number of rows. */
async function copyTable(from: BetterSQLite3Database, into: NodePgDatabase, { source, target }: TablePair): Promise<number> {
  const columns = getTableColumns(source);
  const batch = Math.floor(PARAMETERS_PER_BATCH / Object.keys(columns).length);
  const rowid = sql<number>`${source}.rowid`;
  let rows = 0;
  for (let after: number | undefined; ;) {
    const page = await from
      .select({ rowid, row: columns })
      .from(source)
      .where(after === undefined ? undefined : gt(rowid, after))
      .orderBy(asc(rowid))
      .limit(batch);
    if (page.length === 0) return rows;
    await into.insert(target).values(page.map((entry) => entry.row as PgTable['$inferInsert']));
    rows += page.length;
    after = page.at(-1)!.rowid;
  }
}
