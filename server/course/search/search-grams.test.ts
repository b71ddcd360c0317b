// The course search's letters index (decision 037) against a count by brute force, whatever the
// texts and whatever writes come: lessons written and rewritten, captions added and removed, in
// any order, with letters in both cases, non-ASCII letters, pairs outside the BMP, and LIKE's
// wildcards. And each count against what the search's own row check (instr over lower()) finds.
import { randomUUID } from 'node:crypto';
import { copyFileSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { COURSE_SEED_MODULES } from '../../../shared/course-seed';
import { expectExactGrams, gramsInIndex } from '../../../tests/support/lesson-grams';
import { openDatabase, type SqliteHandle } from '../../db/client';
import { transaction } from '../../db/transaction';
import { PendingEvents } from '../../events/after-commit';
import { createLesson, deleteLesson, updateLesson } from '../content/content-data';
import { addFile, deleteFile } from '../files/files-data';
import { INDEXED, lessonGrams } from './search-grams';

let dir: string;
let handle: SqliteHandle;

beforeAll(() => {
  dir = mkdtempSync(path.join(tmpdir(), 'qc-grams-'));
  copyFileSync(inject('templateDb'), path.join(dir, 'app.db'));
  handle = openDatabase(path.join(dir, 'app.db'));
});
afterAll(() => {
  handle.close();
  rmSync(dir, { recursive: true, force: true });
});

const events = new PendingEvents();
const text = fc.string({ unit: fc.constantFrom('a', 'B', 'b', 'É', 'é', '%', '_', ' ', 'ß', '🌟', '\n'), maxLength: 8 });

type Step =
  | { kind: 'lesson'; body: string }
  | { kind: 'edit'; lesson: number; body: string }
  | { kind: 'captions'; lesson: number; cues: string[] }
  | { kind: 'uncaption'; file: number }
  | { kind: 'delete'; lesson: number };

const step: fc.Arbitrary<Step> = fc.oneof(
  fc.record({ kind: fc.constant('lesson' as const), body: text }),
  fc.record({ kind: fc.constant('edit' as const), lesson: fc.nat(), body: text }),
  fc.record({ kind: fc.constant('captions' as const), lesson: fc.nat(), cues: fc.array(text, { maxLength: 5 }) }),
  fc.record({ kind: fc.constant('uncaption' as const), file: fc.nat() }),
  fc.record({ kind: fc.constant('delete' as const), lesson: fc.nat() }),
);

const pick = <T>(list: T[], n: number) => (list.length ? list[n % list.length] : undefined);

async function apply(s: Step, lessons: string[], files: string[]) {
  const moduleId = COURSE_SEED_MODULES[0]!.id;
  await transaction(handle.db, async (tx) => {
    if (s.kind === 'lesson') {
      const made = await createLesson(tx, events, { moduleId, title: 'T', kind: 'video', body: s.body });
      if (made !== 'no-module') lessons.push(made._id);
    } else if (s.kind === 'edit') {
      const id = pick(lessons, s.lesson);
      if (id) await updateLesson(tx, events, id, { body: s.body });
    } else if (s.kind === 'captions') {
      const id = pick(lessons, s.lesson);
      if (!id) return;
      const fileId = randomUUID();
      const file = {
        ...{ id: fileId, lessonId: id, role: 'captions' as const, name: 'a.vtt', storedName: `${fileId}.vtt`, size: 1, contentType: 'text/vtt' },
        ...{ lang: 'en', label: 'English', width: null, height: null, createdAt: Date.now() },
      };
      await addFile(tx, events, { file, cues: s.cues.map((cue, i) => ({ startSeconds: i, endSeconds: i + 1, text: cue })) });
      files.push(fileId);
    } else if (s.kind === 'uncaption') {
      const id = pick(files, s.file);
      if (!id) return;
      await deleteFile(tx, events, id);
      files.splice(files.indexOf(id), 1);
    } else {
      const id = pick(lessons, s.lesson);
      if (!id) return;
      const rest = files.filter((file) => handle.sqlite.prepare('select lesson_id from course_files where id = ?').pluck().get(file) !== id);
      for (const file of files.filter((file) => !rest.includes(file))) await deleteFile(tx, events, file);
      files.splice(0, files.length, ...rest);
      await deleteLesson(tx, events, id);
      lessons.splice(lessons.indexOf(id), 1);
    }
  });
}

describe('the letters index', () => {
  it('splits a text into its distinct pairs of code points, folding ASCII letters only', () => {
    expect([...lessonGrams('AbAb É🌟x', []).keys()].filter((gram) => gram !== INDEXED).sort()).toEqual([' É', 'ab', 'b ', 'ba', 'É🌟', '🌟x'].sort());
    expect([...lessonGrams('Ab', ['ab', 'AB ab', 'x'])].sort()).toEqual(
      [
        ['', { cues: 3, inText: true }],
        ['ab', { cues: 2, inText: true }],
        ['b ', { cues: 1, inText: false }],
        [' a', { cues: 1, inText: false }],
      ].sort(),
    );
  });

  it("holds what a count by brute force holds after any writes, and each count is what the search's row check finds", async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(step, { minLength: 1, maxLength: 12 }), async (steps) => {
        const lessons: string[] = [];
        const files: string[] = [];
        for (const s of steps) await apply(s, lessons, files);
        await expectExactGrams(handle.db, 0);
        const rowCheck = handle.sqlite.prepare('select count(*) from course_caption_cues where lesson_id = ? and instr(lower(text), ?) > 0').pluck();
        for (const row of await gramsInIndex(handle.db)) if (row.gram !== '') expect(rowCheck.get(row.lessonId, row.gram), row.gram).toBe(row.cues);
        // The next run starts from an empty course.
        await apply({ kind: 'uncaption', file: 0 }, lessons, files);
        for (const id of [...lessons]) await apply({ kind: 'delete', lesson: lessons.indexOf(id) }, lessons, files);
        expect(await gramsInIndex(handle.db)).toEqual([]);
      }),
      { numRuns: 60 },
    );
  });
});
