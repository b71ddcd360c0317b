// The password a call of the account asks for (email change, password change, deletion), checked
// like a sign-in's: under the same lockout, with the same counts (CONTRACT §5 "limited like
// sign-in"), so that a stolen session cannot become a way to guess the password.
import { TRPCError } from '@trpc/server';
import { MESSAGES } from '../../shared/messages';
import { admitSignInCheck, runSignInCheck } from '../auth/sign-in-admission';
import type { Context } from '../trpc/context';
import { findCredentialsById } from '../users/data';
import { verifyPassword } from '../users/passwords';

export type Credentials = NonNullable<Awaited<ReturnType<typeof findCredentialsById>>>;

export const sessionGone = () => new TRPCError({ code: 'UNAUTHORIZED', message: MESSAGES.sessionExpired });

/** The member's credentials as they are now; a member deleted meanwhile is a 401, as their token is. */
export async function currentCredentials(ctx: Context, userId: string): Promise<Credentials> {
  const account = await findCredentialsById(ctx.deps.db, userId);
  if (!account) throw sessionGone();
  return account;
}

/** Checks the password; a wrong one counts as a failed sign-in and is a 401 `{message}`. */
export async function checkOwnPassword(ctx: Context, account: Credentials, password: string, refusal: string = MESSAGES.wrongPassword): Promise<void> {
  const attempt = await admitSignInCheck(ctx.deps.loginLockout, { email: account.email, generation: account.passwordChangedAt, ip: ctx.ip });
  if (!(await runSignInCheck(attempt, () => verifyPassword(account.passwordHash, password)))) {
    await attempt.failed();
    ctx.log.warn({ userId: account.id, ip: ctx.ip }, 'account change refused: wrong password');
    throw new TRPCError({ code: 'UNAUTHORIZED', message: refusal });
  }
  await attempt.succeeded();
}
