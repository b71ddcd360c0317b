// The site's one queue of background work (DESIGN "Background work", decision 045), named after
// PeerTube's: every process runs one, over the jobs table, whatever the database. It claims due
// jobs of the types registered here (job-handler.ts) as slots free up, runs each under a lease it
// renews, and writes how each try ended: done, queued again after a backoff, or failed. A process
// that dies mid-job leaves its lease to run out, and any live queue then takes the job over; one
// that shuts down hands its running jobs back first (stop()).
//
// It looks for work every `pollMs`, and at once when a job is queued anywhere (the 'jobs-queued'
// site event), when a slot here frees up, and when a retry falls due. Its own failures (a database
// that does not answer, say) are logged and tried again at the next turn: they never end the process.
import { randomBytes } from 'node:crypto';
import { hostname } from 'node:os';
import type { FastifyBaseLogger } from 'fastify';
import { DAY_MS } from '../../shared/constants';
import type { Db } from '../db/client';
import type { EventBus } from '../events/event-bus';
import { coalescedRun, type CoalescedRun } from '../lib/coalesced-run';
import { startRepeating } from '../lib/daily-job';
import type { JobContext, JobHandler } from './job-handler';
import { claimJob, deleteEndedJobs, endTry, handBack, renewLeases, type ClaimedJob, type TryEnd } from './queue-data';

/** Jobs that ended well or were cancelled are kept this long (to see what ran), then swept. */
export const ENDED_JOBS_KEPT_DAYS = 7;

/** What a failed try records of its error, at most. */
const ERROR_CHARS = 2000;

export interface JobQueueOptions {
  db: Db;
  events: EventBus;
  log: FastifyBaseLogger;
  /** How long a claim holds without renewal; renewed every third of it. */
  leaseMs: number;
  /** How often it looks for due jobs when nothing wakes it. */
  pollMs: number;
  /** Milliseconds since the epoch: what leases, retries and the sweep are reckoned by. */
  clock?: () => number;
}

/** A try this process runs. */
interface RunningTry {
  readonly job: ClaimedJob;
  readonly controller: AbortController;
  /** Until when the lease is known to hold (the last renewal that answered). */
  leaseUntil: number;
  /** The row is no longer this try's (cancelled, queued again, taken over): its end writes nothing. */
  lost: boolean;
  /** stop() aborted it: its end hands it back, unless it finished all the same. */
  handingBack: boolean;
  /** Its handler has returned: its end is being written. */
  ending: boolean;
}

/** Why a try's signal aborted, as its handler sees it. */
class JobStopped extends Error {
  override name = 'JobStopped';
}

const reasonOf = (error: unknown) => (error instanceof Error ? error.message : String(error)).slice(0, ERROR_CHARS) || 'It failed without a reason.';

export class JobQueue {
  /** Who holds a lease, in the jobs table: host, process and a random part (a restarted process with the same pid is another worker). */
  readonly worker = `${hostname()}:${process.pid}:${randomBytes(4).toString('hex')}`;
  private readonly handlers = new Map<string, JobHandler<never>>();
  private readonly running = new Map<string, RunningTry>();
  private readonly settled = new Set<Promise<void>>();
  private readonly clock: () => number;
  private readonly claims: CoalescedRun;
  private readonly renewals: CoalescedRun;
  private state: 'new' | 'started' | 'stopping' = 'new';
  private readonly timers: NodeJS.Timeout[] = [];
  private readonly unsubscribes: Array<() => void> = [];
  private stopSweeps: (() => Promise<void>) | undefined;
  private stopped: Promise<void> | undefined;

  constructor(private readonly options: JobQueueOptions) {
    this.clock = options.clock ?? Date.now;
    this.claims = coalescedRun(
      () => this.claimWhileFree(),
      (error) => options.log.error({ err: error }, 'the job queue could not claim jobs; it tries again at its next poll'),
    );
    this.renewals = coalescedRun(
      () => this.renew(),
      (error) => options.log.error({ err: error }, "the job queue could not check its jobs' leases"),
    );
  }

  /** Runs the jobs of `handler.type` in this process, from now on (the composition registers them before start()). */
  register<Payload>(handler: JobHandler<Payload>): void {
    if (this.handlers.has(handler.type)) throw new Error(`a job handler for '${handler.type}' is registered already`);
    this.handlers.set(handler.type, handler as JobHandler<never>);
    this.claims.request();
  }

  /** Starts claiming, renewing and the daily sweep; the sweep's first run is done when it resolves. */
  async start(): Promise<void> {
    if (this.state !== 'new') return;
    this.state = 'started';
    const { events, pollMs, leaseMs } = this.options;
    this.unsubscribes.push(
      events.subscribe('jobs-queued', () => this.claims.request()),
      // Cancelled, or queued again, somewhere: a renewal finds which of ours are no longer ours.
      events.subscribe('jobs-cancelled', () => this.renewals.request()),
    );
    this.every(pollMs, () => this.claims.request());
    this.every(leaseMs / 3, () => this.renewals.request());
    this.stopSweeps = await startRepeating(() => this.sweep(), { log: this.options.log, failure: 'the sweep of ended jobs failed' });
    this.claims.request();
  }

  /**
   * The app's close (SIGTERM): claims nothing more, stops the running tries (their signals abort),
   * waits for them to settle, and hands each back to the queue, due at once and not counted as a
   * try, for this process after its restart or another one to run.
   */
  stop(): Promise<void> {
    return (this.stopped ??= this.shutDown());
  }

  private async shutDown(): Promise<void> {
    this.state = 'stopping';
    for (const unsubscribe of this.unsubscribes.splice(0)) unsubscribe();
    await this.claims.idle();
    for (const run of this.running.values()) {
      run.handingBack = true;
      run.controller.abort(new JobStopped('the site is shutting down; the job will run again'));
    }
    // Renewals go on until they have settled: a handler slow to stop keeps its lease meanwhile.
    while (this.settled.size > 0) await Promise.allSettled([...this.settled]);
    for (const timer of this.timers.splice(0)) clearInterval(timer);
    await this.renewals.idle();
    await this.stopSweeps?.();
  }

  private every(ms: number, tick: () => void) {
    const timer = setInterval(tick, Math.max(1, Math.floor(ms)));
    timer.unref();
    this.timers.push(timer);
  }

  /** Claims one due job at a time while some registered type has a free slot here. */
  private async claimWhileFree(): Promise<void> {
    while (this.state === 'started') {
      const types = this.typesWithFreeSlots();
      if (types.length === 0) return;
      const now = this.clock();
      const job = await claimJob(this.options.db, { worker: this.worker, types, skip: [...this.running.keys()], now, leaseMs: this.options.leaseMs });
      if (!job) return;
      this.begin(job, now + this.options.leaseMs);
    }
  }

  private typesWithFreeSlots(): string[] {
    const busy = new Map<string, number>();
    for (const { job } of this.running.values()) busy.set(job.type, (busy.get(job.type) ?? 0) + 1);
    return [...this.handlers.values()].filter((h) => (busy.get(h.type) ?? 0) < h.concurrency).map((h) => h.type);
  }

  private begin(job: ClaimedJob, leaseUntil: number) {
    const run: RunningTry = { job, controller: new AbortController(), leaseUntil, lost: false, handingBack: false, ending: false };
    this.running.set(job.id, run);
    const settled = this.runTry(run)
      .catch((error: unknown) => this.options.log.error({ err: error, job: job.id, type: job.type }, 'the job queue could not record how a job ended'))
      .finally(() => {
        this.running.delete(job.id);
        this.settled.delete(settled);
        // A slot is free (and a try this process lost may be claimed again).
        this.claims.request();
      });
    this.settled.add(settled);
  }

  private async runTry(run: RunningTry): Promise<void> {
    const { job } = run;
    const handler = this.handlers.get(job.type)!;
    const log = this.options.log.child({ job: job.id, type: job.type, attempt: job.attempts });
    let payload: never;
    try {
      payload = JSON.parse(job.payload) as never;
    } catch (error) {
      // enqueueJob writes JSON: only a hand-edited row gets here, and no try would mend it.
      run.ending = true;
      await endTry(this.options.db, job.id, this.worker, { state: 'failed', error: `Its payload is not JSON: ${reasonOf(error)}` }, this.clock());
      return;
    }
    if (job.attempts > job.maxAttempts) {
      // Taken over after its last try's process died (a lease that ran out): that try counted.
      run.ending = true;
      const error = new Error('The process running its last try stopped before it finished.');
      return this.fail(run, handler, payload, error, log);
    }
    const context: JobContext = { jobId: job.id, attempt: job.attempts, maxAttempts: job.maxAttempts, signal: run.controller.signal, log };
    // Which process runs which job, for the operator reading several processes' logs (the worker is host:pid:random).
    log.info({ worker: this.worker, key: job.key }, 'a job started');
    let outcome: { ok: true } | { ok: false; error: unknown };
    try {
      await handler.run(payload, context);
      outcome = { ok: true };
    } catch (error) {
      outcome = { ok: false, error };
    }
    run.ending = true;
    const { db } = this.options;
    const now = this.clock();
    if (run.lost) {
      log.info('a job stopped: it was cancelled, queued again or taken over, so its try records nothing');
      return;
    }
    if (outcome.ok) {
      if (!(await endTry(db, job.id, this.worker, { state: 'done' }, now))) log.info('a job finished after it was no longer its own; nothing recorded');
      return;
    }
    if (run.handingBack) {
      if (await handBack(db, job.id, this.worker, now)) log.info('a running job was handed back to the queue at shutdown');
      return;
    }
    if (job.attempts >= job.maxAttempts) return this.fail(run, handler, payload, outcome.error, log);
    const backoffMs = Math.max(0, handler.backoffMs(job.attempts));
    const retry: TryEnd = { state: 'queued', runAfter: now + backoffMs, error: reasonOf(outcome.error) };
    if (await endTry(db, job.id, this.worker, retry, now)) {
      log.warn({ err: outcome.error, retryInMs: backoffMs }, 'a job failed; it will be tried again');
      // Due then: looked for then, not at the next poll after.
      setTimeout(() => this.claims.request(), backoffMs).unref();
    }
  }

  private async fail(run: RunningTry, handler: JobHandler<never>, payload: never, error: unknown, log: FastifyBaseLogger): Promise<void> {
    if (!(await endTry(this.options.db, run.job.id, this.worker, { state: 'failed', error: reasonOf(error) }, this.clock()))) return;
    log.error({ err: error }, 'a job failed its last try');
    try {
      await handler.onGaveUp?.(payload, error);
    } catch (failure) {
      log.error({ err: failure }, "a job's handler failed to record that it gave up");
    }
  }

  /** Extends the leases of the tries under way; stops those whose rows are no longer theirs. */
  private async renew(): Promise<void> {
    const held = [...this.running.values()].filter((run) => !run.ending && !run.lost);
    if (held.length === 0) return;
    const until = this.clock() + this.options.leaseMs;
    let kept: Set<string>;
    try {
      kept = await renewLeases(
        this.options.db,
        this.worker,
        held.map((run) => run.job.id),
        until,
      );
    } catch (error) {
      // Unrenewed, a lease that has run out may be another process's by now: stop before both run.
      for (const run of held) if (this.clock() >= run.leaseUntil) this.lose(run, 'its lease ran out while the database did not answer');
      throw error;
    }
    for (const run of held) {
      if (kept.has(run.job.id)) run.leaseUntil = until;
      // Its end was being written meanwhile: that write is why the row is no longer running.
      else if (!run.ending) this.lose(run, 'it was cancelled, queued again or taken over');
    }
  }

  private lose(run: RunningTry, why: string) {
    if (run.lost) return;
    run.lost = true;
    run.controller.abort(new JobStopped(`The job stopped: ${why}.`));
  }

  private async sweep(): Promise<void> {
    try {
      const deleted = await deleteEndedJobs(this.options.db, this.clock() - ENDED_JOBS_KEPT_DAYS * DAY_MS);
      if (deleted > 0) this.options.log.info({ deleted }, 'ended jobs swept');
    } catch (error) {
      // At start too: a sweep that fails must not stop the site from starting.
      this.options.log.error({ err: error }, 'the sweep of ended jobs failed');
    }
  }
}
