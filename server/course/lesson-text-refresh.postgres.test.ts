// The lessons' search text on an upgraded PostgreSQL install (CONTRACT §4 GET /api/course/search):
// lessons from before the text, back-filled with their Markdown by the migration, get the text
// members read from the first start on, each row written once when two processes start at once.
// Its SQLite twin is lesson-text-refresh.test.ts; this one needs the postgres project's server.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { drizzle } from 'drizzle-orm/node-postgres';
import { migrate } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { COURSE_SEED_MODULES } from '../../shared/course-seed';
import { migrationsBefore } from '../../tests/support/older-migrations';
import { twoRefreshesAtOnce } from '../../tests/support/two-refreshes';
import { pgMigrationsDir } from '../paths';
import { lessonText, LESSON_TEXT_VERSION } from './lesson-text';

let dir: string;
let client: pg.Client;
let url: string;

beforeAll(async () => {
  dir = mkdtempSync(path.join(tmpdir(), 'qc-lesson-text-pg-'));
  const name = `lesson_text_upgrade_${process.pid}`;
  const admin = new pg.Client({ connectionString: `${inject('postgres').server}/postgres` });
  await admin.connect();
  await admin.query(`create database "${name}"`).finally(() => admin.end());
  url = `${inject('postgres').server}/${name}`;
  client = new pg.Client({ connectionString: url });
  await client.connect();
});

afterAll(async () => {
  await client?.end();
  rmSync(dir, { recursive: true, force: true });
});

const BODY = 'The **quantum** field, _observed_.\n\n![A drawing of the *field*](plan.png)\n';
const COUNT = 120;
const idOf = (i: number) => `lesson-${String(i).padStart(4, '0')}`;

describe("an upgraded PostgreSQL install's lesson texts", () => {
  it('are their Markdown after the migration, then the text members read, each written once by two processes starting at once', async () => {
    await migrate(drizzle(client), { migrationsFolder: migrationsBefore(pgMigrationsDir, '_course_progress', path.join(dir, 'older')) });
    for (let i = 0; i < COUNT; i++) {
      await client.query(
        `insert into course_lessons (id, module_id, title, summary, position, published, free_preview, kind, body, created_at, updated_at)
         values ($1, $2, $3, 'In short', $4, true, false, 'text', $5, 1700000000000, 1700000000000)`,
        [idOf(i), COURSE_SEED_MODULES[0]!.id, `Lesson ${i}`, i, BODY],
      );
    }
    await migrate(drizzle(client), { migrationsFolder: pgMigrationsDir });
    const rows = async () => (await client.query('select lesson_id as id, text, version from course_lesson_texts order by lesson_id')).rows;
    expect((await rows())[0]).toEqual({ id: idOf(0), text: `Lesson 0\nIn short\n${BODY}`, version: 0 });

    const [a, b] = await twoRefreshesAtOnce({ DATABASE_URL: url });
    expect(a + b).toBe(COUNT);
    const after = await rows();
    expect(after).toHaveLength(COUNT);
    for (const [i, row] of after.entries()) {
      expect(row).toEqual({ id: idOf(i), text: lessonText({ title: `Lesson ${i}`, summary: 'In short', body: BODY }), version: LESSON_TEXT_VERSION });
    }
    expect(after[0].text).toBe('Lesson 0\nIn short\nThe quantum field, observed.\nA drawing of the field');
    // The search's own index finds the words.
    expect((await client.query("select count(*)::int as n from course_lesson_texts where lower(text) like '%quantum field%'")).rows).toEqual([{ n: COUNT }]);
  }, 60_000);
});
