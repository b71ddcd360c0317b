// A member's progress in the lessons (CONTRACT §4 PUT /api/course/lessons/{id}/progress and
// GET /api/course/progress): the only code that touches course_progress. A save every 10 s from
// thousands of viewers is the hottest write of the product, so it is one prepared upsert with no
// read before it (DESIGN "The course"): the row keeps played_seconds at its maximum and sets or
// clears completed_at in the same statement, and a lesson deleted meanwhile fails its foreign key,
// which the caller answers as the 404 it is (the deletion's cascade takes the rows that came first).
import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { isForeignKeyViolation } from '../../db/errors';
import { preparedAs, preparedPerDatabase } from '../../db/prepared';
import { courseProgress } from '../../db/schema';

export interface ProgressRow {
  lessonId: string;
  positionSeconds: number;
  playedSeconds: number;
  /** Milliseconds; null while not complete. */
  completedAt: number | null;
  updatedAt: number;
}

/**
 * What a save does to the completion:
 * - 'complete': completes it (a completion already there keeps its time);
 * - 'undo': clears it;
 * - 'auto': completes it when this save takes playedSeconds across `completeAt` (a video or audio
 *   lesson, at 90 % of its duration), so that an undone completion stays undone while the member
 *   replays what they had played;
 * - 'keep': leaves it (a lesson with nothing to play).
 */
export type Completion = 'complete' | 'undo' | 'auto' | 'keep';

export interface ProgressSave {
  userId: string;
  lessonId: string;
  positionSeconds: number;
  playedSeconds: number;
  completion: Completion;
  /** The played seconds that complete the lesson ('auto' only). */
  completeAt: number;
}

const stored = {
  positionSeconds: courseProgress.positionSeconds,
  playedSeconds: courseProgress.playedSeconds,
  completedAt: courseProgress.completedAt,
};

const p = (name: keyof ProgressSave | 'at' | 'insertedCompletedAt') => sql.placeholder(name);

// In the DO UPDATE branch a column of course_progress is the row already there; excluded.* is the new one.
const played = courseProgress.playedSeconds;
const completedAt = courseProgress.completedAt;
const completedAtSet: Record<Completion, ReturnType<typeof sql>> = {
  complete: sql`coalesce(${completedAt}, excluded.completed_at)`,
  undo: sql`null`,
  auto: sql`coalesce(${completedAt}, case when ${played} < ${p('completeAt')} and excluded.played_seconds >= ${p('completeAt')} then excluded.updated_at end)`,
  keep: sql`${completedAt}`,
};

// Named (decision 061): PostgreSQL plans it once per connection, also when a quiz's submit runs it
// in its transaction, where it is built again each time.
const upsert = preparedPerDatabase((db, completion: Completion) =>
  preparedAs(
    db
      .insert(courseProgress)
      .values({
        userId: p('userId'),
        lessonId: p('lessonId'),
        positionSeconds: p('positionSeconds'),
        playedSeconds: p('playedSeconds'),
        completedAt: p('insertedCompletedAt'),
        updatedAt: p('at'),
      })
      .onConflictDoUpdate({
        target: [courseProgress.userId, courseProgress.lessonId],
        set: {
          positionSeconds: sql`excluded.position_seconds`,
          // Never down: the unique seconds played only grow.
          playedSeconds: sql`case when excluded.played_seconds > ${played} then excluded.played_seconds else ${played} end`,
          completedAt: completedAtSet[completion],
          updatedAt: sql`excluded.updated_at`,
        },
      })
      .returning(stored),
    `progress-upsert-${completion}`,
  ),
);

function insertedCompletedAt(save: ProgressSave, at: number): number | null {
  if (save.completion === 'complete') return at;
  if (save.completion === 'auto' && save.playedSeconds >= save.completeAt) return at;
  return null;
}

export type SavedProgress = Pick<ProgressRow, 'positionSeconds' | 'playedSeconds' | 'completedAt'>;

/** The row as saved; 'no-lesson' when the lesson (or the member) was deleted before the write. */
export async function saveProgress(db: Db, save: ProgressSave, at: number): Promise<SavedProgress | 'no-lesson'> {
  try {
    const [row] = await upsert(db, save.completion).execute({ ...save, at, insertedCompletedAt: insertedCompletedAt(save, at) });
    return row!;
  } catch (error) {
    if (isForeignKeyViolation(error)) return 'no-lesson';
    throw error;
  }
}

const memberRows = preparedPerDatabase((db) =>
  preparedAs(
    db
      .select({ lessonId: courseProgress.lessonId, ...stored, updatedAt: courseProgress.updatedAt })
      .from(courseProgress)
      .where(eq(courseProgress.userId, sql.placeholder('userId'))),
    'progress-member-rows',
  ),
);

/** Every row of the member's, by the primary key's prefix. */
export function readMemberProgress(db: Db, userId: string): Promise<ProgressRow[]> {
  return memberRows(db, '').execute({ userId });
}

const NO_PROGRESS: SavedProgress = { positionSeconds: 0, playedSeconds: 0, completedAt: null };

/** The member's progress in one lesson; an untouched lesson reads as nothing played. */
export async function readLessonProgress(db: Db, userId: string, lessonId: string): Promise<SavedProgress> {
  const [row] = await db
    .select(stored)
    .from(courseProgress)
    .where(and(eq(courseProgress.userId, userId), eq(courseProgress.lessonId, lessonId)));
  return row ?? NO_PROGRESS;
}
