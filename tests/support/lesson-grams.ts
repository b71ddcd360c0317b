// The course search's letters index (server/course/search/search-grams.ts) against a count by brute force:
// every pair of neighbouring code points of each lesson's text and cues (ASCII folded, as the
// search folds), and for each, how many of the lesson's cues contain it as a plain substring.
// Either database, through the site's own tables.
import { asc } from 'drizzle-orm';
import { expect } from 'vitest';
import type { Db } from '../../server/db/client';
import { courseCaptionCues, courseLessonGrams, courseLessons, courseLessonTexts } from '../../server/db/schema';

export interface GramRow {
  lessonId: string;
  gram: string;
  cues: number;
  inText: boolean;
}

const fold = (text: string) => text.replace(/[A-Z]/g, (c) => c.toLowerCase());
const order = (a: GramRow, b: GramRow) => (a.lessonId < b.lessonId ? -1 : a.lessonId > b.lessonId ? 1 : a.gram < b.gram ? -1 : a.gram > b.gram ? 1 : 0);

function pairs(text: string): string[] {
  const chars = Array.from(fold(text));
  return chars.slice(1).map((char, i) => chars[i] + char);
}

/** What the index should hold, counted the long way; '' is the marker of a lesson indexed. */
export async function gramsByBruteForce(db: Db): Promise<GramRow[]> {
  const lessons = await db.select({ id: courseLessons.id }).from(courseLessons);
  const texts = new Map((await db.select().from(courseLessonTexts)).map((row) => [row.lessonId, fold(row.text)]));
  const cues = await db.select({ lessonId: courseCaptionCues.lessonId, text: courseCaptionCues.text }).from(courseCaptionCues);
  const rows: GramRow[] = [];
  for (const { id } of lessons) {
    const text = texts.get(id);
    const own = cues.filter((cue) => cue.lessonId === id).map((cue) => fold(cue.text));
    rows.push({ lessonId: id, gram: '', cues: own.length, inText: text !== undefined });
    const candidates = new Set([...(text === undefined ? [] : pairs(text)), ...own.flatMap(pairs)]);
    for (const gram of candidates)
      rows.push({ lessonId: id, gram, cues: own.filter((cue) => cue.includes(gram)).length, inText: text?.includes(gram) ?? false });
  }
  return rows.sort(order);
}

export async function gramsInIndex(db: Db): Promise<GramRow[]> {
  const rows = await db.select().from(courseLessonGrams).orderBy(asc(courseLessonGrams.lessonId), asc(courseLessonGrams.gram));
  return rows.sort(order);
}

/** The index holds exactly what the brute force counts (and at least `lessons` lessons, so that an empty course proves nothing). */
export async function expectExactGrams(db: Db, lessons = 1): Promise<void> {
  const [index, brute] = [await gramsInIndex(db), await gramsByBruteForce(db)];
  expect(new Set(brute.map((row) => row.lessonId)).size).toBeGreaterThanOrEqual(lessons);
  expect(index).toEqual(brute);
}
