// The one way a procedure checks a sign-in secret (a password, a two-factor code) under the
// sign-in lockout: take a place first, or answer the lockout's 429, and settle once the check is
// done (docs/decisions/007-limits-and-sessions.md).
import { TRPCError } from '@trpc/server';
import { MESSAGES } from '../../shared/messages';
import { RetryLater } from '../limits/retry-later';
import type { Attempt, LoginAttemptKey, LoginLockout } from './login-lockout';

export async function admitSignInCheck(lockout: LoginLockout, key: LoginAttemptKey): Promise<Attempt> {
  const admission = await lockout.admit(key);
  if ('retryAfterMs' in admission) {
    throw new TRPCError({
      code: 'TOO_MANY_REQUESTS',
      message: MESSAGES.tooManyAttempts(Math.ceil(admission.retryAfterMs / 60_000)),
      cause: new RetryLater(Math.ceil(admission.retryAfterMs / 1000)),
    });
  }
  return admission.attempt;
}

/** Runs the check; should it throw (the check itself broke), the place is given back. */
export async function runSignInCheck<T>(attempt: Attempt, check: () => T | Promise<T>): Promise<T> {
  try {
    return await check();
  } catch (error) {
    await attempt.abandoned();
    throw error;
  }
}
