// A member's own part of the audit trail, for their data export (CONTRACT §5) and for forgetting
// their email when they leave: the entries they made (actor) and those about their account (target).
import { and, asc, eq, gt, or, sql } from 'drizzle-orm';
import type { AuditAction } from '../../shared/audit';
import type { Db, Tx } from '../db/client';
import { auditEntries } from '../db/schema';

export const MEMBER_AUDIT_BATCH = 500;

/** An entry as the member's export shows it: what happened and when, and whether they did it; never another person's address. */
export interface MemberAuditEntry {
  id: string;
  at: string;
  action: AuditAction;
  byYou: boolean;
  summary: string;
}

const aboutMember = (userId: string) => or(eq(auditEntries.actorId, userId), and(eq(auditEntries.targetType, 'user'), eq(auditEntries.targetId, userId)));

/**
 * The member's entries after `after` (an entry id), in the order they were recorded: a walk of the
 * primary key that filters as it goes, so the batches of one export walk the trail once.
 */
export async function memberAuditBatch(db: Db, userId: string, after: string | undefined): Promise<{ entries: MemberAuditEntry[]; next: string | null }> {
  const rows = await db
    .select({ id: auditEntries.id, at: auditEntries.at, action: auditEntries.action, actorId: auditEntries.actorId, summary: auditEntries.summary })
    .from(auditEntries)
    .where(and(aboutMember(userId), after === undefined ? undefined : gt(auditEntries.id, after)))
    .orderBy(asc(auditEntries.id))
    .limit(MEMBER_AUDIT_BATCH);
  const entries = rows.map((row) => ({
    id: row.id,
    at: new Date(row.at).toISOString(),
    action: row.action,
    byYou: row.actorId === userId,
    summary: row.summary,
  }));
  return { entries, next: rows.length === MEMBER_AUDIT_BATCH ? rows.at(-1)!.id : null };
}

/** Written where a deleted member's address stood in a summary. */
export const FORGOTTEN_EMAIL = '(deleted member)';

/**
 * A deleted member's entries keep their ids and what happened, but not the address: the actor's
 * email goes, and the summaries that named it name nobody (CONTRACT §5).
 */
export async function forgetMemberEmail(tx: Tx, userId: string, email: string): Promise<void> {
  await tx.update(auditEntries).set({ actorEmail: null }).where(eq(auditEntries.actorId, userId));
  await tx
    .update(auditEntries)
    .set({ summary: sql`replace(${auditEntries.summary}, ${email}, ${FORGOTTEN_EMAIL})` })
    .where(and(aboutMember(userId), sql`${auditEntries.summary} like ${'%' + email.replace(/[\\%_]/g, '\\$&') + '%'} escape '\\'`));
}
