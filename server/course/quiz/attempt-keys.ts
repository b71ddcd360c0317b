// What an answer save checks before its one write (decision 059): whose attempt it is, its quiz
// lesson, and its questions' ids, kinds and option ids. None of it ever changes once the attempt
// has started (its questions are a snapshot), so each process keeps it, per database, and a save
// reads nothing of the attempt: whether it is still open, and still there, is the write's own
// WHERE. Only what a check needs is kept, not the snapshot's texts and right answers.
import { eq } from 'drizzle-orm';
import { LRUCache } from 'lru-cache';
import type { Question } from '../../../shared/quiz';
import type { Db } from '../../db/client';
import { courseAttempts } from '../../db/schema';
import type { AnswerShape } from './quiz-checks';

export interface AttemptKey {
  userId: string;
  lessonId: string;
  questions: AnswerShape[];
}

// Bounded by the questions and options kept, as a quiz may have many: about 100 bytes each.
const KEPT_SHAPES = 500_000;
const kept = new WeakMap<Db, LRUCache<string, AttemptKey>>();

function keptIn(db: Db): LRUCache<string, AttemptKey> {
  let cache = kept.get(db);
  if (!cache)
    kept.set(
      db,
      (cache = new LRUCache({
        maxSize: KEPT_SHAPES,
        sizeCalculation: (key) => key.questions.reduce((size, question) => size + 1 + question.options.length, 1),
      })),
    );
  return cache;
}

const keyOf = (attempt: { userId: string; lessonId: string; questions: readonly Question[] }): AttemptKey => ({
  userId: attempt.userId,
  lessonId: attempt.lessonId,
  questions: attempt.questions.map((question) => ({
    _id: question._id,
    kind: question.kind,
    options: question.options.map((option) => ({ _id: option._id })),
  })),
});

/** Keeps the key of an attempt just read or started, so that its saves need not read it. */
export function keepAttemptKey(db: Db, attempt: { id: string; userId: string; lessonId: string; questions: readonly Question[] }): void {
  keptIn(db).set(attempt.id, keyOf(attempt));
}

/** The attempt's key, read once per process; undefined: no such attempt. */
export async function attemptKey(db: Db, id: string): Promise<AttemptKey | undefined> {
  const known = keptIn(db).get(id);
  if (known) return known;
  const [row] = await db
    .select({ userId: courseAttempts.userId, lessonId: courseAttempts.lessonId, questions: courseAttempts.questions })
    .from(courseAttempts)
    .where(eq(courseAttempts.id, id));
  if (!row) return undefined;
  const key = keyOf({ ...row, questions: JSON.parse(row.questions) as Question[] });
  keptIn(db).set(id, key);
  return key;
}
