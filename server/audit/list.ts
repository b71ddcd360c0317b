// The audit list: newest first, 20 a page, optionally one action's entries (CONTRACT §3).
import { count, desc, eq, inArray } from 'drizzle-orm';
import { AUDIT_PAGE_SIZE, type AuditEntry } from '../../shared/audit';
import type { ListAuditInput } from '../../shared/audit-schemas';
import type { Db } from '../db/client';
import { auditEntries } from '../db/schema';

export interface AuditPage {
  data: AuditEntry[];
  totalPages: number;
  currentPage: number;
}

function toEntry(row: typeof auditEntries.$inferSelect): AuditEntry {
  return {
    _id: row.id,
    at: new Date(row.at).toISOString(),
    actor: { id: row.actorId, email: row.actorEmail },
    action: row.action,
    target: { type: row.targetType, id: row.targetId },
    summary: row.summary,
  };
}

export async function listAudit(db: Db, input: ListAuditInput): Promise<AuditPage> {
  const where = input.action ? eq(auditEntries.action, input.action) : undefined;
  const [counted] = await db.select({ n: count() }).from(auditEntries).where(where);
  const total = counted!.n;
  const page = (data: AuditEntry[]) => ({ data, totalPages: Math.max(1, Math.ceil(total / AUDIT_PAGE_SIZE)), currentPage: input.page });
  const offset = (input.page - 1) * AUDIT_PAGE_SIZE;
  if (offset >= total) return page([]);

  // Ids of equal `at` are in the order of recording (entry-id.ts), so they break ties newest first too.
  const order = [desc(auditEntries.at), desc(auditEntries.id)];
  // The page's ids from a walk of the (action,) at, id index alone, then just those twenty rows.
  const pageIds = db
    .select({ id: auditEntries.id })
    .from(auditEntries)
    .where(where)
    .orderBy(...order)
    .limit(AUDIT_PAGE_SIZE)
    .offset(offset);
  const rows = await db
    .select()
    .from(auditEntries)
    .where(inArray(auditEntries.id, pageIds))
    .orderBy(...order);
  return page(rows.map(toEntry));
}
