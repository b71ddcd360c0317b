// Sign-up, sign-in and password recovery (CONTRACT §2 "Auth").
import { TRPCError } from '@trpc/server';
import {
  forgotPasswordInput,
  loginInput,
  registerInput,
  resetPasswordInput,
} from '../../shared/auth-schemas';
import { MESSAGES } from '../../shared/messages';
import { recordAudit } from '../audit/record';
import { memberProcedure, publicProcedure, router, sessionProcedure } from '../trpc/init';
import { RetryLater } from '../trpc/errors';
import {
  EmailInUseError,
  endSessions,
  findCredentialsByEmail,
  findPublicUserById,
  findUserIdByEmail,
  insertUser,
  setPasswordHash,
} from '../users/data';
import { userTarget } from '../users/user-audit';
import { hashPassword, verifyAgainstDummy, verifyPassword } from './passwords';
import { resetMail } from './reset-mail';
import { mayMailReset } from './reset-mail-quota';
import { consumeResetToken, findResetTokenUser, issueResetToken } from './reset-tokens';
import { revokeToken } from './sessions';

// What the entry of a completed reset says; the link and its token are never in it.
const PASSWORD_RESET_SUMMARY = 'reset the password through the mailed link';

export const authRouter = router({
  register: publicProcedure.input(registerInput).mutation(async ({ ctx, input }) => {
    await ctx.limit('register');
    const passwordHash = await hashPassword(input.password);
    try {
      const user = insertUser(ctx.deps.db, { name: input.name, email: input.email, passwordHash });
      ctx.log.info({ userId: user._id }, 'member registered');
      return { token: await ctx.deps.tokens.sign({ id: user._id, role: user.role }) };
    } catch (error) {
      if (error instanceof EmailInUseError) throw new TRPCError({ code: 'CONFLICT', message: MESSAGES.emailInUse });
      throw error;
    }
  }),

  login: publicProcedure.input(loginInput).mutation(async ({ ctx, input }) => {
    await ctx.limit('login');
    const { loginLockout, db, tokens } = ctx.deps;
    const account = findCredentialsByEmail(db, input.email);
    const admission = await loginLockout.admit({ email: input.email, generation: account?.passwordChangedAt ?? 0, ip: ctx.ip });
    if ('retryAfterMs' in admission) {
      throw new TRPCError({
        code: 'TOO_MANY_REQUESTS',
        message: MESSAGES.tooManyAttempts(Math.ceil(admission.retryAfterMs / 60_000)),
        cause: new RetryLater(Math.ceil(admission.retryAfterMs / 1000)),
      });
    }
    const { attempt } = admission;
    let passwordMatches: boolean;
    try {
      passwordMatches = account ? await verifyPassword(account.passwordHash, input.password) : await verifyAgainstDummy(input.password);
    } catch (error) {
      await attempt.abandoned();
      throw error;
    }
    // Unknown email, wrong password and suspended account are one answer, so none can be told apart.
    if (!account || !passwordMatches || account.status !== 'active') {
      await attempt.failed();
      ctx.log.warn({ email: input.email, ip: ctx.ip }, 'sign-in failed');
      throw new TRPCError({ code: 'UNAUTHORIZED', message: MESSAGES.invalidCredentials });
    }
    await attempt.succeeded();
    ctx.log.info({ userId: account.id }, 'signed in');
    return { token: await tokens.sign({ id: account.id, role: account.role }) };
  }),

  logout: sessionProcedure.mutation(({ ctx }) => {
    revokeToken(ctx.deps.db, { ...ctx.token, userId: ctx.user.id });
    ctx.log.info({ userId: ctx.user.id }, 'signed out');
    return { message: MESSAGES.signedOut };
  }),

  logoutAll: sessionProcedure.mutation(({ ctx }) => {
    endSessions(ctx.deps.db, ctx.user.id);
    ctx.log.info({ userId: ctx.user.id }, 'signed out everywhere');
    return { message: MESSAGES.signedOutEverywhere };
  }),

  forgotPassword: publicProcedure.input(forgotPasswordInput).mutation(async ({ ctx, input }) => {
    await ctx.limit('forgotPassword');
    const { db, mailer, config } = ctx.deps;
    const userId = findUserIdByEmail(db, input.email);
    if (userId && (await mayMailReset(ctx.deps, userId, ctx.log))) {
      const token = issueResetToken(db, userId);
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
    if (!findResetTokenUser(db, input.token)) throw invalid();
    const passwordHash = await hashPassword(input.password);
    const user = db.transaction((tx) => {
      const owner = consumeResetToken(tx, input.token);
      const user = owner === undefined ? undefined : setPasswordHash(tx, owner, passwordHash);
      if (user) {
        // The member proved they read the account's mail: they are the actor.
        const actor = { id: user._id, email: user.email };
        recordAudit(tx, { actor, action: 'auth.password-reset', target: userTarget(user._id), summary: PASSWORD_RESET_SUMMARY });
      }
      return user;
    });
    // The new password also starts the account's sign-in lockout over (its counts are keyed by it).
    if (!user) throw invalid();
    ctx.log.info({ userId: user._id }, 'password reset completed');
    return { message: MESSAGES.resetSuccessful };
  }),

  me: memberProcedure.query(({ ctx }) => {
    const user = findPublicUserById(ctx.deps.db, ctx.user.id);
    if (!user) throw new TRPCError({ code: 'UNAUTHORIZED', message: MESSAGES.sessionExpired });
    return user;
  }),
});
