// The 'course.module-opened' job (CONTRACT §9; decision 052): the module.opened pass, queued at
// start and every DRIP_MAIL_CHECK_MINUTES under the key of its time window, so that however many
// processes queue it, one runs it per window. Composition registers the handler and starts the timer.
import type { FastifyBaseLogger } from 'fastify';
import type { JobHandler } from '../../jobs/job-handler';
import { enqueueJobOnce } from '../../jobs/jobs-data';
import { runModuleOpenedPass, type ModuleOpenedDeps } from './module-opened';

export const MODULE_OPENED_JOB = 'course.module-opened';
const TRIES = 3;

export function moduleOpenedJob(deps: ModuleOpenedDeps, clock: () => number = Date.now): JobHandler<Record<string, never>> {
  return {
    type: MODULE_OPENED_JOB,
    concurrency: 1,
    maxAttempts: TRIES,
    backoffMs: () => 60_000,
    async run(_payload, context) {
      const written = await runModuleOpenedPass(deps, clock());
      if (written > 0) context.log.info({ mails: written }, 'module.opened mails written to the outbox');
    },
  };
}

/**
 * Queues the pass of the current window now and at every window's start; answers the function that
 * stops the timer (the app's close). `clock` is the site's (tests move it).
 */
export async function startModuleOpenedPasses(
  deps: ModuleOpenedDeps,
  options: { everyMinutes: number; log: FastifyBaseLogger; clock?: () => number },
): Promise<() => void> {
  const windowMs = options.everyMinutes * 60_000;
  const clock = options.clock ?? Date.now;
  const queue = async () => {
    const now = clock();
    const window = now - (now % windowMs);
    await enqueueJobOnce(deps.db, { type: MODULE_OPENED_JOB, key: `module-opened-pass:${window}`, payload: {}, maxAttempts: TRIES });
    // Every process hears of it (the events), and its queue claims it at once if it is the first.
    deps.events.publish('jobs-queued');
  };
  const tick = () => void queue().catch((error: unknown) => options.log.error({ err: error }, 'the module.opened pass could not be queued'));
  await queue();
  // Real time, not the site's clock: the windows pass as time does.
  const timer = setInterval(tick, windowMs);
  timer.unref();
  return () => clearInterval(timer);
}
