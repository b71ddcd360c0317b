// Lessons written before the search text existed are searched as members read them once the site
// starts (CONTRACT §4 GET /api/course/search), not by their raw Markdown until an edit: an upgrade
// of an SQLite install from before the text, opened by this version. Then the refresh's safety: two
// processes at once write each row once, and an edit made between its read and its write stays.
// Its PostgreSQL twin is lesson-text-refresh.postgres.test.ts.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { drizzle } from 'drizzle-orm/better-sqlite3';
import { migrate } from 'drizzle-orm/better-sqlite3/migrator';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { COURSE_SEED_MODULES } from '../../../shared/course-seed';
import { migrationsBefore } from '../../../tests/support/older-migrations';
import { twoRefreshesAtOnce } from '../../../tests/support/two-refreshes';
import { buildSiteOver } from '../../../tests/support/test-app';
import { openDatabase } from '../../db/client';
import { openSqlite } from '../../db/sqlite-driver';
import { migrationsDir } from '../../paths';
import { transaction } from '../../db/transaction';
import { lessonText, LESSON_TEXT_VERSION, writeLessonText } from './lesson-text';
import { refreshLessonTexts, rewriteOlderText } from './lesson-text-refresh';

let dir: string;
beforeEach(() => {
  dir = mkdtempSync(path.join(tmpdir(), 'qc-lesson-text-'));
});
afterEach(() => {
  rmSync(dir, { recursive: true, force: true });
});

const BODY = 'The **quantum** field, _observed_.\n\n![A drawing of the *field*](plan.png)\n\n| a | b |\n|---|---|\n| `wave` | ~~particle~~ |\n';
const UPDATED_AT = 1_700_000_000_000;

/** An install of the version before the search text, holding `count` published lessons in the first module; its file. */
function olderInstall(count: number): string {
  const older = migrationsBefore(migrationsDir, '_course_progress', path.join(dir, 'older-migrations'));
  const file = path.join(dir, 'app.db');
  const sqlite = openSqlite(file);
  migrate(drizzle(sqlite), { migrationsFolder: older });
  const insert = sqlite.prepare(
    "insert into course_lessons (id, module_id, title, summary, position, published, free_preview, kind, body, created_at, updated_at) values (?, ?, ?, 'In short', ?, 1, 0, 'text', ?, ?, ?)",
  );
  for (let i = 0; i < count; i++) {
    const id = `lesson-${String(i).padStart(4, '0')}`;
    insert.run(id, COURSE_SEED_MODULES[0]!.id, `Lesson ${i}`, i, BODY, UPDATED_AT, UPDATED_AT);
  }
  sqlite.close();
  return file;
}

const lessonRow = (id: string) => ({ _id: id, title: `Lesson ${Number(id.slice(-4))}`, summary: 'In short', body: BODY });

function textRows(file: string) {
  const sqlite = openSqlite(file, { readonly: true });
  try {
    return sqlite.prepare('select lesson_id as id, text, version from course_lesson_texts order by lesson_id').all() as Array<{
      id: string;
      text: string;
      version: number;
    }>;
  } finally {
    sqlite.close();
  }
}

describe("an upgraded install's lesson texts", () => {
  it('are their Markdown after the migration, and the text members read once the site has started, found by a search for the words', async () => {
    const file = olderInstall(3);
    // This version's migrations alone (the database opened, not the site started): the raw Markdown.
    openDatabase(file).close();
    expect(textRows(file).map(({ text, version }) => ({ text, version }))).toEqual(
      Array.from({ length: 3 }, (_, i) => ({ text: `Lesson ${i}\nIn short\n${BODY}`, version: 0 })),
    );

    const app = await buildSiteOver(dir);
    try {
      const rows = textRows(file);
      expect(rows.map(({ version }) => version)).toEqual([LESSON_TEXT_VERSION, LESSON_TEXT_VERSION, LESSON_TEXT_VERSION]);
      expect(rows[0]!.text).toBe('Lesson 0\nIn short\nThe quantum field, observed.\nA drawing of the field\na\nb\nwave\nparticle');
      expect(rows[0]!.text).toBe(lessonText(lessonRow('lesson-0000')));

      const login = await app.inject({ method: 'POST', url: '/api/auth/login', payload: { email: 'root@example.com', password: 'root password' } });
      const token = login.json<{ token: string }>().token;
      const search = async (q: string) =>
        (await app.inject({ url: `/api/course/search?q=${encodeURIComponent(q)}`, headers: { authorization: `Bearer ${token}` } })).json<{
          results: Array<{ lessonId: string }>;
        }>().results;
      expect((await search('quantum field')).map((hit) => hit.lessonId)).toEqual(['lesson-0000', 'lesson-0001', 'lesson-0002']);
      expect(await search('drawing of the field')).toHaveLength(3);
      // The Markdown's marks are no longer there to be found.
      expect(await search('**quantum')).toEqual([]);
    } finally {
      await app.close();
    }
  });

  it('are each written once when two processes start at once, in batches, and a second start finds nothing left', async () => {
    const file = olderInstall(120);
    openDatabase(file).close();
    const [a, b] = await twoRefreshesAtOnce({ DATABASE_URL: '' }, file);
    expect(a + b).toBe(120);
    const rows = textRows(file);
    expect(rows).toHaveLength(120);
    for (const row of rows) expect(row).toEqual({ id: row.id, text: lessonText(lessonRow(row.id)), version: LESSON_TEXT_VERSION });
    const handle = openDatabase(file);
    try {
      expect(await refreshLessonTexts(handle.db)).toBe(0);
    } finally {
      handle.close();
    }
  }, 60_000);

  it('keep an edit made between the refresh reading a lesson and writing its text', async () => {
    const file = olderInstall(2);
    const handle = openDatabase(file);
    try {
      const [stale0, stale1] = ['lesson-0000', 'lesson-0001'].map((id) => ({ ...lessonRow(id), updatedAt: UPDATED_AT }));
      // An edit by this version: its text is of this version already.
      const edited = { ...stale0!, body: 'Rewritten by an admin.' };
      await transaction(handle.db, (tx) => writeLessonText(tx, edited));
      expect(await rewriteOlderText(handle.db, stale0!)).toBe(false);
      // An edit by a process of the version before (its text row keeps version 0): the lesson changed since it was read.
      handle.sqlite.prepare("update course_lessons set body = 'Edited elsewhere.', updated_at = ? where id = 'lesson-0001'").run(UPDATED_AT + 1);
      handle.sqlite.prepare("update course_lesson_texts set text = 'Lesson 1\nIn short\nEdited elsewhere.' where lesson_id = 'lesson-0001'").run();
      expect(await rewriteOlderText(handle.db, stale1!)).toBe(false);
      expect(textRows(file).map(({ text, version }) => ({ text, version }))).toEqual([
        { text: lessonText(edited), version: LESSON_TEXT_VERSION },
        { text: 'Lesson 1\nIn short\nEdited elsewhere.', version: 0 },
      ]);
      // Read again, as the next start does, it is brought up to date.
      expect(await refreshLessonTexts(handle.db)).toBe(1);
      expect(textRows(file)[1]).toEqual({ id: 'lesson-0001', text: 'Lesson 1\nIn short\nEdited elsewhere.', version: LESSON_TEXT_VERSION });
    } finally {
      handle.close();
    }
  });
});
