// The running totals of an install upgraded with progress already in it (decision 032): the
// migration back-fills them from the rows there, and the triggers carry on from those. SQLite here;
// PostgreSQL's twin is insights-backfill.postgres.test.ts.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { drizzle } from 'drizzle-orm/better-sqlite3';
import { migrate } from 'drizzle-orm/better-sqlite3/migrator';
import { afterEach, beforeEach, expect, it } from 'vitest';
import { COURSE_SEED_MODULES } from '../../../shared/course-seed';
import { insightsByScan, progressBeforeInsights } from '../../../tests/support/insights-scan';
import { migrationsBefore } from '../../../tests/support/older-migrations';
import { openDatabase } from '../../db/client';
import { openSqlite } from '../../db/sqlite-driver';
import { migrationsDir } from '../../paths';
import { insightsAnswer } from './insights';
import { readInsightTotals } from './insights-data';
import { saveProgress } from '../progress/progress-data';

let dir: string;
beforeEach(() => {
  dir = mkdtempSync(path.join(tmpdir(), 'qc-insights-backfill-'));
});
afterEach(() => {
  rmSync(dir, { recursive: true, force: true });
});

it('an install with progress from before the insights gets its totals back-filled, and kept from there', async () => {
  const file = path.join(dir, 'older.db');
  const sqlite = openSqlite(file);
  migrate(drizzle(sqlite), { migrationsFolder: migrationsBefore(migrationsDir, '_course_insights', path.join(dir, 'older-migrations')) });
  for (const statement of progressBeforeInsights(COURSE_SEED_MODULES[0]!.id, COURSE_SEED_MODULES[1]!.id)) sqlite.exec(statement);
  sqlite.close();

  const handle = openDatabase(file);
  try {
    const answer = insightsAnswer(await readInsightTotals(handle.db));
    expect(answer).toEqual(await insightsByScan(handle.db));
    expect(answer.members).toEqual({ started: 3, completed: 1 });
    expect(answer.lessons).toEqual([
      { _id: 'l1', started: 2, completed: 1, averagePlayedPercent: 70 },
      { _id: 'l2', started: 1, completed: 1, averagePlayedPercent: null },
      { _id: 'l4', started: 1, completed: 0, averagePlayedPercent: 100 },
    ]);
    expect(answer.modules.slice(0, 2)).toEqual([
      { _id: COURSE_SEED_MODULES[0]!.id, started: 2, completed: 1 },
      { _id: COURSE_SEED_MODULES[1]!.id, started: 1, completed: 0 },
    ]);
    await saveProgress(handle.db, { userId: 'u2', lessonId: 'l2', positionSeconds: 0, playedSeconds: 0, completion: 'complete', completeAt: 1 }, 9);
    expect(insightsAnswer(await readInsightTotals(handle.db))).toEqual(await insightsByScan(handle.db));
  } finally {
    handle.close();
  }
});
