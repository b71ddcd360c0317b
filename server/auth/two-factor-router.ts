// A member's own two-factor sign-in (CONTRACT §3 "Two-factor sign-in"): set up a secret, turn it
// on with its first code and the password (which hands out the recovery codes, once, and ends the
// member's other sessions), and turn it off with the password and a code. Setting up and turning on
// ask for a verified address (decision 043). See docs/decisions/012-two-factor-sign-in.md.
import { TRPCError } from '@trpc/server';
import { disableTwoFactorInput, enableTwoFactorInput } from '../../shared/auth-schemas';
import { MESSAGES } from '../../shared/messages';
import { memberProcedure, router } from '../trpc/init';
import { findCredentialsById } from '../users/data';
import { verifyPassword } from '../users/passwords';
import { admitSignInCheck, runSignInCheck } from './sign-in-admission';
import { newTotpSecret, otpauthUrl } from './totp';
import { disableTwoFactor, enableTwoFactor, isTwoFactorOn, savePendingSecret, twoFactorStatus } from './two-factor-data';
import { underDailyCodeLimit } from './two-factor-failures';

const refuse = (message: string) => new TRPCError({ code: 'BAD_REQUEST', message });

/**
 * A second factor needs a proven mailbox: whoever signed up with another person's address could
 * otherwise put one between that person and the account they reclaim by a reset (issue 33).
 */
function requireVerifiedEmail(account: { emailVerified: boolean }) {
  if (!account.emailVerified) throw new TRPCError({ code: 'FORBIDDEN', message: MESSAGES.twoFactorNeedsVerifiedEmail });
}

const ENABLE_REFUSALS = {
  'already-on': MESSAGES.twoFactorAlreadyOn,
  'not-set-up': MESSAGES.twoFactorNotSetUp,
  'wrong-code': MESSAGES.setupCodeInvalid,
} as const;

export const twoFactorRouter = router({
  status: memberProcedure.query(({ ctx }) => twoFactorStatus(ctx.deps.db, ctx.user.id)),

  setup: memberProcedure.mutation(async ({ ctx }) => {
    const account = await findCredentialsById(ctx.deps.db, ctx.user.id);
    if (!account) throw new TRPCError({ code: 'UNAUTHORIZED', message: MESSAGES.sessionExpired });
    requireVerifiedEmail(account);
    const secret = newTotpSecret();
    if (!(await savePendingSecret(ctx.deps.twoFactor, account.id, secret))) throw refuse(MESSAGES.twoFactorAlreadyOn);
    ctx.log.info({ userId: account.id }, 'two-factor setup started');
    return { secret, otpauthUrl: otpauthUrl(account.email, secret) };
  }),

  // The password too, checked like a sign-in's under the same lockout: a stolen session alone must
  // not turn it on with the thief's app and lock the owner out. Every other session then ends; the
  // caller's token ends with them, and the answer carries its replacement.
  enable: memberProcedure.input(enableTwoFactorInput).mutation(async ({ ctx, input }) => {
    const { db, loginLockout, twoFactor, tokens, clock } = ctx.deps;
    const account = await findCredentialsById(db, ctx.user.id);
    if (!account) throw new TRPCError({ code: 'UNAUTHORIZED', message: MESSAGES.sessionExpired });
    // Before the password: the refusal costs no hash and counts no failure.
    requireVerifiedEmail(account);
    const attempt = await admitSignInCheck(loginLockout, { email: account.email, generation: account.passwordChangedAt, ip: ctx.ip });
    if (!(await runSignInCheck(attempt, () => verifyPassword(account.passwordHash, input.password)))) {
      await attempt.failed();
      ctx.log.warn({ userId: account.id, ip: ctx.ip }, 'two-factor sign-in not turned on: wrong password');
      throw new TRPCError({ code: 'UNAUTHORIZED', message: MESSAGES.wrongPassword });
    }
    const result = await runSignInCheck(attempt, () =>
      enableTwoFactor(twoFactor, { id: account.id, email: account.email }, input.code, clock(), { onVerifiedEmail: account.emailVerified }),
    );
    if (typeof result === 'string') {
      // The password was right, but nothing was signed in to: the account's failures stay as they are.
      await attempt.abandoned();
      throw refuse(ENABLE_REFUSALS[result]);
    }
    await attempt.succeeded();
    ctx.log.info({ userId: account.id }, 'two-factor sign-in turned on; the other sessions ended');
    const token = await tokens.sign({ id: account.id, role: account.role }, { notBeforeMs: result.sessionsValidFrom });
    return { recoveryCodes: result.recoveryCodes, token };
  }),

  // The password and the code are checked like a sign-in, under the same lockout, and a wrong app
  // code counts toward the daily limit: a stolen session must not become a way to guess either.
  disable: memberProcedure.input(disableTwoFactorInput).mutation(async ({ ctx, input }) => {
    const { db, loginLockout, twoFactor, clock } = ctx.deps;
    const account = await findCredentialsById(db, ctx.user.id);
    if (!account) throw new TRPCError({ code: 'UNAUTHORIZED', message: MESSAGES.sessionExpired });
    if (!(await isTwoFactorOn(db, account.id))) throw refuse(MESSAGES.twoFactorNotOn);
    const attempt = await admitSignInCheck(loginLockout, { email: account.email, generation: account.passwordChangedAt, ip: ctx.ip });
    const actor = { id: account.id, email: account.email };
    const outcome = await runSignInCheck(attempt, async () =>
      (await verifyPassword(account.passwordHash, input.password))
        ? underDailyCodeLimit(
            ctx.deps,
            ctx.log,
            actor,
            input.code,
            () => disableTwoFactor(twoFactor, actor, input.code, clock()),
            (answer) => answer === 'wrong-code',
          )
        : 'wrong-password',
    );
    if (outcome === 'not-on') {
      await attempt.abandoned();
      throw refuse(MESSAGES.twoFactorNotOn);
    }
    if (outcome !== 'off') {
      await attempt.failed();
      ctx.log.warn({ userId: account.id, ip: ctx.ip }, 'two-factor sign-in not turned off: wrong password or code');
      throw refuse(MESSAGES.wrongPasswordOrCode);
    }
    await attempt.succeeded();
    ctx.log.info({ userId: account.id }, 'two-factor sign-in turned off');
    return { message: MESSAGES.twoFactorOff };
  }),
});
