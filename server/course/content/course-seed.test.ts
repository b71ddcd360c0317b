// The ten modules of spec §2 on a fresh install and on an upgrade of an install from before the
// course (CONTRACT §4 "Content"), and paidSince for the members who were already paid then: an
// SQLite file migrated up to the version before the course, then opened by this version.
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { openSqlite } from '../../db/sqlite-driver';
import { drizzle } from 'drizzle-orm/better-sqlite3';
import { migrate } from 'drizzle-orm/better-sqlite3/migrator';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openDatabase } from '../../db/client';
import { COURSE_SEED_AT, COURSE_SEED_MODULES } from '../../../shared/course-seed';
import { migrationsDir, pgMigrationsDir } from '../../paths';
import { readCourseTree } from './content-data';
import { migrationsBefore } from '../../../tests/support/older-migrations';
import { SPEC_MODULE_TITLES } from '../../../tests/support/spec-module-titles';

let dir: string;
beforeEach(() => {
  dir = mkdtempSync(path.join(tmpdir(), 'qc-course-seed-'));
});
afterEach(() => {
  rmSync(dir, { recursive: true, force: true });
});

async function expectSeeded(file: string) {
  const handle = openDatabase(file);
  try {
    const tree = await readCourseTree(handle.db);
    expect(tree.modules.map((module) => module.title)).toEqual(SPEC_MODULE_TITLES);
    expect(tree.modules).toEqual(
      COURSE_SEED_MODULES.map(({ id, title, summary }, position) => ({ _id: id, title, summary, position, published: true, opensAfterDays: 0, lessons: [] })),
    );
  } finally {
    handle.close();
  }
}

describe('the course a site starts with', () => {
  it('a fresh install has the ten modules, published and empty, with the fixed ids and time of course-seed.ts', async () => {
    const file = path.join(dir, 'fresh.db');
    await expectSeeded(file);
    const sqlite = openSqlite(file, { readonly: true });
    expect(sqlite.prepare('select distinct created_at, updated_at from course_modules').all()).toEqual([
      { created_at: COURSE_SEED_AT, updated_at: COURSE_SEED_AT },
    ]);
    sqlite.close();
  });

  it('an install from before the course gets them on upgrade, and its paid members count from when they joined', async () => {
    // The migrations up to the one before the course's.
    const older = migrationsBefore(migrationsDir, '_course', path.join(dir, 'older-migrations'));
    const file = path.join(dir, 'older.db');
    const sqlite = openSqlite(file);
    migrate(drizzle(sqlite), { migrationsFolder: older });
    const insert = sqlite.prepare(
      "insert into users (id, name, email, role, membership_tier, status, password_hash, password_changed_at, created_at, updated_at) values (?, ?, ?, 'user', ?, 'active', 'x', 0, ?, ?)",
    );
    insert.run('paid-1', 'Paula', 'paula@example.com', 'paid', 1_600_000_000_000, 1_700_000_000_000);
    insert.run('free-1', 'Fred', 'fred@example.com', 'free', 1_650_000_000_000, 1_700_000_000_000);
    expect(sqlite.prepare("select count(*) as n from sqlite_master where name = 'course_modules'").get()).toEqual({ n: 0 });
    sqlite.close();

    await expectSeeded(file);
    const upgraded = openSqlite(file, { readonly: true });
    expect(upgraded.prepare('select id, paid_since from users order by id').all()).toEqual([
      { id: 'free-1', paid_since: null },
      { id: 'paid-1', paid_since: 1_600_000_000_000 },
    ]);
    upgraded.close();
  });

  it('the PostgreSQL migration seeds the same modules as the SQLite one', () => {
    const sqlFile = (folder: string) => {
      const journal = JSON.parse(readFileSync(path.join(folder, 'meta', '_journal.json'), 'utf8')) as { entries: Array<{ tag: string }> };
      const tag = journal.entries.find((entry) => entry.tag.endsWith('_course'))!.tag;
      return readFileSync(path.join(folder, `${tag}.sql`), 'utf8');
    };
    const rows = (sql: string) => [...sql.matchAll(/^ {2}\('([^']+)', '((?:[^']|'')*)', '((?:[^']|'')*)', (\d+), (?:1|true), 0, (\d+), (\d+)\)/gm)];
    for (const sql of [sqlFile(migrationsDir), sqlFile(pgMigrationsDir)]) {
      expect(
        rows(sql).map(([, id, title, summary, position, createdAt, updatedAt]) => ({
          id,
          title: title!.replaceAll("''", "'"),
          summary: summary!.replaceAll("''", "'"),
          position: Number(position),
          createdAt: Number(createdAt),
          updatedAt: Number(updatedAt),
        })),
      ).toEqual(COURSE_SEED_MODULES.map((module, position) => ({ ...module, position, createdAt: COURSE_SEED_AT, updatedAt: COURSE_SEED_AT })));
      expect(sql).toMatch(/UPDATE .users. SET .paid_since. = .created_at. WHERE .membership_tier. = 'paid'/);
    }
  });
});
