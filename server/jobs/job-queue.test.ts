// The site's job queue (DESIGN "Background work", decision 045) on the test's database, SQLite or
// PostgreSQL: each test's queues run jobs of a type of their own, with short leases, as several
// processes would (a connection each; a child process for the one killed mid-job).
import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import { once } from 'node:events';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import { eq, inArray } from 'drizzle-orm';
import pino from 'pino';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestApp, LogCapture, type TestApp } from '../../tests/support/test-app';
import { dialect, openAppDatabase } from '../../tests/support/test-database';
import { DAY_MS } from '../../shared/constants';
import type { SiteDatabase } from '../db/client';
import { jobs } from '../db/schema';
import { PendingEvents } from '../events/after-commit';
import { MemoryEventBus } from '../events/memory-event-bus';
import type { JobContext, JobHandler } from './job-handler';
import { JobQueue, type JobQueueOptions } from './job-queue';
import { cancelJob, enqueueJob, type NewJob } from './jobs-data';

let t: TestApp;
// Two connections (PostgreSQL: two pools), as two processes would have.
let one: SiteDatabase;
let two: SiteDatabase;
// What Redis would be to several processes: every queue of the test hears every event.
const bus = new MemoryEventBus();
const logs = new LogCapture();
const log = pino({ level: 'info' }, logs);
const queues: JobQueue[] = [];
const children: ChildProcessWithoutNullStreams[] = [];

beforeAll(async () => {
  t = await createTestApp();
  one = await openAppDatabase(t.config);
  two = await openAppDatabase(t.config);
});

afterEach(async () => {
  for (const child of children.splice(0)) child.kill('SIGKILL');
  await Promise.all(queues.splice(0).map((queue) => queue.stop()));
  // The queue's own machinery never failed in a test.
  expect(logs.lines.filter((line) => line.includes('the job queue could not'))).toEqual([]);
});

afterAll(async () => {
  await one?.close();
  await two?.close();
  await t?.close();
});

let types = 0;
/** A job type no other test's queue runs. */
const newType = () => `test.job-${++types}`;

function queueOn(database: SiteDatabase, options: Partial<JobQueueOptions> = {}): JobQueue {
  const queue = new JobQueue({ db: database.db, events: bus, log, leaseMs: 600, pollMs: 50, ...options });
  queues.push(queue);
  return queue;
}

function handler<Payload>(
  type: string,
  run: (payload: Payload, context: JobContext) => Promise<void>,
  more: Partial<JobHandler<Payload>> = {},
): JobHandler<Payload> {
  return { type, concurrency: 1, maxAttempts: 3, backoffMs: () => 10, run, ...more };
}

/** Queues a job as a domain's transaction would: the queues hear of it once it has committed. */
async function enqueue(job: NewJob) {
  const events = new PendingEvents();
  await enqueueJob(one.db, job, events);
  events.flushTo(bus);
}

const rowOf = async (key: string) => (await one.db.select().from(jobs).where(eq(jobs.key, key)))[0]!;
const untilState = (key: string, state: string, timeout = 5000) =>
  vi.waitFor(async () => expect((await rowOf(key)).state).toBe(state), { timeout, interval: 20 });
/** A promise and what settles it. */
function signalled() {
  let resolve!: () => void;
  const promise = new Promise<void>((done) => (resolve = done));
  return { promise, resolve };
}
const aborted = (signal: AbortSignal) => new Promise<void>((resolve) => (signal.aborted ? resolve() : signal.addEventListener('abort', () => resolve())));

describe('the job queue', () => {
  it('runs a job once, with its payload, and marks it done', async () => {
    const type = newType();
    const runs: Array<{ payload: unknown; attempt: number }> = [];
    const queue = queueOn(one);
    queue.register(handler(type, async (payload, { attempt }) => void runs.push({ payload, attempt })));
    await queue.start();
    await enqueue({ type, key: 'runs-once', payload: { lesson: 'Ünïcode 1' }, maxAttempts: 3 });

    await untilState('runs-once', 'done');
    expect(runs).toEqual([{ payload: { lesson: 'Ünïcode 1' }, attempt: 1 }]);
    expect(await rowOf('runs-once')).toMatchObject({ attempts: 1, worker: queue.worker, leaseUntil: null, lastError: null });
  });

  it('tries a failing job again after its backoff, then keeps it failed with its reason and tells its handler once', async () => {
    const type = newType();
    const backoffs: number[] = [];
    const gaveUp: Array<[unknown, string]> = [];
    const queue = queueOn(one);
    queue.register(
      handler(
        type,
        async (_payload, { attempt }) => {
          throw new Error(`Try ${attempt} broke.`);
        },
        {
          backoffMs: (attempt) => (backoffs.push(attempt), 20 * attempt),
          onGaveUp: async (payload, error) => void gaveUp.push([payload, (error as Error).message]),
        },
      ),
    );
    await queue.start();
    await enqueue({ type, key: 'fails', payload: { file: 'f1' }, maxAttempts: 3 });

    await untilState('fails', 'failed');
    await vi.waitFor(() => expect(gaveUp).toHaveLength(1));
    expect(gaveUp).toEqual([[{ file: 'f1' }, 'Try 3 broke.']]);
    expect(backoffs).toEqual([1, 2]);
    expect(await rowOf('fails')).toMatchObject({ attempts: 3, lastError: 'Try 3 broke.', leaseUntil: null });
  });

  it('starts a job over when its key is queued again: a failed one, with its new payload', async () => {
    const type = newType();
    const seen: unknown[] = [];
    const queue = queueOn(one);
    queue.register(
      handler<{ fail: boolean }>(type, async (payload) => {
        seen.push(payload);
        if (payload.fail) throw new Error('The source is truncated.');
      }),
    );
    await queue.start();
    await enqueue({ type, key: 'again', payload: { fail: true }, maxAttempts: 1 });
    await untilState('again', 'failed');

    await enqueue({ type, key: 'again', payload: { fail: false }, maxAttempts: 1 });
    await untilState('again', 'done');
    expect(seen).toEqual([{ fail: true }, { fail: false }]);
    expect(await rowOf('again')).toMatchObject({ attempts: 1, lastError: null });
    expect(await one.db.select().from(jobs).where(eq(jobs.key, 'again'))).toHaveLength(1);
  });

  it('stops a running try at once when its key is queued again, and runs the job anew', async () => {
    const type = newType();
    const tries: Array<{ payload: unknown; stopped: boolean }> = [];
    // A lease far longer than the test: only the event can stop the first try in time.
    const queue = queueOn(one, { leaseMs: 60_000 });
    queue.register(
      handler<{ version: number }>(type, async (payload, { signal }) => {
        const attempt = { payload, stopped: false };
        tries.push(attempt);
        if (payload.version === 2) return;
        await aborted(signal);
        attempt.stopped = true;
        throw signal.reason;
      }),
    );
    await queue.start();
    await enqueue({ type, key: 'replaced', payload: { version: 1 }, maxAttempts: 3 });
    await vi.waitFor(() => expect(tries).toHaveLength(1));

    await enqueue({ type, key: 'replaced', payload: { version: 2 }, maxAttempts: 3 });
    await untilState('replaced', 'done');
    expect(tries).toEqual([
      { payload: { version: 1 }, stopped: true },
      { payload: { version: 2 }, stopped: false },
    ]);
    await queue.stop();
    // The stopped try wrote nothing: no failure recorded, the new one's count.
    expect(await rowOf('replaced')).toMatchObject({ state: 'done', attempts: 1, lastError: null });
  });

  it('runs each of 20 jobs exactly once when two queues on two connections race for them', async () => {
    const type = newType();
    const runs: string[] = [];
    const work = (payload: { n: number }) => {
      runs.push(`job ${payload.n}`);
      return new Promise<void>((resolve) => setTimeout(resolve, 5));
    };
    const first = queueOn(one);
    const second = queueOn(two);
    for (const queue of [first, second]) queue.register(handler(type, work, { concurrency: 4 }));
    const keys = Array.from({ length: 20 }, (_, n) => `race-${n}`);
    await Promise.all([first.start(), second.start()]);
    await Promise.all(keys.map((key, n) => enqueue({ type, key, payload: { n }, maxAttempts: 3 })));

    await vi.waitFor(
      async () => {
        const rows = await one.db.select().from(jobs).where(inArray(jobs.key, keys));
        expect(rows.filter((row) => row.state === 'done')).toHaveLength(20);
      },
      { timeout: 10_000, interval: 50 },
    );
    expect(runs.sort()).toEqual(Array.from({ length: 20 }, (_, n) => `job ${n}`).sort());
    const rows = await one.db.select().from(jobs).where(inArray(jobs.key, keys));
    expect(rows.map((row) => row.attempts)).toEqual(Array.from({ length: 20 }, () => 1));
  });

  it('never runs more jobs of a type at once than its concurrency, and none of a type it allows none of', async () => {
    const [type, elsewhere] = [newType(), newType()];
    let now = 0;
    let most = 0;
    const queue = queueOn(one);
    queue.register(
      handler(
        type,
        async () => {
          most = Math.max(most, ++now);
          await new Promise((resolve) => setTimeout(resolve, 15));
          now--;
        },
        { concurrency: 2 },
      ),
    );
    queue.register(handler(elsewhere, () => Promise.reject(new Error('never run here')), { concurrency: 0 }));
    await enqueue({ type: elsewhere, key: 'not-here', payload: {}, maxAttempts: 3 });
    const keys = Array.from({ length: 8 }, (_, n) => `slot-${n}`);
    for (const key of keys) await enqueue({ type, key, payload: {}, maxAttempts: 3 });
    await queue.start();

    for (const key of keys) await untilState(key, 'done');
    expect(most).toBeGreaterThan(0);
    expect(most).toBeLessThanOrEqual(2);
    expect(await rowOf('not-here')).toMatchObject({ state: 'queued', attempts: 0, worker: null });
  });

  it("aborts a cancelled job's running try at once, and its end records nothing", async () => {
    const type = newType();
    let stoppedBy: unknown;
    const started = signalled();
    // A lease far longer than the test: the cancel is heard through its event, not a renewal.
    const queue = queueOn(one, { leaseMs: 60_000 });
    queue.register(
      handler(type, async (_payload, { signal }) => {
        started.resolve();
        await aborted(signal);
        stoppedBy = signal.reason;
        throw new Error('ffmpeg was killed');
      }),
    );
    await queue.start();
    await enqueue({ type, key: 'cancelled', payload: {}, maxAttempts: 3 });
    await started.promise;

    const events = new PendingEvents();
    expect(await cancelJob(one.db, 'cancelled', events)).toBe(true);
    events.flushTo(bus);
    await vi.waitFor(() => expect(stoppedBy).toBeInstanceOf(Error));
    await queue.stop();
    expect(await rowOf('cancelled')).toMatchObject({ state: 'cancelled', attempts: 1, worker: null, lastError: null });
    expect(await cancelJob(one.db, 'cancelled')).toBe(false);
  });

  it('hands a running job back when it stops, without counting the try, and another queue finishes it', async () => {
    const type = newType();
    const started = signalled();
    const stopping = queueOn(one);
    stopping.register(
      handler(type, async (_payload, { signal }) => {
        started.resolve();
        await aborted(signal);
        throw signal.reason;
      }),
    );
    await stopping.start();
    await enqueue({ type, key: 'handed-back', payload: {}, maxAttempts: 3 });
    await started.promise;

    await stopping.stop();
    expect(await rowOf('handed-back')).toMatchObject({ state: 'queued', attempts: 0, worker: null, leaseUntil: null, lastError: null });

    const next = queueOn(two);
    next.register(handler(type, async () => {}));
    await next.start();
    await untilState('handed-back', 'done');
    expect(await rowOf('handed-back')).toMatchObject({ attempts: 1, worker: next.worker });
  });

  it('finishes a job whose process was killed mid-try, once that lease has run out', async () => {
    const type = newType();
    await enqueue({ type, key: 'killed', payload: {}, maxAttempts: 3 });
    const child = startQueueProcess(type, 500);
    const [jobId, childWorker] = await child.running;
    expect(await rowOf('killed')).toMatchObject({ id: jobId, state: 'running', worker: childWorker, attempts: 1 });

    child.process.kill('SIGKILL');
    await once(child.process, 'exit');
    const survivor = queueOn(two, { leaseMs: 500 });
    const tries: number[] = [];
    survivor.register(handler(type, async (_payload, { attempt }) => void tries.push(attempt)));
    await survivor.start();

    await untilState('killed', 'done', 10_000);
    expect(tries).toEqual([2]);
    expect(await rowOf('killed')).toMatchObject({ attempts: 2, worker: survivor.worker });
  });

  it('sweeps the jobs that ended well or were cancelled over seven days ago, and nothing else', async () => {
    const now = Date.now();
    const old = now - 7 * DAY_MS - 60_000;
    const row = (key: string, state: 'queued' | 'done' | 'failed' | 'cancelled', updatedAt: number) => ({
      id: key,
      type: 'test.swept',
      key,
      payload: '{}',
      state,
      attempts: 1,
      maxAttempts: 3,
      runAfter: updatedAt,
      createdAt: updatedAt,
      updatedAt,
    });
    await one.db
      .insert(jobs)
      .values([
        row('old-done', 'done', old),
        row('old-cancelled', 'cancelled', old),
        row('old-failed', 'failed', old),
        row('old-queued', 'queued', old),
        row('recent-done', 'done', now - 6 * DAY_MS),
      ]);

    await queueOn(one, { clock: () => now }).start();
    const left = await one.db.select({ key: jobs.key }).from(jobs).where(eq(jobs.type, 'test.swept'));
    expect(left.map(({ key }) => key).sort()).toEqual(['old-failed', 'old-queued', 'recent-done']);
  });
});

const tsx = createRequire(import.meta.url).resolve('tsx');
const queueProcess = fileURLToPath(new URL('../../tests/support/job-queue-process.ts', import.meta.url));

/** Another site process's queue (job-queue-process.ts); `running`: the job it began and its worker. */
function startQueueProcess(type: string, leaseMs: number) {
  const env: NodeJS.ProcessEnv = { ...process.env, ...t.databaseEnv };
  if (dialect === 'sqlite') delete env.DATABASE_URL;
  const file = t.config.database.dialect === 'sqlite' ? t.config.database.file : '';
  const child = spawn(process.execPath, ['--import', tsx, queueProcess, file, type, String(leaseMs)], { env, stdio: ['pipe', 'pipe', 'pipe'] });
  children.push(child);
  let output = '';
  let errors = '';
  child.stderr.setEncoding('utf8').on('data', (chunk: string) => (errors += chunk));
  const running = new Promise<[string, string]>((resolve, reject) => {
    child.stdout.setEncoding('utf8').on('data', (chunk: string) => {
      output += chunk;
      const line = /^running (\S+) (\S+)$/m.exec(output);
      if (line) resolve([line[1]!, line[2]!]);
    });
    child.once('exit', (code) => reject(new Error(`the queue process exited (${code}) before it ran the job: ${errors}`)));
  });
  return { process: child, running };
}
