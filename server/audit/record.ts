// Writes one audit entry inside the caller's transaction, so that it is stored with the change it
// records or not at all: a change that fails rolls its entry back with it.
import type { AuditAction, AuditTargetType } from '../../shared/audit';
import type { Tx } from '../db/client';
import { auditEntries } from '../db/schema';
import { newEntryId } from './entry-id';

/** Who acted, as they were at the time (the email is kept even if the user changes it or is deleted). */
export interface AuditActor {
  id: string;
  email: string;
}

export interface AuditRecord {
  /**
   * null: nobody signed in acted, and the summary says who did: a sign-in guesser (by address),
   * or whoever runs the server (the first admin).
   */
  actor: AuditActor | null;
  action: AuditAction;
  target: { type: AuditTargetType; id: string };
  /** One line for people; never a password, hash, token, link, secret or recovery code. */
  summary: string;
}

/** Long enough for any summary the site writes; a longer one (a list of names) is cut. */
export const SUMMARY_MAX_LENGTH = 500;

function oneLine(text: string): string {
  const chars = [...text.replace(/[\s\p{Cc}]+/gu, ' ').trim()];
  return chars.length > SUMMARY_MAX_LENGTH ? `${chars.slice(0, SUMMARY_MAX_LENGTH - 1).join('')}…` : chars.join('');
}

export async function recordAudit(tx: Tx, record: AuditRecord, at = Date.now()): Promise<void> {
  await tx.insert(auditEntries).values({
    id: newEntryId(at),
    at,
    actorId: record.actor?.id ?? null,
    actorEmail: record.actor?.email ?? null,
    action: record.action,
    targetType: record.target.type,
    targetId: record.target.id,
    summary: oneLine(record.summary),
  });
}
