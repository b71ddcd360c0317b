// A sign-in halfway through (CONTRACT §3 "Two-factor sign-in"): the password was right, and the
// account has two-factor on, so the answer is a challenge instead of a token. The challenge is 256
// random bits, stored only as a SHA-256, lives 5 minutes, and ends with its first success. It also
// ends when the account's sessions end (a new password or email, "Sign out everywhere", an admin's
// clear: each moves users.sessions_valid_from), or when the account is suspended.
import { createHash, randomBytes } from 'node:crypto';
import { and, eq, gt, lt } from 'drizzle-orm';
import type { Role } from '../../shared/constants';
import type { Db } from '../db/client';
import { transaction } from '../db/transaction';
import { loginChallenges } from '../db/schema';
import { findCredentialsById } from '../users/data';
import { consumeSecondFactor, type TwoFactorStore } from './two-factor-data';

export const LOGIN_CHALLENGE_TTL_MS = 5 * 60_000;

const sha256 = (challenge: string) => createHash('sha256').update(challenge).digest('hex');

/**
 * A new challenge for the account (as signed in just now: its `sessionsValidFrom` as read then),
 * in the clear for the answer only. Expired ones go at the same time.
 */
export async function issueLoginChallenge(db: Db, account: { id: string; sessionsValidFrom: number }, nowMs: number): Promise<string> {
  const challenge = randomBytes(32).toString('base64url');
  await transaction(db, async (tx) => {
    await tx.delete(loginChallenges).where(lt(loginChallenges.expiresAt, nowMs));
    await tx
      .insert(loginChallenges)
      .values({ idHash: sha256(challenge), userId: account.id, sessionsValidFrom: account.sessionsValidFrom, expiresAt: nowMs + LOGIN_CHALLENGE_TTL_MS });
  });
  return challenge;
}

/** The account of a live challenge (what the lockout counts by), or undefined. Ends nothing. */
export async function findLoginChallenge(db: Db, challenge: string, nowMs: number) {
  const [row] = await db
    .select({ userId: loginChallenges.userId, sessionsValidFrom: loginChallenges.sessionsValidFrom })
    .from(loginChallenges)
    .where(and(eq(loginChallenges.idHash, sha256(challenge)), gt(loginChallenges.expiresAt, nowMs)));
  const account = row && (await findCredentialsById(db, row.userId));
  if (!row || !account || account.status !== 'active' || row.sessionsValidFrom !== account.sessionsValidFrom) return undefined;
  return account;
}

/**
 * Finishes a sign-in with its second factor, in one transaction: the challenge must still be live,
 * the code is used up, and the challenge ends. Of two requests with one challenge, one signs in.
 */
export function finishLoginChallenge(
  store: TwoFactorStore,
  challenge: string,
  typed: string,
  nowMs: number,
): Promise<{ userId: string; role: Role } | 'challenge-gone' | 'wrong-code'> {
  return transaction(store.db, async (tx) => {
    const account = await findLoginChallenge(tx, challenge, nowMs);
    if (!account) return 'challenge-gone';
    if (!(await consumeSecondFactor(store, tx, account.id, typed, nowMs))) return 'wrong-code';
    await tx.delete(loginChallenges).where(eq(loginChallenges.idHash, sha256(challenge)));
    return { userId: account.id, role: account.role };
  });
}
