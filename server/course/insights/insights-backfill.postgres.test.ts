// The running totals' back-fill on PostgreSQL (decision 032): a database made by the migrations of
// the version before them, holding progress, then migrated by this one. Its SQLite twin is
// insights-backfill.test.ts; this one needs the postgres project's server.
import path from 'node:path';
import { drizzle } from 'drizzle-orm/node-postgres';
import { migrate } from 'drizzle-orm/node-postgres/migrator';
import { expect, it } from 'vitest';
import { COURSE_SEED_MODULES } from '../../../shared/course-seed';
import { insightsByScan, progressBeforeInsights } from '../../../tests/support/insights-scan';
import { migrationsBefore } from '../../../tests/support/older-migrations';
import { postgresUpgradeDatabase } from '../../../tests/support/postgres-upgrade';
import type { Db } from '../../db/client';
import { pgMigrationsDir } from '../../paths';
import { insightsAnswer } from './insights';
import { readInsightTotals } from './insights-data';
import { saveProgress } from '../progress/progress-data';

const upgrade = postgresUpgradeDatabase('insights_upgrade');

it('an install with progress from before the insights gets its totals back-filled, and kept from there', async () => {
  await migrate(drizzle(upgrade.client), { migrationsFolder: migrationsBefore(pgMigrationsDir, '_course_insights', path.join(upgrade.dir, 'older')) });
  for (const statement of progressBeforeInsights(COURSE_SEED_MODULES[0]!.id, COURSE_SEED_MODULES[1]!.id)) await upgrade.client.query(statement);
  await migrate(drizzle(upgrade.client), { migrationsFolder: pgMigrationsDir });

  // The data functions take the site's Db; on PostgreSQL it is node-postgres's (decision 020).
  const db = drizzle(upgrade.client) as unknown as Db;
  const answer = insightsAnswer(await readInsightTotals(db));
  expect(answer).toEqual(await insightsByScan(db));
  expect(answer.members).toEqual({ started: 3, completed: 1 });
  expect(answer.lessons).toEqual([
    { _id: 'l1', started: 2, completed: 1, averagePlayedPercent: 70 },
    { _id: 'l2', started: 1, completed: 1, averagePlayedPercent: null },
    { _id: 'l4', started: 1, completed: 0, averagePlayedPercent: 100 },
  ]);
  await saveProgress(db, { userId: 'u2', lessonId: 'l2', positionSeconds: 0, playedSeconds: 0, completion: 'complete', completeAt: 1 }, 9);
  expect(insightsAnswer(await readInsightTotals(db))).toEqual(await insightsByScan(db));
});
