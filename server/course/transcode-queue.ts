// Queueing and stopping a media file's transcode (CONTRACT §7), in the caller's transaction: the
// files room calls them when media arrives, is replaced or is deleted, and the stream room's retry
// when the admin asks again. They live at the course's root, below both rooms, so that files/ and
// stream/ never import each other in a loop (decision 046).
import type { Db } from '../db/client';
import { courseStreams } from '../db/schema';
import type { PendingEvents } from '../events/after-commit';
import { cancelJob, enqueueJob } from '../jobs/jobs-data';

export const TRANSCODE_JOB = 'course.transcode';
/** Tries in all (CONTRACT §7): then the transcode stays failed with its reason. */
export const TRANSCODE_TRIES = 3;

export interface TranscodePayload {
  fileId: string;
}

/** One job per file: queueing it again starts that job over (jobs-data.ts). */
export const transcodeKey = (fileId: string) => `transcode:${fileId}`;

/**
 * Queues the transcode of media file `fileId` (again): its state back to queued, 0 %, no error; the
 * job starts over. `events` tells every process's queue after the commit, so one claims it at once.
 */
export async function queueTranscode(db: Db, events: PendingEvents | undefined, fileId: string, now = Date.now()): Promise<void> {
  const fresh = { state: 'queued' as const, percent: 0, error: null, heights: null, updatedAt: now };
  await db
    .insert(courseStreams)
    .values({ fileId, ...fresh })
    .onConflictDoUpdate({ target: courseStreams.fileId, set: fresh });
  const payload: TranscodePayload = { fileId };
  await enqueueJob(db, { type: TRANSCODE_JOB, key: transcodeKey(fileId), payload, maxAttempts: TRANSCODE_TRIES }, events, now);
}

/** Stops the transcode of file `fileId` (replaced or deleted): a queued job never runs, a running one is killed once `events` reaches its process after the commit (at its next lease renewal otherwise). */
export async function stopTranscode(db: Db, events: PendingEvents | undefined, fileId: string): Promise<void> {
  await cancelJob(db, transcodeKey(fileId), events);
}
