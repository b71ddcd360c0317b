// The mail outbox's rows (CONTRACT §9 "Mail that members asked for, sent once"; decision 052). A
// cause writes its mail with enqueueMail in its own transaction: the row and its send job commit
// with the cause or not at all. The send (outbox-job.ts) claims a row pending → sending under a
// lease, in the same transaction as the day's count that holds COURSE_MAILS_PER_DAY, and marks it
// sent the moment SMTP has taken it.
import { randomUUID } from 'node:crypto';
import { and, eq, lt, or, sql } from 'drizzle-orm';
import { DAY_MS } from '../../shared/constants';
import type { MailKind, OutboxState } from '../../shared/mail';
import type { Db, Tx } from '../db/client';
import { mailDayCounts, mailOutbox } from '../db/schema';
import type { PendingEvents } from '../events/after-commit';
import { enqueueJob } from './jobs-data';

export const OUTBOX_JOB = 'mail.send';
/** Tries in all: with outbox-job.ts's backoff, about a day of them (CONTRACT §9). */
export const OUTBOX_TRIES = 12;
/**
 * How long a `sending` claim holds: past the longest a send can wait on SMTP (lib/mailer.ts), so a
 * live sender never loses its row to another; after it, the sender is known dead and the row is taken again.
 */
export const SEND_CLAIM_MS = 5 * 60_000;

/** What a cause hands the outbox: the mail's key, its member, its kind and its words. */
export interface OutboxMail {
  /** Unique across the site: `module-opened:{memberId}:{day}`, `reply:{threadId}:{hour}`. A key already written is not written again. */
  key: string;
  userId: string;
  kind: MailKind;
  subject: string;
  paragraphs: string[];
  link?: { label: string; url: string };
}

export type OutboxContent = Pick<OutboxMail, 'paragraphs' | 'link'>;

const jobKey = (key: string) => `mail:${key}`;

/**
 * Writes the mail and queues its send, in the caller's transaction; false (and nothing written) if
 * its key was written before: a cause that happens twice, or in two processes at once, mails once.
 */
export async function enqueueMail(tx: Tx, mail: OutboxMail, events?: PendingEvents, now = Date.now()): Promise<boolean> {
  const content: OutboxContent = { paragraphs: mail.paragraphs, ...(mail.link ? { link: mail.link } : {}) };
  const written = await tx
    .insert(mailOutbox)
    .values({
      id: randomUUID(),
      key: mail.key,
      userId: mail.userId,
      kind: mail.kind,
      subject: mail.subject,
      content: JSON.stringify(content),
      state: 'pending',
      attempts: 0,
      createdAt: now,
      updatedAt: now,
    })
    .onConflictDoNothing({ target: mailOutbox.key })
    .returning({ id: mailOutbox.id });
  if (written.length === 0) return false;
  await enqueueJob(tx, { type: OUTBOX_JOB, key: jobKey(mail.key), payload: { key: mail.key }, maxAttempts: OUTBOX_TRIES }, events, now);
  return true;
}

/** The UTC day of `ms`, YYYY-MM-DD: what the daily cap counts by. */
export const utcDay = (ms: number) => new Date(ms).toISOString().slice(0, 10);
export const nextUtcDayStart = (ms: number) => ms - (ms % DAY_MS) + DAY_MS;

export interface OutboxRow {
  id: string;
  key: string;
  userId: string;
  kind: MailKind;
  subject: string;
  content: string;
  state: OutboxState;
  attempts: number;
  leaseUntil: number | null;
}

export function findOutboxMail(db: Db, key: string): Promise<OutboxRow | undefined> {
  return db
    .select({
      id: mailOutbox.id,
      key: mailOutbox.key,
      userId: mailOutbox.userId,
      kind: mailOutbox.kind,
      subject: mailOutbox.subject,
      content: mailOutbox.content,
      state: mailOutbox.state,
      attempts: mailOutbox.attempts,
      leaseUntil: mailOutbox.leaseUntil,
    })
    .from(mailOutbox)
    .where(eq(mailOutbox.key, key))
    .then(([row]) => row);
}

/** Whether a row may be claimed now: waiting, or claimed by a sender whose claim ran out (it died mid-send). */
const claimable = (now: number) => or(eq(mailOutbox.state, 'pending'), and(eq(mailOutbox.state, 'sending'), lt(mailOutbox.leaseUntil, now)));

/**
 * Counts one mail against the member's day, unless `cap` are counted already: one conditional
 * upsert, so two senders at once never both take the last place (SQLite: one writer; PostgreSQL:
 * the row's lock, and a serializable transaction around it). 0 is no cap.
 */
async function countAgainstCap(tx: Tx, userId: string, day: string, cap: number): Promise<boolean> {
  const counted = await tx
    .insert(mailDayCounts)
    .values({ userId, day, count: 1 })
    .onConflictDoUpdate({
      target: [mailDayCounts.userId, mailDayCounts.day],
      set: { count: sql`${mailDayCounts.count} + 1` },
      ...(cap > 0 ? { setWhere: lt(mailDayCounts.count, cap) } : {}),
    })
    .returning({ count: mailDayCounts.count });
  return counted.length > 0;
}

export type SendClaim = { state: 'claimed'; capDay: string } | { state: 'taken' } | { state: 'over-cap' };

/**
 * Claims `id` for a send: pending (or a dead sender's) → sending, its try counted, its place in
 * today's cap taken, all in `tx`. `taken`: another sender has it, or it was sent, skipped or failed
 * meanwhile. `over-cap`: the member has had `cap` mails today; the row stays pending.
 */
export async function claimForSend(tx: Tx, id: string, userId: string, cap: number, now: number): Promise<SendClaim> {
  const capDay = utcDay(now);
  const claimed = await tx
    .update(mailOutbox)
    .set({ state: 'sending', leaseUntil: now + SEND_CLAIM_MS, attempts: sql`${mailOutbox.attempts} + 1`, capDay, updatedAt: now })
    .where(and(eq(mailOutbox.id, id), claimable(now)))
    .returning({ id: mailOutbox.id });
  if (claimed.length === 0) return { state: 'taken' };
  if (!(await countAgainstCap(tx, userId, capDay, cap))) throw new OverCap();
  return { state: 'claimed', capDay };
}

/** Thrown inside the claim's transaction to roll the claim back. */
export class OverCap extends Error {
  override name = 'OverCap';
}

/** Tries the mail of `key` again at `at` (milliseconds): its job queued anew, not counted as a failed try. */
export async function sendLater(tx: Tx, key: string, at: number, now: number): Promise<void> {
  await enqueueJob(tx, { type: OUTBOX_JOB, key: jobKey(key), payload: { key }, maxAttempts: OUTBOX_TRIES, runAfter: at }, undefined, now);
}

/** SMTP took it: sent, and never sent again. False if the claim was no longer this sender's. */
export async function markSent(db: Db, id: string, now: number): Promise<boolean> {
  const marked = await db
    .update(mailOutbox)
    .set({ state: 'sent', sentAt: now, leaseUntil: null, lastError: null, updatedAt: now })
    .where(and(eq(mailOutbox.id, id), eq(mailOutbox.state, 'sending')))
    .returning({ id: mailOutbox.id });
  return marked.length > 0;
}

/** SMTP refused it: pending again for the next try, and its place in the day's cap given back. */
export async function releaseAfterRefusal(tx: Tx, row: { id: string; userId: string }, capDay: string, error: string, now: number): Promise<void> {
  const released = await tx
    .update(mailOutbox)
    .set({ state: 'pending', leaseUntil: null, capDay: null, lastError: error, updatedAt: now })
    .where(and(eq(mailOutbox.id, row.id), eq(mailOutbox.state, 'sending')))
    .returning({ id: mailOutbox.id });
  if (released.length === 0) return;
  await tx
    .update(mailDayCounts)
    .set({ count: sql`${mailDayCounts.count} - 1` })
    .where(and(eq(mailDayCounts.userId, row.userId), eq(mailDayCounts.day, capDay)));
}

/** Ends a mail that will not be sent: `skipped` (a preference, a suspension) or `failed` (SMTP refused it for a day), with why. */
export async function endUnsent(db: Db, key: string, state: 'skipped' | 'failed', reason: string, now: number): Promise<void> {
  await db
    .update(mailOutbox)
    .set({ state, lastError: reason, leaseUntil: null, updatedAt: now })
    .where(and(eq(mailOutbox.key, key), claimable(now)));
}
