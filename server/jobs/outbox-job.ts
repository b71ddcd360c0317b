// The 'mail.send' job (CONTRACT §9; decision 052): sends one outbox mail, once. The queue runs one
// job per mail key, under its lease; this reads the mail, asks whether it may still go (the member
// is there, active, an Architect for the Architects' kinds, and has not turned its list off),
// claims it and its place in the day's cap, gives it to SMTP and marks it sent at once. A refusal
// puts it back for the queue's next try; after a day of them it stays failed with SMTP's words.
import { createHash } from 'node:crypto';
import { SITE_NAME } from '../../shared/constants';
import { ARCHITECT_MAIL_KINDS, MAIL_KIND_LISTS, MAIL_LIST_TOPICS, type MailKind } from '../../shared/mail';
import type { Db } from '../db/client';
import { transaction } from '../db/transaction';
import type { Mail, Mailer } from '../lib/mailer';
import { siteMail } from '../lib/site-mail';
import type { JobContext, JobHandler } from './job-handler';
import { readMailSettings } from './mail-preferences';
import {
  claimForSend,
  endUnsent,
  findOutboxMail,
  markSent,
  nextUtcDayStart,
  OUTBOX_JOB,
  OUTBOX_TRIES,
  OverCap,
  releaseAfterRefusal,
  sendLater,
  type OutboxContent,
  type OutboxRow,
} from './outbox-data';
import type { UnsubscribeLinks } from './unsubscribe-links';

/** The member as a send needs them, read at the send (composition reads it from the users' data). */
export interface MailRecipient {
  email: string;
  status: 'active' | 'suspended';
  membershipTier: 'free' | 'paid';
}

export interface OutboxDeps {
  db: Db;
  mailer: Mailer;
  links: UnsubscribeLinks;
  /** Where the mail's settings link points (APP_URL). */
  appUrl: string;
  /** COURSE_MAILS_PER_DAY; 0: no cap. */
  mailsPerDay: number;
  findRecipient(db: Db, userId: string): Promise<MailRecipient | undefined>;
  clock?: () => number;
}

const MINUTE = 60_000;
/** Milliseconds before each next try after a refusal: 1 minute growing to 7 hours, about 24 hours over the 12 tries. */
const BACKOFF_MS = [1, 2, 5, 10, 30, 60, 120, 180, 240, 360, 420].map((minutes) => minutes * MINUTE);

const reasonOf = (error: unknown) => (error instanceof Error ? error.message : String(error)) || 'SMTP refused it without a reason.';

/** Why a mail due now may not go to this member, or undefined if it may. */
function whyNotSent(kind: MailKind, recipient: MailRecipient | undefined, wanted: boolean): string | undefined {
  if (!recipient) return 'The member no longer exists.';
  if (recipient.status !== 'active') return 'The member is suspended.';
  if (ARCHITECT_MAIL_KINDS.has(kind) && recipient.membershipTier !== 'paid') return 'The member is no longer an Architect.';
  if (!wanted) return `The member turned off mails about ${MAIL_LIST_TOPICS[MAIL_KIND_LISTS[kind]]}.`;
  return undefined;
}

/** The mail as it goes out: its words, the one-click unsubscribe of its list (RFC 8058), and a Message-ID of its key. */
function outgoing(deps: OutboxDeps, row: OutboxRow, to: string): Mail {
  const list = MAIL_KIND_LISTS[row.kind];
  const unsubscribe = deps.links.urlFor(row.userId, list);
  const content = JSON.parse(row.content) as OutboxContent;
  const mail = siteMail({
    to,
    subject: row.subject,
    paragraphs: content.paragraphs,
    ...(content.link ? { link: content.link } : {}),
    footer: {
      text: `You get this mail because mails about ${MAIL_LIST_TOPICS[list]} are on in your ${SITE_NAME} mail settings.`,
      link: { label: 'Unsubscribe', url: unsubscribe },
    },
  });
  // The same id at every try: a mailbox that got the mail before a crash hid it folds the repeat into one.
  const host = new URL(deps.appUrl).hostname || 'localhost';
  return {
    ...mail,
    messageId: `<${createHash('sha256').update(row.key).digest('hex').slice(0, 32)}@${host}>`,
    headers: { 'List-Unsubscribe': `<${unsubscribe}>`, 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' },
  };
}

type Claimed = { state: 'claimed'; to: string; capDay: string } | { state: 'skipped'; reason: string } | { state: 'taken' } | { state: 'over-cap' };

/** In one transaction: may it go, and if so the claim and its place in today's cap. */
async function claim(deps: OutboxDeps, row: OutboxRow, now: number): Promise<Claimed> {
  try {
    return await transaction(deps.db, async (tx): Promise<Claimed> => {
      const recipient = await deps.findRecipient(tx, row.userId);
      const settings = await readMailSettings(tx, row.userId);
      const reason = whyNotSent(row.kind, recipient, settings[MAIL_KIND_LISTS[row.kind]]);
      if (reason) {
        await endUnsent(tx, row.key, 'skipped', reason, now);
        return { state: 'skipped', reason };
      }
      const claimed = await claimForSend(tx, row.id, row.userId, deps.mailsPerDay, now);
      return claimed.state === 'claimed' ? { state: 'claimed', to: recipient!.email, capDay: claimed.capDay } : claimed;
    });
  } catch (error) {
    // Rolled back: the row is as it was, pending, and waits for tomorrow's first moment.
    if (error instanceof OverCap) return { state: 'over-cap' };
    throw error;
  }
}

async function send(deps: OutboxDeps, { key }: { key: string }, context: JobContext): Promise<void> {
  const clock = deps.clock ?? Date.now;
  const row = await findOutboxMail(deps.db, key);
  // Gone with its member's account, or already ended: nothing to send.
  if (!row || row.state === 'sent' || row.state === 'failed' || row.state === 'skipped') return;
  const now = clock();
  const claimed = await claim(deps, row, now);
  if (claimed.state === 'skipped') return void context.log.info({ key, reason: claimed.reason }, 'an outbox mail was not sent');
  if (claimed.state === 'taken') {
    const current = await findOutboxMail(deps.db, key);
    const until = current?.state === 'sending' ? current.leaseUntil : null;
    // Another sender's claim that has not run out (one that died mid-send holds it until then): looked at again once it has.
    if (until !== null) await transaction(deps.db, (tx) => sendLater(tx, key, until + 1, clock()));
    return void context.log.info({ key, state: current?.state }, 'an outbox mail was claimed by another sender, or ended, meanwhile');
  }
  if (claimed.state === 'over-cap') {
    await transaction(deps.db, (tx) => sendLater(tx, key, nextUtcDayStart(now), now));
    return void context.log.info({ key, userId: row.userId }, "an outbox mail waits for tomorrow: the member has had today's course mails");
  }
  if (row.state === 'sending') context.log.warn({ key }, 'an outbox mail is sent again: its last sender stopped mid-send, and may have sent it (decision 052)');
  try {
    // Stopped since the claim (the site shuts down, the lease was lost): SMTP is not given it.
    context.signal.throwIfAborted();
    await deps.mailer.send(outgoing(deps, row, claimed.to));
  } catch (error) {
    await transaction(deps.db, (tx) => releaseAfterRefusal(tx, row, claimed.capDay, reasonOf(error), clock()));
    throw error;
  }
  // At once: between SMTP's yes and this write is the one moment a crash could send it twice.
  await markSent(deps.db, row.id, clock());
  context.log.info({ key, kind: row.kind }, 'an outbox mail was sent');
}

/** The handler composition registers with the queue. `backoffMs`: shorter in tests. */
export function outboxSendJob(deps: OutboxDeps, options: { backoffMs?: (attempt: number) => number; concurrency?: number } = {}): JobHandler<{ key: string }> {
  return {
    type: OUTBOX_JOB,
    concurrency: options.concurrency ?? 4,
    maxAttempts: OUTBOX_TRIES,
    backoffMs: options.backoffMs ?? ((attempt) => BACKOFF_MS[Math.min(attempt, BACKOFF_MS.length) - 1]!),
    run: (payload, context) => send(deps, payload, context),
    async onGaveUp({ key }, error) {
      await endUnsent(deps.db, key, 'failed', reasonOf(error), (deps.clock ?? Date.now)());
    },
  };
}
