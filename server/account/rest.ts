// A member's own account over REST (CONTRACT §2), each row calling its procedure of accountRouter.
import { accountAnswer, mailSettingsAnswer, messageAnswer, outboxPageAnswer, passwordChangedAnswer, profileAnswer } from '../../shared/answer-schemas';
import { ACCOUNT_MESSAGES } from '../../shared/account';
import { changeEmailInput, changePasswordInput, deleteAccountInput, linkTokenInput, updateProfileInput } from '../../shared/account-schemas';
import { mailSettingsInput, outboxListInput } from '../../shared/mail-schemas';
import { MESSAGES } from '../../shared/messages';
import { asIs } from '../http/answers';
import { restRowsOf, type RestSection } from '../http/rest-rows';
import { createCallerFactory } from '../trpc/init';
import { outboxRouter } from './outbox-router';
import { accountRouter } from './router';

const { row, noInputRow } = restRowsOf(createCallerFactory(accountRouter));

export const accountRest: RestSection = {
  tag: 'Account',
  rows: [
    noInputRow({
      method: 'GET',
      url: '/api/account',
      access: 'member',
      summary: "The caller's own account: profile, whether the address is verified, a new address waiting for confirmation, two-factor sign-in",
      answer: asIs(accountAnswer),
      procedure: (c) => c.get,
    }),
    row({
      method: 'PUT',
      url: '/api/account/profile',
      access: 'member',
      summary: 'Change your name',
      input: updateProfileInput,
      answer: asIs(profileAnswer),
      procedure: (c) => c.updateProfile,
    }),
    row({
      method: 'POST',
      url: '/api/account/email',
      access: 'member',
      limited: true,
      summary: 'Ask to move the account to a new address: a confirmation link goes there, a notice (no link) to the current one',
      description:
        'The password is checked like a sign-in, under the same limits. At most EMAIL_CHANGES_PER_HOUR requests (3 unless set) an hour per member, per client address and per new address.',
      input: changeEmailInput,
      answer: asIs(messageAnswer),
      refusals: {
        400: `Or it is already your address: "${ACCOUNT_MESSAGES.sameEmail}"`,
        401: `Or the password is wrong: "${MESSAGES.wrongPassword}"`,
        409: MESSAGES.emailInUse,
      },
      procedure: (c) => c.requestEmailChange,
    }),
    row({
      method: 'POST',
      url: '/api/account/email/confirm',
      access: 'public',
      summary: 'Confirm a new address with the token of the link mailed to it: the address changes, is verified, and every session of the member ends',
      input: linkTokenInput,
      answer: asIs(messageAnswer),
      refusals: { 400: 'Or the link is expired, used or replaced by a newer one.', 409: `The address was taken meanwhile: "${MESSAGES.emailInUse}"` },
      procedure: (c) => c.confirmEmailChange,
    }),
    row({
      method: 'PUT',
      url: '/api/account/password',
      access: 'member',
      limited: true,
      summary: "Change your password: every other session ends, and the answer carries the caller's new token",
      description: "The current password is checked like a sign-in, under the same limits. A notice is mailed to the account's address.",
      input: changePasswordInput,
      answer: asIs(passwordChangedAnswer),
      refusals: { 401: `Or the current password is wrong: "${ACCOUNT_MESSAGES.wrongCurrentPassword}"` },
      procedure: (c) => c.changePassword,
    }),
    noInputRow({
      method: 'GET',
      url: '/api/account/mail',
      access: 'member',
      summary: 'Your mail settings: replies to your comments (and questions marked answered), and course updates; both on unless turned off',
      answer: asIs(mailSettingsAnswer),
      procedure: (c) => c.mailSettings,
    }),
    row({
      method: 'PUT',
      url: '/api/account/mail',
      access: 'member',
      summary: 'Change your mail settings',
      description: 'Every course mail also carries a one-click unsubscribe link (RFC 8058) that turns its own kind off: POST /api/mail/unsubscribe.',
      input: mailSettingsInput,
      answer: asIs(mailSettingsAnswer),
      procedure: (c) => c.updateMailSettings,
    }),
    noInputRow({
      method: 'POST',
      url: '/api/account/verification',
      access: 'member',
      limited: true,
      summary: 'Mail a new verification link (valid 7 days) to your address; it replaces the earlier one',
      description: 'At most VERIFICATION_MAILS_PER_HOUR (3 unless set) an hour per member, per client address and per mailbox.',
      answer: asIs(messageAnswer),
      refusals: { 400: `The address is verified already: "${ACCOUNT_MESSAGES.alreadyVerified}"` },
      procedure: (c) => c.sendVerification,
    }),
    row({
      method: 'POST',
      url: '/api/auth/verify-email',
      access: 'public',
      summary: 'Verify an address with the token of the link mailed to it',
      input: linkTokenInput,
      answer: asIs(messageAnswer),
      refusals: { 400: 'Or the link is expired, used, replaced by a newer one, or for an address the account no longer has.' },
      procedure: (c) => c.verifyEmail,
    }),
    row({
      method: 'DELETE',
      url: '/api/account',
      deleteWithBody: true,
      access: 'member',
      limited: true,
      summary: 'Delete your account: the user, their progress, certificate, sessions, pending links and two-factor data',
      description: 'The password is checked like a sign-in, under the same limits. Audit entries keep the id but drop the email.',
      input: deleteAccountInput,
      answer: asIs(messageAnswer),
      refusals: { 401: `Or the password is wrong: "${MESSAGES.wrongPassword}"`, 409: `You are the last active admin: "${ACCOUNT_MESSAGES.lastAdmin}"` },
      procedure: (c) => c.delete,
    }),
  ],
};

const outboxRows = restRowsOf(createCallerFactory(outboxRouter));

/** The admin's outbox, among the users' sections of the reference. */
export const outboxRest: RestSection = {
  tag: 'Mail',
  rows: [
    outboxRows.row({
      method: 'GET',
      url: '/api/admin/mail/outbox',
      access: 'admin',
      summary: 'The mail outbox, newest first, 20 a page: what waits (pending, sending), what was sent, what failed (with the last error) and what was skipped',
      description: "status: pending (with sending), sent, failed or skipped; none: all. cursor: the previous page's nextCursor.",
      input: outboxListInput,
      answer: asIs(outboxPageAnswer),
      procedure: (c) => c.list,
    }),
  ],
};
