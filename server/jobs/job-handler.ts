// What a kind of background job is (decision 045): its type, how it runs, how often it may be
// tried. Each handler lives in its domain's room (course/stream/transcode-job.ts) and the
// composition registers it with the queue (job-queue.ts); the base never names a domain.
import type { FastifyBaseLogger } from 'fastify';

export interface JobContext {
  readonly jobId: string;
  /** 1 on the first try. */
  readonly attempt: number;
  readonly maxAttempts: number;
  /** Aborted when the job is cancelled, its lease is lost, or the process shuts down: stop, keep nothing half-made. */
  readonly signal: AbortSignal;
  readonly log: FastifyBaseLogger;
}

export interface JobHandler<Payload = unknown> {
  /** Unique across the site, e.g. 'course.transcode'. */
  readonly type: string;
  /** At most this many jobs of this type run at once in one process (0: none here). */
  readonly concurrency: number;
  /** Tries in all before the job stays failed. */
  readonly maxAttempts: number;
  /** Milliseconds to wait before try `attempt + 1` after try `attempt` failed. */
  backoffMs(attempt: number): number;
  /** Does the work; throws to fail this try. Must be idempotent or keyed: a crashed try is run again. */
  run(payload: Payload, context: JobContext): Promise<void>;
  /** After the last try failed (the job stays failed): record why, where the domain shows it. */
  onGaveUp?(payload: Payload, error: unknown): Promise<void>;
}
