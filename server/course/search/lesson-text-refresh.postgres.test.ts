// The lessons' search text on an upgraded PostgreSQL install (CONTRACT §4 GET /api/course/search):
// lessons from before the text, back-filled with their Markdown by the migration, get the text
// members read from the first start on, each row written once when two processes start at once.
// Its SQLite twin is lesson-text-refresh.test.ts; this one needs the postgres project's server.
import path from 'node:path';
import { drizzle } from 'drizzle-orm/node-postgres';
import { migrate } from 'drizzle-orm/node-postgres/migrator';
import { describe, expect, it } from 'vitest';
import { COURSE_SEED_MODULES } from '../../../shared/course-seed';
import { migrationsBefore } from '../../../tests/support/older-migrations';
import { postgresUpgradeDatabase } from '../../../tests/support/postgres-upgrade';
import { twoRefreshesAtOnce } from '../../../tests/support/two-refreshes';
import { pgMigrationsDir } from '../../paths';
import { lessonText, LESSON_TEXT_VERSION } from './lesson-text';

const upgrade = postgresUpgradeDatabase('lesson_text_upgrade');

const BODY = 'The **quantum** field, _observed_.\n\n![A drawing of the *field*](plan.png)\n';
const COUNT = 120;
const idOf = (i: number) => `lesson-${String(i).padStart(4, '0')}`;

describe("an upgraded PostgreSQL install's lesson texts", () => {
  it('are their Markdown after the migration, then the text members read, each written once by two processes starting at once', async () => {
    await migrate(drizzle(upgrade.client), { migrationsFolder: migrationsBefore(pgMigrationsDir, '_course_progress', path.join(upgrade.dir, 'older')) });
    for (let i = 0; i < COUNT; i++) {
      await upgrade.client.query(
        `insert into course_lessons (id, module_id, title, summary, position, published, free_preview, kind, body, created_at, updated_at)
         values ($1, $2, $3, 'In short', $4, true, false, 'text', $5, 1700000000000, 1700000000000)`,
        [idOf(i), COURSE_SEED_MODULES[0]!.id, `Lesson ${i}`, i, BODY],
      );
    }
    await migrate(drizzle(upgrade.client), { migrationsFolder: pgMigrationsDir });
    const rows = async () => (await upgrade.client.query('select lesson_id as id, text, version from course_lesson_texts order by lesson_id')).rows;
    expect((await rows())[0]).toEqual({ id: idOf(0), text: `Lesson 0\nIn short\n${BODY}`, version: 0 });

    const [a, b] = await twoRefreshesAtOnce({ DATABASE_URL: upgrade.url });
    expect(a + b).toBe(COUNT);
    const after = await rows();
    expect(after).toHaveLength(COUNT);
    for (const [i, row] of after.entries()) {
      expect(row).toEqual({ id: idOf(i), text: lessonText({ title: `Lesson ${i}`, summary: 'In short', body: BODY }), version: LESSON_TEXT_VERSION });
    }
    expect(after[0].text).toBe('Lesson 0\nIn short\nThe quantum field, observed.\nA drawing of the field');
    // The search's own index finds the words.
    expect((await upgrade.client.query("select count(*)::int as n from course_lesson_texts where lower(text) like '%quantum field%'")).rows).toEqual([
      { n: COUNT },
    ]);
  }, 60_000);
});
