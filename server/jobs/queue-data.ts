// The jobs table's writes the queue makes (job-queue.ts, decision 045). Each is one statement, and
// each that ends or renews a try holds only while the row is still this process's running try
// (`worker` and `state`): a try that was cancelled, queued again or taken over writes nothing.
import { and, eq, inArray, lt, lte, notInArray, or, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { jobs } from '../db/schema';
import { claimLock } from './claim-lock';

export interface ClaimedJob {
  id: string;
  type: string;
  key: string | null;
  /** JSON. */
  payload: string;
  /** Counting this try. */
  attempts: number;
  maxAttempts: number;
}

export interface Claim {
  worker: string;
  /** The types this process has a free slot for; at least one. */
  types: string[];
  /** Jobs this process still runs (a try it lost, still stopping): not claimed again until it has. */
  skip: string[];
  now: number;
  leaseMs: number;
}

/**
 * Takes the oldest job of `types` that is due, or whose lease ran out (its process died), in one
 * statement: marks it running under this worker's lease and counts the try.
 */
export async function claimJob(db: Db, claim: Claim): Promise<ClaimedJob | undefined> {
  const { worker, types, skip, now, leaseMs } = claim;
  const claimable = and(
    or(and(eq(jobs.state, 'queued'), lte(jobs.runAfter, now)), and(eq(jobs.state, 'running'), lt(jobs.leaseUntil, now))),
    inArray(jobs.type, types),
    skip.length > 0 ? notInArray(jobs.id, skip) : undefined,
  );
  const [claimed] = await db
    .update(jobs)
    .set({ state: 'running', worker, leaseUntil: now + leaseMs, attempts: sql`${jobs.attempts} + 1`, updatedAt: now })
    .where(eq(jobs.id, sql`(select ${jobs.id} from ${jobs} where ${claimable} order by ${jobs.runAfter} limit 1${claimLock})`))
    .returning({ id: jobs.id, type: jobs.type, key: jobs.key, payload: jobs.payload, attempts: jobs.attempts, maxAttempts: jobs.maxAttempts });
  return claimed;
}

const heldBy = (id: string, worker: string) => and(eq(jobs.id, id), eq(jobs.worker, worker), eq(jobs.state, 'running'));

/** Extends the leases of `ids` that are still this worker's running tries; answers those. */
export async function renewLeases(db: Db, worker: string, ids: string[], until: number): Promise<Set<string>> {
  const renewed = await db
    .update(jobs)
    .set({ leaseUntil: until })
    .where(and(inArray(jobs.id, ids), eq(jobs.worker, worker), eq(jobs.state, 'running')))
    .returning({ id: jobs.id });
  return new Set(renewed.map(({ id }) => id));
}

/** How a try ended. */
export type TryEnd =
  | { state: 'done' }
  /** To be tried again from `runAfter`. */
  | { state: 'queued'; runAfter: number; error: string }
  /** No tries left. */
  | { state: 'failed'; error: string };

/** Writes how this worker's try of `id` ended; false if the try was no longer its own. */
export async function endTry(db: Db, id: string, worker: string, end: TryEnd, now: number): Promise<boolean> {
  const ended = await db
    .update(jobs)
    .set({
      state: end.state,
      leaseUntil: null,
      // A job waiting for its next try belongs to no process; a finished one keeps who finished it.
      ...(end.state === 'queued' ? { worker: null, runAfter: end.runAfter } : {}),
      lastError: end.state === 'done' ? null : end.error,
      updatedAt: now,
    })
    .where(heldBy(id, worker))
    .returning({ id: jobs.id });
  return ended.length > 0;
}

/** Gives a try this process stopped (its shutdown) back to the queue, due at once, as if it never began. */
export async function handBack(db: Db, id: string, worker: string, now: number): Promise<boolean> {
  const handed = await db
    .update(jobs)
    .set({ state: 'queued', worker: null, leaseUntil: null, attempts: sql`${jobs.attempts} - 1`, runAfter: now, updatedAt: now })
    .where(heldBy(id, worker))
    .returning({ id: jobs.id });
  return handed.length > 0;
}

/** Deletes the jobs that ended well or were cancelled before `before`; failed ones stay, with their reason. Answers how many. */
export async function deleteEndedJobs(db: Db, before: number): Promise<number> {
  const deleted = await db
    .delete(jobs)
    .where(and(inArray(jobs.state, ['done', 'cancelled']), lt(jobs.updatedAt, before)))
    .returning({ id: jobs.id });
  return deleted.length;
}
