// The audit trail's auth.lockout: each sign-in lock the lockout sets (login-lockout.ts), on the
// account it protects. The guesser signed in as nobody, so the entry has no actor; its summary
// gives the address the guesses came from.
import { waitText } from '../../shared/messages';
import { recordAudit } from '../audit/record';
import { count } from '../audit/summary';
import type { Db } from '../db/client';
import { transaction } from '../db/transaction';
import { findUserIdByEmail } from '../users/data';
import { userTarget } from '../users/user-audit';
import type { SignInLock } from './login-lockout';

/**
 * "ann@example.com: sign-in from 203.0.113.7 locked for 30 seconds after 5 failed attempts", then
 * "... locked again for 1 minute after another failed attempt (lock 2 in a row)"; for the account's
 * hourly ceiling, "ann@example.com: sign-in from every address throttled for 42 minutes after 50
 * failed attempts in an hour".
 */
export function lockSummary(lock: SignInLock): string {
  const wait = waitText(lock.lockedForMs / 1000);
  const failures = count(lock.failures, 'failed attempt');
  if (lock.scope === 'account') return `${lock.email}: sign-in from every address throttled for ${wait} after ${failures} in an hour`;
  if (lock.level === 1) return `${lock.email}: sign-in from ${lock.ip} locked for ${wait} after ${failures}`;
  return `${lock.email}: sign-in from ${lock.ip} locked again for ${wait} after another failed attempt (lock ${lock.level} in a row)`;
}

/**
 * Records the lock if the email is an account's. Locks on emails nobody has protect nobody: the
 * log has them, and guesses at made-up emails cannot fill the trail.
 */
export function recordSignInLock(db: Db, lock: SignInLock): Promise<void> {
  return transaction(db, async (tx) => {
    const userId = await findUserIdByEmail(tx, lock.email);
    if (userId) await recordAudit(tx, { actor: null, action: 'auth.lockout', target: userTarget(userId), summary: lockSummary(lock) });
  });
}
