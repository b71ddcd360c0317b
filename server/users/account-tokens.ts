// The links of a member's own account (CONTRACT §5): email verification (7 days) and the
// confirmation of a new address (60 minutes). One live link per member and purpose, so a new
// request replaces the old link; single use, because using one deletes its row in the statement
// that reads it. Here, in users, because sign-up (auth) mails the first verification link.
import { and, eq, inArray } from 'drizzle-orm';
import { ACCOUNT_LINK_TTL_MS, type AccountTokenPurpose } from '../../shared/account';
import type { Db } from '../db/client';
import { accountTokens } from '../db/schema';
import { hashLinkToken, newLinkToken } from '../lib/link-tokens';

/** Issues a link for the address, replacing the member's earlier one of that purpose; the token in the clear, for the mail only. */
export async function issueAccountToken(db: Db, link: { userId: string; purpose: AccountTokenPurpose; email: string }, now = Date.now()): Promise<string> {
  const { token, tokenHash } = newLinkToken();
  const row = { ...link, tokenHash, expiresAt: now + ACCOUNT_LINK_TTL_MS[link.purpose] };
  await db
    .insert(accountTokens)
    .values(row)
    .onConflictDoUpdate({
      target: [accountTokens.userId, accountTokens.purpose],
      set: { tokenHash: row.tokenHash, email: row.email, expiresAt: row.expiresAt },
    });
  return token;
}

export type UsedLink = { userId: string; email: string } | 'expired' | 'unknown';

/**
 * Uses a link up: deletes its row and answers whose it was and for which address. A used,
 * replaced or made-up token finds no row ('unknown'); an expired one is removed and says so.
 * The delete is the read, so two uses of one link at once find it once.
 */
export async function useAccountToken(db: Db, purpose: AccountTokenPurpose, token: string, now = Date.now()): Promise<UsedLink> {
  const [row] = await db
    .delete(accountTokens)
    .where(and(eq(accountTokens.tokenHash, hashLinkToken(token)), eq(accountTokens.purpose, purpose)))
    .returning({ userId: accountTokens.userId, email: accountTokens.email, expiresAt: accountTokens.expiresAt });
  if (!row) return 'unknown';
  return row.expiresAt > now ? { userId: row.userId, email: row.email } : 'expired';
}

/** The new address a member asked to move to and has not confirmed yet, if its link is still live. */
export async function findPendingEmail(db: Db, userId: string, now = Date.now()): Promise<string | null> {
  const [row] = await db
    .select({ email: accountTokens.email, expiresAt: accountTokens.expiresAt })
    .from(accountTokens)
    .where(and(eq(accountTokens.userId, userId), eq(accountTokens.purpose, 'change-email')));
  return row && row.expiresAt > now ? row.email : null;
}

/** Removes the member's links of those purposes (all by default). */
export async function deleteAccountTokens(db: Db, userId: string, purposes: readonly AccountTokenPurpose[] = ['verify-email', 'change-email']): Promise<void> {
  await db.delete(accountTokens).where(and(eq(accountTokens.userId, userId), inArray(accountTokens.purpose, [...purposes])));
}
