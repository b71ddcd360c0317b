// An SQLite install from before the course search's letters index (decision 037), opened by this
// version: the migration makes the table empty, and the site's start indexes every lesson, after
// which a 2-character search finds a pair said once, late in the course, and a miss finds nothing.
// Its PostgreSQL twin is search-grams-upgrade.postgres.test.ts.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { drizzle } from 'drizzle-orm/better-sqlite3';
import { migrate } from 'drizzle-orm/better-sqlite3/migrator';
import { afterEach, beforeEach, expect, it } from 'vitest';
import { lessonIdOf, olderRows, UPGRADED_LESSONS } from '../../../tests/support/grams-upgrade';
import { expectExactGrams, gramsInIndex } from '../../../tests/support/lesson-grams';
import { migrationsBefore } from '../../../tests/support/older-migrations';
import { buildSiteOver } from '../../../tests/support/test-app';
import { openDatabase } from '../../db/client';
import { openSqlite } from '../../db/sqlite-driver';
import { migrationsDir } from '../../paths';

let dir: string;
beforeEach(() => {
  dir = mkdtempSync(path.join(tmpdir(), 'qc-grams-upgrade-'));
});
afterEach(() => {
  rmSync(dir, { recursive: true, force: true });
});

it("an upgraded install's lessons are all in the letters index once the site has started, and searched through it", async () => {
  const file = path.join(dir, 'app.db');
  const sqlite = openSqlite(file);
  migrate(drizzle(sqlite), { migrationsFolder: migrationsBefore(migrationsDir, '_course_lesson_grams', path.join(dir, 'older')) });
  // One transaction: a commit each would wait for the disk 1,300 times.
  sqlite.transaction(() => {
    for (const [statement, params] of olderRows()) sqlite.prepare(statement.replace(/\$\d+/g, '?')).run(...params);
  })();
  sqlite.close();
  const handle = openDatabase(file);
  try {
    // The migration alone: the table, empty.
    expect(await gramsInIndex(handle.db)).toEqual([]);
  } finally {
    handle.close();
  }

  const app = await buildSiteOver(dir);
  try {
    const after = openDatabase(file);
    try {
      await expectExactGrams(after.db, UPGRADED_LESSONS);
    } finally {
      after.close();
    }
    const login = await app.inject({ method: 'POST', url: '/api/auth/login', payload: { email: 'root@example.com', password: 'root password' } });
    const token = login.json<{ token: string }>().token;
    const search = async (q: string) =>
      (await app.inject({ url: `/api/course/search?q=${encodeURIComponent(q)}`, headers: { authorization: `Bearer ${token}` } })).json<{
        results: Array<{ lessonId: string; at: number | null }>;
      }>().results;
    expect(await search('zq')).toEqual([expect.objectContaining({ lessonId: lessonIdOf(37), at: 58 })]);
    expect(await search('xj')).toEqual([]);
  } finally {
    await app.close();
  }
});
