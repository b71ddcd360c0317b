// The quiz insights' running totals' back-fill and triggers on PostgreSQL (decision 054): a
// database made by the migrations of the version before them, holding attempts, then migrated by
// this one. Its SQLite twin is quiz-tallies-backfill.test.ts; this one needs the postgres project's server.
import path from 'node:path';
import { drizzle } from 'drizzle-orm/node-postgres';
import { migrate } from 'drizzle-orm/node-postgres/migrator';
import { expect, it } from 'vitest';
import { COURSE_SEED_MODULES } from '../../../shared/course-seed';
import { migrationsBefore } from '../../../tests/support/older-migrations';
import { postgresUpgradeDatabase } from '../../../tests/support/postgres-upgrade';
import { attemptsBeforeTallies, INSIGHTS_AFTER_U1_DELETED, INSIGHTS_AFTER_UPGRADE, QUIZ_QUESTIONS } from '../../../tests/support/quiz-before-tallies';
import { openPostgres } from '../../db/postgres-client';
import { pgMigrationsDir } from '../../paths';
import { quizInsights } from './quiz-insights';
import { readTallies } from './quiz-tallies';

const upgrade = postgresUpgradeDatabase('quiz_tallies_upgrade');

it('an install with quiz attempts from before the tallies gets them back-filled, and a deleted member taken out', async () => {
  await migrate(drizzle(upgrade.client), { migrationsFolder: migrationsBefore(pgMigrationsDir, '_quiz_tallies', path.join(upgrade.dir, 'older')) });
  for (const statement of attemptsBeforeTallies(COURSE_SEED_MODULES[0]!.id)) await upgrade.client.query(statement);
  await migrate(drizzle(upgrade.client), { migrationsFolder: pgMigrationsDir });

  // The data functions take the site's Db, opened as the site opens it: a pool, since they run
  // their reads side by side (one client would be asked a query while it runs another).
  const site = await openPostgres(upgrade.url);
  try {
    expect(quizInsights(QUIZ_QUESTIONS, await readTallies(site.db, 'quiz'))).toEqual(INSIGHTS_AFTER_UPGRADE);
    await upgrade.client.query(`delete from users where id = 'u1'`);
    expect(quizInsights(QUIZ_QUESTIONS, await readTallies(site.db, 'quiz'))).toEqual(INSIGHTS_AFTER_U1_DELETED);
  } finally {
    await site.close();
  }
});
