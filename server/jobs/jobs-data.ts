// The jobs table's writes a domain makes (decision 045): queue a job, in the caller's transaction
// when it has one, so a job exists exactly when the change that asks for it committed; cancel one.
// The queue (job-queue.ts) claims, runs, renews and retries them; it polls, and `events` (published
// at the commit) wakes every process's queue at once.
import { randomUUID } from 'node:crypto';
import { and, eq, inArray } from 'drizzle-orm';
import type { Db } from '../db/client';
import { jobs } from '../db/schema';
import type { PendingEvents } from '../events/after-commit';

export interface NewJob {
  type: string;
  /** Unique across the site: queueing a key again starts that job over (a retry, a new payload). */
  key?: string;
  payload: unknown;
  maxAttempts: number;
  /** Milliseconds; not claimed before. */
  runAfter?: number;
}

/**
 * Queues a job; with a key already queued, running, done or failed, starts that one over (a running
 * try loses its lease and stops). `events`: the transaction's, to wake the queues once it commits.
 */
export async function enqueueJob(db: Db, job: NewJob, events?: PendingEvents, now = Date.now()): Promise<void> {
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
  const [queued] =
    job.key === undefined
      ? await db.insert(jobs).values(row).returning({ id: jobs.id })
      : await db.insert(jobs).values(row).onConflictDoUpdate({ target: jobs.key, set: fresh }).returning({ id: jobs.id });
  events?.publish('jobs-queued');
  // The key's row was there already: a process may be running its old try, which must stop.
  if (queued!.id !== row.id) events?.publish('jobs-cancelled');
}

/**
 * Queues a job under `key` unless that key has one already, whatever its state: for work that must
 * run once per key even when several processes ask at once (a pass per time window). True if queued.
 */
export async function enqueueJobOnce(db: Db, job: NewJob & { key: string }, events?: PendingEvents, now = Date.now()): Promise<boolean> {
  const queued = await db
    .insert(jobs)
    .values({
      id: randomUUID(),
      type: job.type,
      key: job.key,
      payload: JSON.stringify(job.payload),
      state: 'queued',
      attempts: 0,
      maxAttempts: job.maxAttempts,
      runAfter: job.runAfter ?? now,
      createdAt: now,
      updatedAt: now,
    })
    .onConflictDoNothing({ target: jobs.key })
    .returning({ id: jobs.id });
  if (queued.length > 0) events?.publish('jobs-queued');
  return queued.length > 0;
}

/**
 * Cancels the job of this key if it is queued or running; true if there was one. A running try
 * stops when its process hears of it through `events` (after the commit), or at its next lease
 * renewal.
 */
export async function cancelJob(db: Db, key: string, events?: PendingEvents, now = Date.now()): Promise<boolean> {
  const cancelled = await db
    .update(jobs)
    .set({ state: 'cancelled', leaseUntil: null, worker: null, updatedAt: now })
    .where(and(eq(jobs.key, key), inArray(jobs.state, ['queued', 'running'])))
    .returning({ id: jobs.id });
  if (cancelled.length > 0) events?.publish('jobs-cancelled');
  return cancelled.length > 0;
}
