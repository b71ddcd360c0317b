// Whether the course tree may have changed since it was read (outline-cache.ts), asked of the
// database without reading the tree: a label that changes with every write of a module or lesson
// row that this process may not have heard of. The only raw SQL of the course's content, one
// function per dialect (DESIGN "Past one machine"):
// - PostgreSQL: the count and the sum of the xmin of the modules' and lessons' rows. An insert or
//   an update writes a row version with its transaction's id, a delete changes the count: a write
//   that another process committed changes the label, whatever it forgot to publish.
// - SQLite: PRAGMA data_version, which changes when another connection commits to the file (a
//   second process on it, a tool). This connection's own writes publish their event within the
//   process, where it cannot be lost.
import { sql } from 'drizzle-orm';
import type { NodePgDatabase } from 'drizzle-orm/node-postgres';
import type { Db } from '../../db/client';
import { dialect } from '../../db/dialect';

const rowsLabel = (table: string) => sql.raw(`(select count(*)::text || ':' || coalesce(sum(xmin::text::bigint), 0)::text from ${table})`);

async function postgresTreeVersion(db: Db): Promise<string> {
  const { rows } = await (db as unknown as NodePgDatabase).execute<{ version: string }>(
    sql`select ${rowsLabel('course_modules')} || '/' || ${rowsLabel('course_lessons')} as version`,
  );
  return rows[0]!.version;
}

function sqliteTreeVersion(db: Db): Promise<string> {
  return Promise.resolve(String(db.$client.pragma('data_version', { simple: true })));
}

/** The label of the course tree's rows as the database has them now. */
export const courseTreeVersion: (db: Db) => Promise<string> = dialect === 'postgres' ? postgresTreeVersion : sqliteTreeVersion;
