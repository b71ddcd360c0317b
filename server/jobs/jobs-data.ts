// The jobs table's writes a domain makes (decision 045): queue a job, in the caller's transaction
// when it has one, so a job exists exactly when the change that asks for it committed; cancel one.
// The queue (job-queue.ts) claims, runs, renews and retries them.
import { randomUUID } from 'node:crypto';
import { and, eq, inArray } from 'drizzle-orm';
import type { Db } from '../db/client';
import { jobs } from '../db/schema';

export interface NewJob {
  type: string;
  /** Unique across the site: queueing a key again starts that job over (a retry, a new payload). */
  key?: string;
  payload: unknown;
  maxAttempts: number;
  /** Milliseconds; not claimed before. */
  runAfter?: number;
}

/** Queues a job; with a key already queued, running, done or failed, starts that one over (a running try loses its lease and stops). */
export async function enqueueJob(db: Db, job: NewJob, now = Date.now()): Promise<void> {
  const fresh = {
    payload: JSON.stringify(job.payload),
    state: 'queued' as const,
    attempts: 0,
    maxAttempts: job.maxAttempts,
    runAfter: job.runAfter ?? now,
    leaseUntil: null,
    worker: null,
    lastError: null,
    updatedAt: now,
  };
  const row = { id: randomUUID(), type: job.type, key: job.key ?? null, createdAt: now, ...fresh };
  if (job.key === undefined) await db.insert(jobs).values(row);
  else await db.insert(jobs).values(row).onConflictDoUpdate({ target: jobs.key, set: fresh });
}

/** Cancels the job of this key if it is queued or running (its runner sees it at its next lease renewal); true if there was one. */
export async function cancelJob(db: Db, key: string, now = Date.now()): Promise<boolean> {
  const cancelled = await db
    .update(jobs)
    .set({ state: 'cancelled', leaseUntil: null, worker: null, updatedAt: now })
    .where(and(eq(jobs.key, key), inArray(jobs.state, ['queued', 'running'])))
    .returning({ id: jobs.id });
  return cancelled.length > 0;
}
