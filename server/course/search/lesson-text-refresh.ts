// Brings every lesson's search text up to the current making of it (LESSON_TEXT_VERSION), once, at
// start: the lessons written before the text existed (whose rows the migration back-filled with
// raw Markdown) and those written by an older making are searched as members read them from then
// on, without waiting for an edit. A batch at a time, in lesson id order, so that it always ends.
//
// Safe with other processes at work on the same database (two starting at once, an admin editing
// meanwhile): each row is written only if it is still older than this version and its lesson is
// still as it was read. An edit between the read and the write wrote a newer text (this version's,
// or an older process's, after changing updated_at), and stays; two refreshes at once write the
// same text, the second finding nothing left to change.
import { and, asc, eq, exists, gt, lt } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client';
import { courseLessons, courseLessonTexts } from '../../db/schema';
import { transaction } from '../../db/transaction';
import { lessonText, LESSON_TEXT_VERSION, type TextOfLesson } from './lesson-text';
import { indexLessonGrams } from './search-grams';

// Bodies of up to 200,000 characters: parsed outside the transaction, written a batch at a time.
const BATCH = 50;

/** A lesson as read for its text, with when it last changed. */
export interface LessonSnapshot extends TextOfLesson {
  updatedAt: number;
}

/** The lesson's text of this version, unless its row is already as new or the lesson changed since `lesson` was read; whether it was written. */
export async function rewriteOlderText(db: Db, lesson: LessonSnapshot, text = lessonText(lesson)): Promise<boolean> {
  // One transaction with the grams (nested in the caller's, where there is one).
  return transaction(db, async (tx) => {
    const unchanged = tx
      .select({ id: courseLessons.id })
      .from(courseLessons)
      .where(and(eq(courseLessons.id, lesson._id), eq(courseLessons.updatedAt, lesson.updatedAt)));
    const written = await tx
      .update(courseLessonTexts)
      .set({ text, version: LESSON_TEXT_VERSION })
      .where(and(eq(courseLessonTexts.lessonId, lesson._id), lt(courseLessonTexts.version, LESSON_TEXT_VERSION), exists(unchanged)))
      .returning({ id: courseLessonTexts.lessonId });
    if (written.length === 0) return false;
    await indexLessonGrams(tx, lesson._id);
    return true;
  });
}

/** Rewrites every text row older than this version; how many it wrote. */
export async function refreshLessonTexts(db: Db, log?: FastifyBaseLogger): Promise<number> {
  let rewritten = 0;
  let after = '';
  for (;;) {
    const lessons: LessonSnapshot[] = await db
      .select({
        _id: courseLessons.id,
        title: courseLessons.title,
        summary: courseLessons.summary,
        body: courseLessons.body,
        updatedAt: courseLessons.updatedAt,
      })
      .from(courseLessonTexts)
      .innerJoin(courseLessons, eq(courseLessons.id, courseLessonTexts.lessonId))
      .where(and(lt(courseLessonTexts.version, LESSON_TEXT_VERSION), gt(courseLessonTexts.lessonId, after)))
      .orderBy(asc(courseLessonTexts.lessonId))
      .limit(BATCH);
    if (lessons.length === 0) break;
    const texts = lessons.map((lesson) => lessonText(lesson));
    // Counted inside and added after the commit: PostgreSQL may run the transaction again.
    rewritten += await transaction(db, async (tx) => {
      let n = 0;
      for (const [i, lesson] of lessons.entries()) if (await rewriteOlderText(tx, lesson, texts[i])) n++;
      return n;
    });
    after = lessons.at(-1)!._id;
    if (lessons.length < BATCH) break;
  }
  if (rewritten > 0) log?.info({ rewritten, version: LESSON_TEXT_VERSION }, "lessons' search text brought up to date");
  return rewritten;
}
