// A site process's job queue alone in a process of its own (run by tsx), for the tests of a
// process killed mid-job (server/jobs/job-queue.test.ts): on PostgreSQL's database at DATABASE_URL
// when set, else the SQLite file named first. It runs the jobs of the type named second under a
// lease of the milliseconds named third; its handler says "running <job id> <worker>" and then
// works forever, renewing its lease, until the test kills the process.
import pino from 'pino';
import { openSiteDatabase } from '../../server/db/client';
import { MemoryEventBus } from '../../server/events/memory-event-bus';
import { JobQueue } from '../../server/jobs/job-queue';

const [file, type, leaseMs] = process.argv.slice(2) as [string, string, string];
const url = process.env.DATABASE_URL;
const database = await openSiteDatabase(url ? { dialect: 'postgres', url } : { dialect: 'sqlite', file });
const queue = new JobQueue({
  db: database.db,
  events: new MemoryEventBus(),
  log: pino({ level: 'warn' }, process.stderr),
  leaseMs: Number(leaseMs),
  pollMs: 50,
});
queue.register({
  type,
  concurrency: 1,
  maxAttempts: 3,
  backoffMs: () => 0,
  run: async (_payload, { jobId }) => {
    process.stdout.write(`running ${jobId} ${queue.worker}\n`);
    await new Promise(() => {});
  },
});
await queue.start();
// The queue's timers keep no process alive (they are unref'd, as in the site): this one does.
setInterval(() => {}, 60_000);
