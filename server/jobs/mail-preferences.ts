// A member's mail settings (CONTRACT §9): the two lists they may leave, both on until they say
// otherwise (no row). In the base beside the outbox, which reads them at every send; the account
// domain's procedures and the unsubscribe route write them.
import { eq } from 'drizzle-orm';
import type { MailList } from '../../shared/mail';
import type { Db } from '../db/client';
import { mailPreferences } from '../db/schema';

export type MailSettings = Record<MailList, boolean>;

const ALL_ON: MailSettings = { replies: true, courseUpdates: true };

export async function readMailSettings(db: Db, userId: string): Promise<MailSettings> {
  const [row] = await db
    .select({ replies: mailPreferences.replies, courseUpdates: mailPreferences.courseUpdates })
    .from(mailPreferences)
    .where(eq(mailPreferences.userId, userId));
  return row ?? ALL_ON;
}

/** Sets the lists given and keeps the others; one statement, so two changes at once both hold. */
export async function saveMailSettings(db: Db, userId: string, change: Partial<MailSettings>, now = Date.now()): Promise<MailSettings> {
  const [row] = await db
    .insert(mailPreferences)
    .values({ userId, ...ALL_ON, ...change, updatedAt: now })
    .onConflictDoUpdate({ target: mailPreferences.userId, set: { ...change, updatedAt: now } })
    .returning({ replies: mailPreferences.replies, courseUpdates: mailPreferences.courseUpdates });
  return row!;
}
