// Files uploaded to or deleted from the library. The files change first (a file system has no
// transaction to share with the database); the change is done once its audit entry has committed
// (an upload whose entry fails removes its files again), and only then is every process told that
// the public slider answer is stale.
import type { Db } from '../db/client';
import { recordAudit, type AuditRecord } from '../audit/record';
import { commitThenPublish } from '../events/after-commit';
import type { EventBus } from '../events/event-bus';

export function recordLibraryChange(deps: { db: Db; events: EventBus }, entry: AuditRecord & { action: 'media.upload' | 'media.delete' }): Promise<void> {
  return commitThenPublish(deps, async (tx, events) => {
    await recordAudit(tx, entry);
    events.publish('slider-data-changed');
  });
}
