// The discussion's two mails (CONTRACT §9 "Mail that members asked for, sent once"; decision 055),
// written to the outbox in the transaction of their cause, so that the mail commits with it or not
// at all. The outbox (jobs/outbox-*.ts) keeps what holds for every course mail: the member's
// `replies` list, no mail to a suspended or deleted member, the daily cap, one send per key.
import { quoted } from '../audit/summary';
import type { Tx } from '../db/client';
import type { PendingEvents } from '../events/after-commit';
import { enqueueMail } from '../jobs/outbox-data';
import { findAdminRow, findComment, type AdminRow } from './comments-data';
import { commentExcerpt } from './discussion-audit';

/** The UTC hour of `ms`, 2026-11-29T16: a thread's author gets at most one reply mail in each. */
const utcHour = (ms: number) => new Date(ms).toISOString().slice(0, 13);

export const replyMailKey = (threadId: string, now: number) => `reply:${threadId}:${utcHour(now)}`;
const hello = (name: string | null) => (name ? `Hello ${name},` : 'Hello,');

export const answeredMailKey = (commentId: string) => `answered:${commentId}`;

/** The lesson page (the client's /course/:lessonId), at the comment: a link that always leads to the lesson, never a 404. */
export const commentUrl = (appUrl: string, lessonId: string, commentId: string) =>
  `${appUrl}/course/${encodeURIComponent(lessonId)}#comment-${encodeURIComponent(commentId)}`;

/**
 * In the transaction that makes the reply `replyId` visible (posted so, or let through by an
 * admin): its thread's author hears of it, unless they wrote it, under the thread's key for this
 * hour. A later reply in the same hour finds the key written and mails nothing; the next hour's
 * first reply mails again. A held reply mails nothing until it is let through.
 */
export async function mailReply(tx: Tx, events: PendingEvents, appUrl: string, replyId: string, now: number): Promise<void> {
  const reply = await findAdminRow(tx, replyId);
  if (!reply || reply.parentId === null || reply.status !== 'visible') return;
  const thread = await findComment(tx, reply.parentId);
  if (!thread || thread.authorId === null || thread.authorId === reply.authorId) return;
  const who = reply.authorName ?? 'Someone';
  await enqueueMail(
    tx,
    {
      key: replyMailKey(thread.id, now),
      userId: thread.authorId,
      kind: 'comment.reply',
      subject: `${who} replied to your comment on ${reply.lessonTitle}`,
      paragraphs: [
        `${hello(thread.authorName)} ${who} replied to your comment ${commentExcerpt(thread.body)} on ${quoted(reply.lessonTitle)}:`,
        commentExcerpt(reply.body),
      ],
      link: { label: 'Read the replies', url: commentUrl(appUrl, reply.lessonId, thread.id) },
    },
    events,
    now,
  );
}

/** In the transaction of an admin's mark: the author of the comment `row`, now answered, hears of it, once. */
export async function mailAnswered(tx: Tx, events: PendingEvents, appUrl: string, row: AdminRow, now: number): Promise<void> {
  if (row.authorId === null) return;
  await enqueueMail(
    tx,
    {
      key: answeredMailKey(row.id),
      userId: row.authorId,
      kind: 'comment.answered',
      subject: `Your question on ${row.lessonTitle} is answered`,
      paragraphs: [`${hello(row.authorName)} your question ${commentExcerpt(row.body)} on ${quoted(row.lessonTitle)} is marked answered.`],
      link: { label: 'See the answer', url: commentUrl(appUrl, row.lessonId, row.parentId ?? row.id) },
    },
    events,
    now,
  );
}
