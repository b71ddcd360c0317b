// The quiz insights' running totals of an install upgraded with attempts in it (decision 054): the
// migration back-fills them from the attempts there, and a member's deletion takes theirs back by
// the triggers. SQLite here; PostgreSQL's twin is quiz-tallies-backfill.postgres.test.ts.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { drizzle } from 'drizzle-orm/better-sqlite3';
import { migrate } from 'drizzle-orm/better-sqlite3/migrator';
import { afterEach, beforeEach, expect, it } from 'vitest';
import { COURSE_SEED_MODULES } from '../../../shared/course-seed';
import { migrationsBefore } from '../../../tests/support/older-migrations';
import { attemptsBeforeTallies, INSIGHTS_AFTER_U1_DELETED, INSIGHTS_AFTER_UPGRADE, QUIZ_QUESTIONS } from '../../../tests/support/quiz-before-tallies';
import { openDatabase } from '../../db/client';
import { openSqlite } from '../../db/sqlite-driver';
import { migrationsDir } from '../../paths';
import { deleteUser } from '../../users/data';
import { quizInsights } from './quiz-insights';
import { readTallies } from './quiz-tallies';

let dir: string;
beforeEach(() => {
  dir = mkdtempSync(path.join(tmpdir(), 'qc-quiz-tallies-'));
});
afterEach(() => {
  rmSync(dir, { recursive: true, force: true });
});

it('an install with quiz attempts from before the tallies gets them back-filled, and a deleted member taken out', async () => {
  const file = path.join(dir, 'older.db');
  const sqlite = openSqlite(file);
  migrate(drizzle(sqlite), { migrationsFolder: migrationsBefore(migrationsDir, '_quiz_tallies', path.join(dir, 'older-migrations')) });
  for (const statement of attemptsBeforeTallies(COURSE_SEED_MODULES[0]!.id)) sqlite.exec(statement);
  sqlite.close();

  const handle = openDatabase(file);
  try {
    expect(quizInsights(QUIZ_QUESTIONS, await readTallies(handle.db, 'quiz'))).toEqual(INSIGHTS_AFTER_UPGRADE);
    expect(await deleteUser(handle.db, 'u1')).toBe(true);
    expect(quizInsights(QUIZ_QUESTIONS, await readTallies(handle.db, 'quiz'))).toEqual(INSIGHTS_AFTER_U1_DELETED);
  } finally {
    handle.close();
  }
});
