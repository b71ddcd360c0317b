// Password reset tokens: 256 random bits, only their SHA-256 stored, valid 60 minutes, single use,
// one per user (a new request replaces the old one).
import { eq } from 'drizzle-orm';
import type { Db } from '../db/client';
import { passwordResets } from '../db/schema';
import { hashLinkToken as sha256, newLinkToken } from '../lib/link-tokens';

export const RESET_TOKEN_TTL_MS = 60 * 60 * 1000;

/** Issues a token for the user, replacing any earlier one, and returns it in the clear (for the mail only). */
export async function issueResetToken(db: Db, userId: string, now = Date.now()): Promise<string> {
  const { token, tokenHash } = newLinkToken();
  const row = { userId, tokenHash, expiresAt: now + RESET_TOKEN_TTL_MS };
  await db
    .insert(passwordResets)
    .values(row)
    .onConflictDoUpdate({ target: passwordResets.userId, set: { tokenHash: row.tokenHash, expiresAt: row.expiresAt } });
  return token;
}

/** The user a live token belongs to, without using it up. */
export async function findResetTokenUser(db: Db, token: string, now = Date.now()): Promise<string | undefined> {
  const [row] = await db
    .select({ userId: passwordResets.userId, expiresAt: passwordResets.expiresAt })
    .from(passwordResets)
    .where(eq(passwordResets.tokenHash, sha256(token)));
  return row && row.expiresAt > now ? row.userId : undefined;
}

/**
 * Deletes the token's row and returns its user id if it was live. Deleting first makes it single
 * use even if two requests race; an expired row is removed as well.
 */
export async function consumeResetToken(db: Db, token: string, now = Date.now()): Promise<string | undefined> {
  const [row] = await db
    .delete(passwordResets)
    .where(eq(passwordResets.tokenHash, sha256(token)))
    .returning({ userId: passwordResets.userId, expiresAt: passwordResets.expiresAt });
  return row && row.expiresAt > now ? row.userId : undefined;
}

/** Removes the user's pending link, if any (an admin changed the email or password). */
export async function deleteResetToken(db: Db, userId: string): Promise<void> {
  await db.delete(passwordResets).where(eq(passwordResets.userId, userId));
}
