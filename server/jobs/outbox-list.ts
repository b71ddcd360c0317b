// The admin's view of the outbox (CONTRACT §9): newest first, 20 a page, of one state or all, with
// the tries and the last error; the cursor is the last row's time and id, so a page deep in the
// list is an index walk like the first.
import { and, desc, eq, inArray, lt, or, type SQL } from 'drizzle-orm';
import type { MailKind, OutboxState } from '../../shared/mail';
import type { Db } from '../db/client';
import { mailOutbox } from '../db/schema';

export const OUTBOX_PAGE_SIZE = 20;

export interface OutboxEntry {
  _id: string;
  key: string;
  kind: MailKind;
  userId: string;
  subject: string;
  state: OutboxState;
  attempts: number;
  lastError: string | null;
  createdAt: number;
  updatedAt: number;
  sentAt: number | null;
}

const CURSOR = /^(\d{1,15})\.([\w-]{1,64})$/;

/** The cursor of the page after `entry`. */
const cursorAfter = (entry: OutboxEntry) => `${entry.createdAt}.${entry._id}`;

/** Whether `cursor` is one this list handed out; the procedure refuses others with a 400. */
export const isOutboxCursor = (cursor: string) => CURSOR.test(cursor);

export async function listOutbox(db: Db, filter: { status?: 'pending' | 'sent' | 'failed' | 'skipped' | undefined; cursor?: string | undefined }) {
  const conditions: Array<SQL | undefined> = [];
  if (filter.status) conditions.push(inArray(mailOutbox.state, filter.status === 'pending' ? ['pending', 'sending'] : [filter.status]));
  const match = filter.cursor ? CURSOR.exec(filter.cursor) : null;
  if (match) {
    const [, createdAt, id] = match as unknown as [string, string, string];
    conditions.push(or(lt(mailOutbox.createdAt, Number(createdAt)), and(eq(mailOutbox.createdAt, Number(createdAt)), lt(mailOutbox.id, id))));
  }
  const rows: OutboxEntry[] = await db
    .select({
      _id: mailOutbox.id,
      key: mailOutbox.key,
      kind: mailOutbox.kind,
      userId: mailOutbox.userId,
      subject: mailOutbox.subject,
      state: mailOutbox.state,
      attempts: mailOutbox.attempts,
      lastError: mailOutbox.lastError,
      createdAt: mailOutbox.createdAt,
      updatedAt: mailOutbox.updatedAt,
      sentAt: mailOutbox.sentAt,
    })
    .from(mailOutbox)
    .where(and(...conditions))
    .orderBy(desc(mailOutbox.createdAt), desc(mailOutbox.id))
    .limit(OUTBOX_PAGE_SIZE + 1);
  const page = rows.slice(0, OUTBOX_PAGE_SIZE);
  return { entries: page, nextCursor: rows.length > OUTBOX_PAGE_SIZE ? cursorAfter(page.at(-1)!) : null };
}
