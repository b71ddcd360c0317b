// A media file's transcode as the site keeps it (course_streams, CONTRACT §7): the job's writes
// (running and its percent, done, a failed try, failed for good) and the reads of the answers.
// Queueing and stopping are at the course's root (transcode-queue.ts), for the files room too.
import { and, eq, inArray, isNull } from 'drizzle-orm';
import type { TranscodeState } from '../../../shared/course';
import type { Db } from '../../db/client';
import { courseFiles, courseStreams } from '../../db/schema';
import { transaction } from '../../db/transaction';
import { queueTranscode } from '../transcode-queue';

export interface TranscodeStanding {
  state: TranscodeState;
  percent: number;
  error: string | null;
}

export interface StreamRow extends TranscodeStanding {
  /** The renditions' heights, ascending, once done; empty for audio. */
  heights: number[] | null;
}

/** A file's transcode, or undefined if it has none (not a media file, or from before this version and not yet queued). */
export async function findStream(db: Db, fileId: string): Promise<StreamRow | undefined> {
  const [row] = await db
    .select({ state: courseStreams.state, percent: courseStreams.percent, error: courseStreams.error, heights: courseStreams.heights })
    .from(courseStreams)
    .where(eq(courseStreams.fileId, fileId));
  return row && { state: row.state, percent: row.percent, error: row.error, heights: row.heights === null ? null : (JSON.parse(row.heights) as number[]) };
}

/** Running at `percent`; never over a try's end (done or failed) that a late progress write would undo. */
export async function markRunning(db: Db, fileId: string, percent: number, now = Date.now()): Promise<void> {
  await db
    .update(courseStreams)
    .set({ state: 'running', percent, updatedAt: now })
    .where(and(eq(courseStreams.fileId, fileId), inArray(courseStreams.state, ['queued', 'running'])));
}

export async function markDone(db: Db, fileId: string, heights: readonly number[], now = Date.now()): Promise<void> {
  await db
    .update(courseStreams)
    .set({ state: 'done', percent: 100, error: null, heights: JSON.stringify(heights), updatedAt: now })
    .where(eq(courseStreams.fileId, fileId));
}

/** A try failed: queued again with its reason while tries are left, else failed for good. */
export async function markTryFailed(db: Db, fileId: string, reason: string, last: boolean, now = Date.now()): Promise<void> {
  await db
    .update(courseStreams)
    .set({ state: last ? 'failed' : 'queued', percent: 0, error: reason, heights: null, updatedAt: now })
    .where(eq(courseStreams.fileId, fileId));
}

/** A try stopped from outside (cancelled, its lease lost, the process shutting down): back to queued, as its job is. */
export async function markHandedBack(db: Db, fileId: string, now = Date.now()): Promise<void> {
  await db
    .update(courseStreams)
    .set({ state: 'queued', percent: 0, updatedAt: now })
    .where(and(eq(courseStreams.fileId, fileId), eq(courseStreams.state, 'running')));
}

/** Media files without a transcode (uploaded before this version, or added by a tool): each queued once; how many. */
export async function queueMissingTranscodes(db: Db): Promise<number> {
  const missing = await db
    .select({ id: courseFiles.id })
    .from(courseFiles)
    .leftJoin(courseStreams, eq(courseStreams.fileId, courseFiles.id))
    .where(and(eq(courseFiles.role, 'media'), isNull(courseStreams.fileId)));
  // Each in a transaction of its own: its row and its job together. At start, before the queue looks: no need to wake it.
  for (const { id } of missing) await transaction(db, (tx) => queueTranscode(tx, undefined, id));
  return missing.length;
}

/** A media file and its lesson's title, for the retry (undefined: no such media file). */
export async function findMediaFile(db: Db, fileId: string): Promise<{ id: string; lessonId: string; name: string } | undefined> {
  const [row] = await db
    .select({ id: courseFiles.id, lessonId: courseFiles.lessonId, name: courseFiles.name })
    .from(courseFiles)
    .where(and(eq(courseFiles.id, fileId), eq(courseFiles.role, 'media')));
  return row;
}
