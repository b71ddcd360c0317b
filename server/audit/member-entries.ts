// A member's own part of the audit trail, for their data export (CONTRACT §5) and for forgetting
// their email when they leave: the entries they made (actor) and those about their account (target).
import { and, asc, eq, gt, or } from 'drizzle-orm';
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

/** An address as the site accepts one (zod's email rule): what the summaries about a member may hold of theirs. */
const ADDRESS = /[\w'+.-]+@(?:[a-z\d][a-z\d-]*\.)+[a-z]{2,}/gi;
// Where an address in a summary starts and ends: not inside a longer one (ann@… in joann@…).
const BEFORE_ADDRESS = String.raw`(?<![\w'+.-])`;
const AFTER_ADDRESS = String.raw`(?![\w-]|\.[a-z\d])`;
const escaped = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

type EntryRow = { id: string; actorId: string | null; actorEmail: string | null; targetType: string; targetId: string; summary: string };

/** Every entry about the member, a batch at a time in the order of recording. */
async function* memberEntryRows(tx: Tx, userId: string): AsyncGenerator<EntryRow[]> {
  let after: string | undefined;
  for (;;) {
    const rows = await tx
      .select({
        id: auditEntries.id,
        actorId: auditEntries.actorId,
        actorEmail: auditEntries.actorEmail,
        targetType: auditEntries.targetType,
        targetId: auditEntries.targetId,
        summary: auditEntries.summary,
      })
      .from(auditEntries)
      .where(and(aboutMember(userId), after === undefined ? undefined : gt(auditEntries.id, after)))
      .orderBy(asc(auditEntries.id))
      .limit(MEMBER_AUDIT_BATCH);
    if (rows.length > 0) yield rows;
    if (rows.length < MEMBER_AUDIT_BATCH) return;
    after = rows.at(-1)!.id;
  }
}

/**
 * A deleted member's entries keep their ids and what happened, but no address of theirs: not the
 * one they left with, nor any they had before (CONTRACT §5). Those are the actor addresses their
 * own entries were written with, and every address in the entries about their account, which name
 * no one else (an admin's change "old → new", a lockout, a two-factor reset). Their entries about
 * other people keep those people's addresses.
 */
export async function forgetMemberEmail(tx: Tx, userId: string, email: string): Promise<void> {
  const addresses = new Set([email.toLowerCase()]);
  for await (const rows of memberEntryRows(tx, userId)) {
    for (const row of rows) {
      if (row.actorId === userId && row.actorEmail) addresses.add(row.actorEmail.toLowerCase());
      if (row.targetType === 'user' && row.targetId === userId) for (const [address] of row.summary.matchAll(ADDRESS)) addresses.add(address.toLowerCase());
    }
  }
  const theirs = new RegExp(`${BEFORE_ADDRESS}(?:${[...addresses].map(escaped).join('|')})${AFTER_ADDRESS}`, 'gi');
  await tx.update(auditEntries).set({ actorEmail: null }).where(eq(auditEntries.actorId, userId));
  for await (const rows of memberEntryRows(tx, userId)) {
    for (const row of rows) {
      const summary = row.summary.replace(theirs, FORGOTTEN_EMAIL);
      if (summary !== row.summary) await tx.update(auditEntries).set({ summary }).where(eq(auditEntries.id, row.id));
    }
  }
}
