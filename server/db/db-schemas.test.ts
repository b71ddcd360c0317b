// The two schemas stay twins (decision 020): the data functions are typed by the SQLite tables and
// run on the PostgreSQL ones, so every table, column, key and index must be in both, alike.
import { getTableConfig as pgConfig, type PgTable } from 'drizzle-orm/pg-core';
import { getTableConfig as sqliteConfig, type SQLiteTable } from 'drizzle-orm/sqlite-core';
import { describe, expect, it } from 'vitest';
import * as pgSchema from './pg-schema';
import * as schema from './schema';
import * as sqliteSchema from './sqlite-schema';

// What each SQLite column type may be on PostgreSQL, holding the same JS values.
const TWIN_TYPES: Record<string, string[]> = {
  text: ['text collate "C"', 'json'],
  integer: ['bigint', 'integer', 'boolean'],
  real: ['double precision'],
};
// PostgreSQL's search column and its indexes stand for SQLite's FTS5 tables: the users' are made by
// migrations outside both schemas (drizzle-pg/0009, drizzle/0002); the course search's trigram index
// is declared in the PostgreSQL schema alone (its FTS5 twin is made by a SQLite migration).
const POSTGRES_ONLY_INDEXES = ['course_lesson_texts_trgm_idx'];

function describeTable(config: ReturnType<typeof sqliteConfig> | ReturnType<typeof pgConfig>) {
  return {
    name: config.name,
    columns: config.columns.map((c) => ({ name: c.name, notNull: c.notNull, primary: c.primary, default: c.default as unknown, unique: c.isUnique })),
    primaryKeys: config.primaryKeys.map((k) => k.columns.map((c) => c.name)),
    foreignKeys: config.foreignKeys.map((f) => {
      const ref = f.reference();
      return { columns: ref.columns.map((c) => c.name), foreignColumns: ref.foreignColumns.map((c) => c.name), onDelete: f.onDelete };
    }),
    indexes: config.indexes
      .map((i) => ({ name: i.config.name, unique: i.config.unique }))
      .filter((i) => !POSTGRES_ONLY_INDEXES.includes(i.name!))
      .sort((a, b) => a.name!.localeCompare(b.name!)),
  };
}

const tableNames = Object.keys(sqliteSchema) as Array<keyof typeof sqliteSchema>;

describe('the SQLite and PostgreSQL schemas', () => {
  it('declare the same tables, and schema.ts hands out every one of them', () => {
    expect(Object.keys(pgSchema).sort()).toEqual([...tableNames].sort());
    expect(
      Object.keys(schema)
        .filter((key) => key !== 'schema')
        .sort(),
    ).toEqual([...tableNames].sort());
  });

  it.each(tableNames)('%s: same columns, keys, defaults and indexes, with twin types', (name) => {
    const lite = sqliteConfig(sqliteSchema[name] as SQLiteTable);
    const pg = pgConfig(pgSchema[name] as PgTable);
    expect(describeTable(pg)).toEqual(describeTable(lite));
    lite.columns.forEach((column, i) => {
      expect(TWIN_TYPES[column.getSQLType()], `${lite.name}.${column.name}`).toContain(pg.columns[i]!.getSQLType());
    });
  });
});
