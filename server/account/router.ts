// A member's own account (CONTRACT §5): their name, address and password, the proof that the
// address is theirs, their data, and leaving. Every link proves a mailbox, never a session: the
// confirm and verify calls are public and take nothing but the mailed token. See decision 029.
import { TRPCError } from '@trpc/server';
import { ACCOUNT_MESSAGES } from '../../shared/account';
import { certificatePath } from '../../shared/course';
import {
  changeEmailInput,
  changePasswordInput,
  deleteAccountInput,
  exportAuditBatchInput,
  linkTokenInput,
  updateProfileInput,
} from '../../shared/account-schemas';
import { mailSettingsInput } from '../../shared/mail-schemas';
import { MESSAGES } from '../../shared/messages';
import { forgetMemberEmail, memberAuditBatch } from '../audit/member-entries';
import { recordAudit } from '../audit/record';
import { isTwoFactorOn } from '../auth/two-factor-data';
import { findCertificateOf } from '../course/progress/certificate-data';
import { exportedAttempts, lessonTitles } from '../course/quiz/quiz-answers';
import { readMemberProgress } from '../course/progress/progress-data';
import { transaction } from '../db/transaction';
import { readMailSettings, saveMailSettings } from '../jobs/mail-preferences';
import { isoTime, isoTimeOrNull } from '../lib/iso-time';
import type { Context } from '../trpc/context';
import { memberProcedure, publicProcedure, router } from '../trpc/init';
import { deleteAccountTokens, findPendingEmail, issueAccountToken, useAccountToken, type UsedLink } from '../users/account-tokens';
import {
  countOtherActiveAdmins,
  deleteUser,
  EmailInUseError,
  endSessions,
  findCredentialsById,
  findPublicUserById,
  findUserIdByEmail,
  updateUser,
} from '../users/data';
import { hashPassword } from '../users/passwords';
import { userTarget } from '../users/user-audit';
import { mailVerificationLink } from '../users/verification';
import { confirmEmailMail, emailChangeNoticeMail, passwordChangedMail } from './account-mails';
import { countAccountMail } from './mail-limits';
import { checkOwnPassword, currentCredentials, sessionGone } from './password-check';

const badRequest = (message: string) => new TRPCError({ code: 'BAD_REQUEST', message });
const emailInUse = () => new TRPCError({ code: 'CONFLICT', message: MESSAGES.emailInUse });

/** A link that did not work, in words a person understands. */
function linkRefusal(result: Exclude<UsedLink, { userId: string }> | 'outdated') {
  const message = { expired: ACCOUNT_MESSAGES.linkExpired, unknown: ACCOUNT_MESSAGES.linkUsed, outdated: ACCOUNT_MESSAGES.linkOutdated }[result];
  return badRequest(message);
}

// The trail's summaries: what happened, never an address, password or token (CONTRACT §5).
const SUMMARIES = {
  profile: 'changed their name',
  email: 'email changed through the link mailed to the new address',
  password: 'changed their password; every other session ended',
  delete: 'deleted their own account',
} as const;

/** Mails sent after the change has committed: their failure is logged, and the change stands. */
function sendAfter(ctx: Context, userId: string, what: string, mail: Parameters<Context['deps']['mailer']['send']>[0]) {
  ctx.deps.mailer.send(mail).catch((error: unknown) => ctx.log.error({ err: error, userId }, `${what} could not be sent`));
}

export const accountRouter = router({
  get: memberProcedure.query(async ({ ctx }) => {
    const { db } = ctx.deps;
    const user = await findPublicUserById(db, ctx.user.id);
    if (!user) throw sessionGone();
    const [pendingEmail, twoFactorEnabled] = await Promise.all([findPendingEmail(db, user._id), isTwoFactorOn(db, user._id)]);
    return { user, emailVerified: user.emailVerified, pendingEmail, twoFactorEnabled };
  }),

  updateProfile: memberProcedure.input(updateProfileInput).mutation(async ({ ctx, input }) => {
    const user = await transaction(ctx.deps.db, async (tx) => {
      const user = await updateUser(tx, ctx.user.id, { name: input.name });
      if (!user) throw sessionGone();
      await recordAudit(tx, { actor: ctx.user, action: 'account.profile.update', target: userTarget(user._id), summary: SUMMARIES.profile });
      return user;
    });
    ctx.log.info({ userId: user._id }, 'member changed their name');
    return { user };
  }),

  requestEmailChange: memberProcedure.input(changeEmailInput).mutation(async ({ ctx, input }) => {
    const { db, config } = ctx.deps;
    const account = await currentCredentials(ctx, ctx.user.id);
    if (input.newEmail === account.email) throw badRequest(ACCOUNT_MESSAGES.sameEmail);
    // Counted before the password is: a request past the limit costs no hash.
    await countAccountMail(ctx, 'emailChange', { memberId: account.id, mailbox: input.newEmail });
    await checkOwnPassword(ctx, account, input.password);
    // Checked again at confirmation, where the unique index decides a race.
    if (await findUserIdByEmail(db, input.newEmail)) throw emailInUse();
    const token = await issueAccountToken(db, { userId: account.id, purpose: 'change-email', email: input.newEmail });
    ctx.log.info({ userId: account.id }, 'member asked to change their email address');
    await Promise.all([
      ctx.deps.mailer.send(confirmEmailMail(input.newEmail, config.appUrl, token)),
      ctx.deps.mailer.send(emailChangeNoticeMail(account.email, input.newEmail)),
    ]);
    return { message: ACCOUNT_MESSAGES.checkNewAddress };
  }),

  confirmEmailChange: publicProcedure.input(linkTokenInput).mutation(async ({ ctx, input }) => {
    try {
      const result = await transaction(ctx.deps.db, async (tx) => {
        const link = await useAccountToken(tx, 'change-email', input.token);
        if (typeof link === 'string') return link;
        const user = await updateUser(tx, link.userId, { email: link.email, emailVerified: true });
        if (!user) return 'unknown';
        // The other links were for the old address; and whoever held the account before must not keep it.
        await deleteAccountTokens(tx, user._id);
        await endSessions(tx, user._id);
        await recordAudit(tx, {
          actor: { id: user._id, email: user.email },
          action: 'account.email.change',
          target: userTarget(user._id),
          summary: SUMMARIES.email,
        });
        return user;
      });
      if (typeof result === 'string') throw linkRefusal(result);
      ctx.log.info({ userId: result._id }, 'member confirmed their new email address; every session ended');
      return { message: ACCOUNT_MESSAGES.emailChanged };
    } catch (error) {
      // Taken by another account since the request: the link stays unused (rolled back), and useless.
      if (error instanceof EmailInUseError) throw emailInUse();
      throw error;
    }
  }),

  changePassword: memberProcedure.input(changePasswordInput).mutation(async ({ ctx, input }) => {
    const { db, tokens } = ctx.deps;
    const account = await currentCredentials(ctx, ctx.user.id);
    await checkOwnPassword(ctx, account, input.currentPassword, ACCOUNT_MESSAGES.wrongCurrentPassword);
    const passwordHash = await hashPassword(input.newPassword);
    const changed = await transaction(db, async (tx) => {
      const now = await findCredentialsById(tx, account.id);
      if (!now) throw sessionGone();
      // Changed by another call since ours was checked: the password we checked is not the password any more.
      if (now.passwordChangedAt !== account.passwordChangedAt) throw new TRPCError({ code: 'UNAUTHORIZED', message: ACCOUNT_MESSAGES.wrongCurrentPassword });
      await updateUser(tx, account.id, { passwordHash });
      await recordAudit(tx, { actor: ctx.user, action: 'account.password.change', target: userTarget(account.id), summary: SUMMARIES.password });
      return findCredentialsById(tx, account.id);
    });
    // The new password ended every session, this one's too: the caller gets the first token of the new ones.
    const token = await tokens.sign({ id: account.id, role: account.role }, { notBeforeMs: changed!.sessionsValidFrom });
    ctx.log.info({ userId: account.id }, 'member changed their password; the other sessions ended');
    sendAfter(ctx, account.id, 'password change notice', passwordChangedMail(account.email));
    return { message: ACCOUNT_MESSAGES.passwordChanged, token };
  }),

  /** CONTRACT §9: which course mails the member gets; both on until they say otherwise. */
  mailSettings: memberProcedure.query(({ ctx }) => readMailSettings(ctx.deps.db, ctx.user.id)),

  updateMailSettings: memberProcedure.input(mailSettingsInput).mutation(async ({ ctx, input }) => {
    const settings = await saveMailSettings(ctx.deps.db, ctx.user.id, input);
    ctx.log.info({ userId: ctx.user.id, ...settings }, 'member changed their mail settings');
    return settings;
  }),

  sendVerification: memberProcedure.mutation(async ({ ctx }) => {
    const user = await findPublicUserById(ctx.deps.db, ctx.user.id);
    if (!user) throw sessionGone();
    if (user.emailVerified) throw badRequest(ACCOUNT_MESSAGES.alreadyVerified);
    await countAccountMail(ctx, 'verification', { memberId: user._id, mailbox: user.email });
    await mailVerificationLink(ctx.deps, { id: user._id, email: user.email });
    ctx.log.info({ userId: user._id }, 'verification mail sent');
    return { message: ACCOUNT_MESSAGES.verificationSent };
  }),

  verifyEmail: publicProcedure.input(linkTokenInput).mutation(async ({ ctx, input }) => {
    const result = await transaction(ctx.deps.db, async (tx) => {
      const link = await useAccountToken(tx, 'verify-email', input.token);
      if (typeof link === 'string') return link;
      const account = await findCredentialsById(tx, link.userId);
      // The address changed since the mail: the link proved a mailbox the account no longer has.
      if (account?.email !== link.email) return 'outdated';
      await updateUser(tx, account.id, { emailVerified: true });
      return account.id;
    });
    if (result === 'expired' || result === 'unknown' || result === 'outdated') throw linkRefusal(result);
    ctx.log.info({ userId: result }, 'email address verified');
    return { message: ACCOUNT_MESSAGES.emailVerified };
  }),

  delete: memberProcedure.input(deleteAccountInput).mutation(async ({ ctx, input }) => {
    const account = await currentCredentials(ctx, ctx.user.id);
    await checkOwnPassword(ctx, account, input.password);
    await transaction(ctx.deps.db, async (tx) => {
      const now = await findCredentialsById(tx, account.id);
      if (!now) throw sessionGone();
      // A password changed since ours was checked (a race with a password change): not the password now.
      if (now.passwordChangedAt !== account.passwordChangedAt) throw new TRPCError({ code: 'UNAUTHORIZED', message: MESSAGES.wrongPassword });
      if (now.role === 'admin' && now.status === 'active' && (await countOtherActiveAdmins(tx, now.id)) === 0) {
        throw new TRPCError({ code: 'CONFLICT', message: ACCOUNT_MESSAGES.lastAdmin });
      }
      await recordAudit(tx, { actor: { id: now.id, email: now.email }, action: 'account.delete', target: userTarget(now.id), summary: SUMMARIES.delete });
      // Every row of theirs goes with the user by cascade: links, two-factor data, sessions signed out, course progress.
      if (!(await deleteUser(tx, now.id))) throw sessionGone();
      await forgetMemberEmail(tx, now.id, now.email);
    });
    ctx.log.info({ userId: account.id }, 'member deleted their own account');
    return { message: ACCOUNT_MESSAGES.accountDeleted };
  }),
});

/**
 * The data export's parts, called only by its route (export-route.ts), which records the export in
 * the audit trail when it ends. Never merged into the root router: over /trpc the same data would go
 * out with no account.export entry (issue 33). Procedures still, so each batch passes the member guard.
 */
export const accountExportRouter = router({
  /** The file's first part; the route streams the audit batches after it. */
  profile: memberProcedure.query(async ({ ctx }) => {
    const { db } = ctx.deps;
    const [user, twoFactorEnabled, progress, certificate, quizAttempts, mailSettings] = await Promise.all([
      findPublicUserById(db, ctx.user.id),
      isTwoFactorOn(db, ctx.user.id),
      readMemberProgress(db, ctx.user.id),
      findCertificateOf(db, ctx.user.id),
      ctx.deps.courseTree.get().then((tree) => exportedAttempts(db, ctx.user.id, lessonTitles(tree))),
      readMailSettings(db, ctx.user.id),
    ]);
    if (!user) throw sessionGone();
    return {
      // The user object already carries paidSince (CONTRACT §6).
      profile: { ...user, twoFactorEnabled },
      courseProgress: progress.map((row) => ({ ...row, completedAt: isoTimeOrNull(row.completedAt), updatedAt: isoTime(row.updatedAt) })),
      certificate: certificate
        ? { _id: certificate.id, url: certificatePath(certificate.id), name: certificate.name, completedAt: isoTime(certificate.completedAt) }
        : null,
      quizAttempts,
      mailSettings,
    };
  }),

  audit: memberProcedure.input(exportAuditBatchInput).query(({ ctx, input }) => memberAuditBatch(ctx.deps.db, ctx.user.id, input.after)),
});
