// Sign-up, sign-in (with its second factor) and password recovery (CONTRACT §2 "Auth", §3).
import { transaction } from '../db/transaction';
import { TRPCError } from '@trpc/server';
import { forgotPasswordInput, loginInput, loginTwoFactorInput, registerInput, resetPasswordInput } from '../../shared/auth-schemas';
import { MESSAGES } from '../../shared/messages';
import { recordAudit } from '../audit/record';
import { memberProcedure, publicProcedure, router, sessionProcedure } from '../trpc/init';
import { EmailInUseError, endSessions, findCredentialsByEmail, findPublicUserById, findUserIdByEmail, insertUser, setPasswordHash } from '../users/data';
import { findLoginChallenge, finishLoginChallenge, issueLoginChallenge } from './login-challenges';
import { userTarget } from '../users/user-audit';
import { hashPassword, verifyAgainstDummy, verifyPassword } from '../users/passwords';
import { resetMail } from './reset-mail';
import { mayMailReset } from './reset-mail-quota';
import { consumeResetToken, findResetTokenUser, issueResetToken } from '../users/reset-tokens';
import { revokeToken } from '../users/sessions';
import { mailVerificationLink } from '../users/verification';
import { admitSignInCheck, runSignInCheck } from './sign-in-admission';
import { clearAfterResetIfUnverified, isTwoFactorOn } from './two-factor-data';
import { twoFactorAdminRouter } from './two-factor-admin-router';
import { underDailyCodeLimit } from './two-factor-failures';
import { twoFactorRouter } from './two-factor-router';

const signInExpired = () => new TRPCError({ code: 'UNAUTHORIZED', message: MESSAGES.signInExpired });

// What the entry of a completed reset says; the link and its token are never in it.
const PASSWORD_RESET_SUMMARY = 'reset the password through the mailed link';

export const authRouter = router({
  register: publicProcedure.input(registerInput).mutation(async ({ ctx, input }) => {
    await ctx.limit('register');
    const passwordHash = await hashPassword(input.password);
    try {
      const user = await insertUser(ctx.deps.db, { name: input.name, email: input.email, passwordHash });
      ctx.log.info({ userId: user._id }, 'member registered');
      // Signed in at once, as before (spec); the address is proved later through the mail. A mail
      // server that fails does not fail the sign-up: the member can ask for the mail again.
      await mailVerificationLink(ctx.deps, { id: user._id, email: user.email }).catch((error: unknown) =>
        ctx.log.error({ err: error, userId: user._id }, 'verification mail could not be sent'),
      );
      return { token: await ctx.deps.tokens.sign({ id: user._id, role: user.role }) };
    } catch (error) {
      if (error instanceof EmailInUseError) throw new TRPCError({ code: 'CONFLICT', message: MESSAGES.emailInUse });
      throw error;
    }
  }),

  login: publicProcedure.input(loginInput).mutation(async ({ ctx, input }) => {
    await ctx.limit('login');
    const { loginLockout, db, tokens, clock } = ctx.deps;
    const account = await findCredentialsByEmail(db, input.email);
    const attempt = await admitSignInCheck(loginLockout, { email: input.email, generation: account?.passwordChangedAt ?? 0, ip: ctx.ip });
    const passwordMatches = await runSignInCheck(attempt, () =>
      account ? verifyPassword(account.passwordHash, input.password) : verifyAgainstDummy(input.password),
    );
    // Unknown email, wrong password and suspended account are one answer, so none can be told apart.
    if (!account || !passwordMatches || account.status !== 'active') {
      await attempt.failed();
      ctx.log.warn({ email: input.email, ip: ctx.ip }, 'sign-in failed');
      throw new TRPCError({ code: 'UNAUTHORIZED', message: MESSAGES.invalidCredentials });
    }
    if (await isTwoFactorOn(db, account.id)) {
      // Not a success yet, which would wipe the account's failures out: the sign-in settles with
      // its code, so knowing the password does not buy fresh guesses at the code.
      await attempt.abandoned();
      ctx.log.info({ userId: account.id }, 'password accepted, two-factor code required');
      return { twoFactorRequired: true as const, challenge: await issueLoginChallenge(db, account, clock()) };
    }
    await attempt.succeeded();
    ctx.log.info({ userId: account.id }, 'signed in');
    return { token: await tokens.sign({ id: account.id, role: account.role }) };
  }),

  // The second half of a sign-in with two-factor on. A wrong code is a failed sign-in: it counts
  // toward the same lockout as a wrong password, per account and address and per account, and a
  // wrong app code toward the account's daily limit of them.
  loginTwoFactor: publicProcedure.input(loginTwoFactorInput).mutation(async ({ ctx, input }) => {
    await ctx.limit('login');
    const { loginLockout, db, tokens, twoFactor, clock } = ctx.deps;
    const account = await findLoginChallenge(db, input.challenge, clock());
    if (!account) throw signInExpired();
    const attempt = await admitSignInCheck(loginLockout, { email: account.email, generation: account.passwordChangedAt, ip: ctx.ip });
    const result = await runSignInCheck(attempt, () =>
      underDailyCodeLimit(
        ctx.deps,
        ctx.log,
        account,
        input.code,
        () => finishLoginChallenge(twoFactor, input.challenge, input.code, clock()),
        (answer) => answer === 'wrong-code',
      ),
    );
    if (result === 'challenge-gone') {
      // Used up by a parallel success, expired, or the account's sessions ended meanwhile: no code was checked.
      await attempt.abandoned();
      throw signInExpired();
    }
    if (result === 'wrong-code') {
      await attempt.failed();
      ctx.log.warn({ userId: account.id, ip: ctx.ip }, 'two-factor code refused');
      throw new TRPCError({ code: 'UNAUTHORIZED', message: MESSAGES.twoFactorCodeInvalid });
    }
    await attempt.succeeded();
    ctx.log.info({ userId: result.userId }, 'signed in');
    return { token: await tokens.sign({ id: result.userId, role: result.role }) };
  }),

  twoFactor: twoFactorRouter,
  twoFactorAdmin: twoFactorAdminRouter,

  logout: sessionProcedure.mutation(async ({ ctx }) => {
    await revokeToken(ctx.deps.db, { ...ctx.token, userId: ctx.user.id });
    // Open event streams of this session end now, not at their next event.
    ctx.deps.events.publish('sessions-ended', { userId: ctx.user.id });
    ctx.log.info({ userId: ctx.user.id }, 'signed out');
    return { message: MESSAGES.signedOut };
  }),

  logoutAll: sessionProcedure.mutation(async ({ ctx }) => {
    await endSessions(ctx.deps.db, ctx.user.id);
    ctx.deps.events.publish('sessions-ended', { userId: ctx.user.id });
    ctx.log.info({ userId: ctx.user.id }, 'signed out everywhere');
    return { message: MESSAGES.signedOutEverywhere };
  }),

  forgotPassword: publicProcedure.input(forgotPasswordInput).mutation(async ({ ctx, input }) => {
    await ctx.limit('forgotPassword');
    const { db, mailer, config } = ctx.deps;
    const userId = await findUserIdByEmail(db, input.email);
    if (userId && (await mayMailReset(ctx.deps, userId, ctx.log))) {
      const token = await issueResetToken(db, userId);
      ctx.log.info({ userId }, 'password reset requested');
      // Not awaited: the answer must not take longer (or fail) when the account exists.
      mailer
        .send(resetMail(input.email, config.appUrl, token))
        .catch((error: unknown) => ctx.log.error({ err: error, userId }, 'password reset mail could not be sent'));
    }
    return { message: MESSAGES.resetLinkSent };
  }),

  resetPassword: publicProcedure.input(resetPasswordInput).mutation(async ({ ctx, input }) => {
    await ctx.limit('resetPassword');
    const { db } = ctx.deps;
    const invalid = () => new TRPCError({ code: 'BAD_REQUEST', message: MESSAGES.resetTokenInvalid });
    // Look before hashing, so a made-up token costs no argon2 work; consume after, atomically.
    if (!(await findResetTokenUser(db, input.token))) throw invalid();
    const passwordHash = await hashPassword(input.password);
    let clearedTwoFactor = false;
    const user = await transaction(db, async (tx) => {
      const owner = await consumeResetToken(tx, input.token);
      const user = owner === undefined ? undefined : await setPasswordHash(tx, owner, passwordHash);
      if (user) {
        // The member proved they read the account's mail: they are the actor.
        const actor = { id: user._id, email: user.email };
        await recordAudit(tx, { actor, action: 'auth.password-reset', target: userTarget(user._id), summary: PASSWORD_RESET_SUMMARY });
        // A second factor turned on while the address was unverified goes: it was not the mailbox's.
        clearedTwoFactor = await clearAfterResetIfUnverified(tx, actor, ctx.deps.clock());
      }
      return user;
    });
    // The new password also starts the account's sign-in lockout over (its counts are keyed by it).
    if (!user) throw invalid();
    ctx.log.info({ userId: user._id, clearedTwoFactor }, 'password reset completed');
    return { message: MESSAGES.resetSuccessful };
  }),

  me: memberProcedure.query(async ({ ctx }) => {
    const user = await findPublicUserById(ctx.deps.db, ctx.user.id);
    if (!user) throw new TRPCError({ code: 'UNAUTHORIZED', message: MESSAGES.sessionExpired });
    return user;
  }),
});
