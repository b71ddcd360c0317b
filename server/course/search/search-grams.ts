// The course search's letters index (decision 037): course_lesson_grams holds, for each lesson,
// every distinct 2-character fragment (a gram) of its searched text and of its caption cues, with
// how many of its cues hold it and whether its text does. A 2-character search has no trigram for
// FTS5 or pg_trgm to answer, so without it the search read every cue of every open lesson (issue
// 26's bench: 250-370 ms for a miss); with it, a miss reads no cue, and a hit reads the cues of the
// lessons that hold it, up to the one where its 20th hit lies (search.ts).
//
// Kept by code, not triggers: a gram is a substring by code points, which neither SQLite's trigger
// language (no loops, no CTEs in a trigger) nor SQL in general splits a text into without a
// function of the application's. Every writer of a lesson's text or cues rebuilds the lesson's rows
// in its own transaction (indexLessonGrams), reading the text and cues as they now stand: on SQLite
// one writer at a time, on PostgreSQL serializable, where two transactions that rebuild the same
// lesson from what the other changes cannot both commit (transaction.ts runs the loser again).
import { and, eq, inArray, notExists, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client';
import { courseCaptionCues, courseLessonGrams, courseLessons, courseLessonTexts } from '../../db/schema';
import { transaction } from '../../db/transaction';
import { foldAscii } from '../../users/search-index';

/** The length of a gram, in code points: a search of this length is answered through the index. */
export const GRAM_LENGTH = 2;

/**
 * The gram every indexed lesson has: its row counts all its cues and says whether it has a text.
 * A lesson without it has not been indexed yet (a site upgraded, and not yet back-filled), and the
 * search reads its cues as it did before the index.
 */
export const INDEXED = '';

export interface GramCount {
  cues: number;
  inText: boolean;
}

/** Calls `each` with every gram of `text` in turn (repeats too), folded as the search folds (foldAscii, by code points). */
function eachGram(text: string, each: (gram: string) => void): void {
  let previous: string | undefined;
  // A string iterates by code points; GRAM_LENGTH is two: each neighbouring pair.
  for (const char of foldAscii(text)) {
    if (previous !== undefined) each(previous + char);
    previous = char;
  }
}

/** A lesson's rows: each gram of its text (undefined: it has none) and of its cues, with the marker INDEXED. */
export function lessonGrams(text: string | undefined, cues: readonly string[]): Map<string, GramCount> {
  const counts = new Map<string, GramCount & { lastCue: number }>([[INDEXED, { cues: cues.length, inText: text !== undefined, lastCue: -1 }]]);
  const count = (gram: string) => {
    let row = counts.get(gram);
    if (!row) counts.set(gram, (row = { cues: 0, inText: false, lastCue: -1 }));
    return row;
  };
  if (text !== undefined) eachGram(text, (gram) => (count(gram).inText = true));
  // A cue counts once for a gram it holds twice: the cue it last counted for is kept beside the count.
  cues.forEach((cue, i) =>
    eachGram(cue, (gram) => {
      const row = count(gram);
      if (row.lastCue !== i) {
        row.cues++;
        row.lastCue = i;
      }
    }),
  );
  return new Map([...counts].map(([gram, { cues, inText }]) => [gram, { cues, inText }]));
}

// 4 parameters a row: well under SQLite's and PostgreSQL's limits on a statement's parameters.
const ROWS_PER_INSERT = 2000;

/**
 * Rewrites the lesson's grams from its text and cues as they stand in `tx`: called by every writer
 * of either, after its write, in its transaction. Nothing when the lesson is gone (its rows went with it).
 */
export async function indexLessonGrams(tx: Tx, lessonId: string): Promise<void> {
  const [lesson] = await tx.select({ id: courseLessons.id }).from(courseLessons).where(eq(courseLessons.id, lessonId));
  if (!lesson) return;
  const [text] = await tx.select({ text: courseLessonTexts.text }).from(courseLessonTexts).where(eq(courseLessonTexts.lessonId, lessonId));
  const cues = await tx.select({ text: courseCaptionCues.text }).from(courseCaptionCues).where(eq(courseCaptionCues.lessonId, lessonId));
  const rows = [
    ...lessonGrams(
      text?.text,
      cues.map((cue) => cue.text),
    ),
  ].map(([gram, count]) => ({ lessonId, gram, ...count }));
  await tx.delete(courseLessonGrams).where(eq(courseLessonGrams.lessonId, lessonId));
  for (let from = 0; from < rows.length; from += ROWS_PER_INSERT) await tx.insert(courseLessonGrams).values(rows.slice(from, from + ROWS_PER_INSERT));
}

/** How a lesson holds a gram: in how many cues and whether in its text; 'unknown' for a lesson not yet indexed. */
export type Holding = (lessonId: string) => GramCount | 'unknown';

const NOWHERE: GramCount = { cues: 0, inText: false };

/**
 * Where `gram` is, by lesson: one read of the index (two rows a lesson at most), whatever the
 * number of cues.
 */
export async function lessonsHolding(db: Db, gram: string): Promise<Holding> {
  const rows = await db
    .select({ lessonId: courseLessonGrams.lessonId, gram: courseLessonGrams.gram, cues: courseLessonGrams.cues, inText: courseLessonGrams.inText })
    .from(courseLessonGrams)
    .where(inArray(courseLessonGrams.gram, [INDEXED, gram]));
  const indexed = new Set<string>();
  const holding = new Map<string, GramCount>();
  for (const row of rows) {
    if (row.gram === INDEXED) indexed.add(row.lessonId);
    else holding.set(row.lessonId, { cues: row.cues, inText: row.inText });
  }
  return (lessonId) => (indexed.has(lessonId) ? (holding.get(lessonId) ?? NOWHERE) : 'unknown');
}

// A batch of lessons a transaction: a lesson's cues (900 in an hour's transcript) read and counted in each.
const BACKFILL_BATCH = 20;

/**
 * Indexes every lesson not yet indexed (a database from before the index, a lesson a tool added
 * without the site's writers); how many. A lesson already indexed is not read again: a tool that
 * changes its captions behind the site leaves its grams as they were until the site next writes it. At start: safe beside another process doing the same, as
 * each lesson is checked again in the transaction that indexes it.
 */
export async function backfillLessonGrams(db: Db): Promise<number> {
  const marker = db
    .select({ id: courseLessonGrams.lessonId })
    .from(courseLessonGrams)
    .where(and(eq(courseLessonGrams.lessonId, courseLessons.id), eq(courseLessonGrams.gram, INDEXED)));
  const unindexed = (await db.select({ id: courseLessons.id }).from(courseLessons).where(notExists(marker))).map((row) => row.id);
  let indexed = 0;
  for (let from = 0; from < unindexed.length; from += BACKFILL_BATCH) {
    indexed += await transaction(db, async (tx) => {
      let n = 0;
      for (const id of unindexed.slice(from, from + BACKFILL_BATCH)) {
        const [done] = await tx
          .select({ n: sql<number>`1` })
          .from(courseLessonGrams)
          .where(and(eq(courseLessonGrams.lessonId, id), eq(courseLessonGrams.gram, INDEXED)));
        if (done) continue;
        await indexLessonGrams(tx, id);
        n++;
      }
      return n;
    });
  }
  return indexed;
}
