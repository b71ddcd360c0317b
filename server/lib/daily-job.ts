// A job the site runs at start and then on a timer (daily unless told): the audit's retention
// sweep, the course files' orphan sweep. The first run is awaited, so the site starts with it
// done (and does not start if it fails); later ones run on a timer that keeps no process alive,
// one at a time, their failures logged.
import type { FastifyBaseLogger } from 'fastify';
import { DAY_MS } from '../../shared/constants';

/**
 * Runs `run` now and then every `everyMs`; `run` is told whether it has been stopped, so a long
 * one can end early. Answers the function that stops it (the app's close): it waits for a run
 * under way, so nothing of it reaches the database or the disk afterwards.
 */
export async function startRepeating(
  run: (stopped: () => boolean) => Promise<void>,
  options: { everyMs?: number; log: FastifyBaseLogger; failure: string },
): Promise<() => Promise<void>> {
  let stopped = false;
  let running: Promise<void> | undefined;
  const isStopped = () => stopped;
  await run(isStopped);
  const timer = setInterval(() => {
    running ??= run(isStopped)
      .catch((error: unknown) => options.log.error({ err: error }, options.failure))
      .finally(() => (running = undefined));
  }, options.everyMs ?? DAY_MS);
  timer.unref();
  return async () => {
    stopped = true;
    clearInterval(timer);
    await running;
  };
}
