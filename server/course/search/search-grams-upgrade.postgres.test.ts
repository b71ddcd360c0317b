// A PostgreSQL install from before the course search's letters index (decision 037): the migration
// makes the table empty, and two processes starting at once index each lesson once, after which the
// index holds what a count by brute force holds. Its SQLite twin is search-grams-upgrade.test.ts;
// this one needs the postgres project's server.
import path from 'node:path';
import { drizzle } from 'drizzle-orm/node-postgres';
import { migrate } from 'drizzle-orm/node-postgres/migrator';
import { expect, it } from 'vitest';
import { olderRows, UPGRADED_LESSONS } from '../../../tests/support/grams-upgrade';
import { expectExactGrams, gramsInIndex } from '../../../tests/support/lesson-grams';
import { migrationsBefore } from '../../../tests/support/older-migrations';
import { postgresUpgradeDatabase } from '../../../tests/support/postgres-upgrade';
import { openSiteDatabase } from '../../db/client';
import { pgMigrationsDir } from '../../paths';
import { backfillLessonGrams } from './search-grams';

const upgrade = postgresUpgradeDatabase('grams_upgrade');

it("an upgraded install's lessons are each indexed once by two processes starting at once", async () => {
  await migrate(drizzle(upgrade.client), { migrationsFolder: migrationsBefore(pgMigrationsDir, '_course_lesson_grams', path.join(upgrade.dir, 'older')) });
  await upgrade.client.query('begin');
  for (const [statement, params] of olderRows()) await upgrade.client.query(statement, params);
  await upgrade.client.query('commit');
  // Each as a site process opens it (this version's migrations), then both back-fill at once.
  const first = await openSiteDatabase({ dialect: 'postgres', url: upgrade.url });
  const second = await openSiteDatabase({ dialect: 'postgres', url: upgrade.url });
  try {
    expect(await gramsInIndex(first.db)).toEqual([]);
    const [a, b] = await Promise.all([backfillLessonGrams(first.db), backfillLessonGrams(second.db)]);
    expect(a + b).toBe(UPGRADED_LESSONS);
    await expectExactGrams(first.db, UPGRADED_LESSONS);
    expect(await backfillLessonGrams(second.db)).toBe(0);
  } finally {
    await first.close();
    await second.close();
  }
}, 60_000);
