// The auth domain's REST rows (CONTRACT §2), each calling its procedure of authRouter: sign-up,
// sign-in, sign-out, password recovery and two-factor sign-in; and the admin's clearing of a
// member's second factor, which the reference shows among the users.
import { loginAnswer, messageAnswer, tokenAnswer, twoFactorEnabledAnswer, twoFactorSetupAnswer } from '../../shared/answer-schemas';
import {
  disableTwoFactorInput,
  enableTwoFactorInput,
  forgotPasswordInput,
  loginInput,
  loginTwoFactorInput,
  registerInput,
  resetPasswordInput,
} from '../../shared/auth-schemas';
import { MESSAGES } from '../../shared/messages';
import { userIdInput } from '../../shared/user-schemas';
import { asIs, besideSuccess } from '../http/answers';
import { restRowsOf, type RestSection } from '../http/rest-rows';
import { createCallerFactory } from '../trpc/init';
import { authRouter } from './router';

const { row, noInputRow } = restRowsOf(createCallerFactory(authRouter));

export const authRest: RestSection = {
  tag: 'Auth',
  rows: [
    row({
      method: 'POST',
      url: '/api/auth/register',
      status: 201,
      errorKey: 'msg',
      access: 'public',
      limited: true,
      summary: 'Create a member account (role user, tier free, active) and sign in',
      input: registerInput,
      answer: asIs(tokenAnswer),
      refusals: { 409: MESSAGES.emailInUse },
      procedure: (c) => c.register,
    }),
    row({
      method: 'POST',
      url: '/api/auth/login',
      errorKey: 'msg',
      access: 'public',
      limited: true,
      summary: 'Sign in',
      description: 'Repeated failures for one account are slowed, then locked for a while (429), without locking out forgot-password.',
      input: loginInput,
      answer: asIs(loginAnswer),
      refusals: { 401: 'Unknown email, wrong password or suspended account: one answer for all three.' },
      procedure: (c) => c.login,
    }),
    row({
      method: 'POST',
      url: '/api/auth/login/2fa',
      errorKey: 'msg',
      access: 'public',
      limited: true,
      summary: 'Finish a sign-in that asked for a second factor',
      description:
        'The code is the 6-digit TOTP of now (±30 s), accepted once, or an unused recovery code. A wrong code counts as a failed sign-in. Past TWO_FACTOR_FAILURES_PER_DAY wrong 6-digit codes for the account in 24 hours (10 unless set), 6-digit codes are refused (429) until the 24 hours have passed, while recovery codes still work, and the member is mailed once.',
      input: loginTwoFactorInput,
      answer: asIs(tokenAnswer),
      refusals: { 401: 'A wrong code, or a challenge that expired or was used.' },
      procedure: (c) => c.loginTwoFactor,
    }),
    row({
      method: 'POST',
      url: '/api/auth/forgot-password',
      access: 'public',
      limited: true,
      summary: 'Mail a password reset link',
      description: 'The answer is the same whether or not an account has that email.',
      input: forgotPasswordInput,
      answer: asIs(messageAnswer),
      procedure: (c) => c.forgotPassword,
    }),
    row({
      method: 'PUT',
      url: '/api/auth/reset-password/:token',
      access: 'public',
      limited: true,
      summary: 'Set a new password with the token of a mailed reset link',
      input: resetPasswordInput,
      answer: asIs(messageAnswer),
      refusals: { 400: `Or the link is invalid, expired or used: "${MESSAGES.resetTokenInvalid}"` },
      procedure: (c) => c.resetPassword,
    }),
    noInputRow({
      method: 'POST',
      url: '/api/auth/logout',
      access: 'session',
      summary: 'Sign out: this token is refused from now on',
      answer: asIs(messageAnswer),
      procedure: (c) => c.logout,
    }),
    noInputRow({
      method: 'POST',
      url: '/api/auth/logout-all',
      access: 'session',
      summary: 'Sign out everywhere: every token of the user issued so far is refused',
      answer: asIs(messageAnswer),
      procedure: (c) => c.logoutAll,
    }),
    noInputRow({
      method: 'POST',
      url: '/api/auth/2fa/setup',
      access: 'member',
      summary: 'Start turning on two-factor sign-in: a new pending secret',
      answer: asIs(twoFactorSetupAnswer),
      refusals: { 400: 'Two-factor sign-in is already on.', 403: `The address is not verified: "${MESSAGES.twoFactorNeedsVerifiedEmail}"` },
      procedure: (c) => c.twoFactor.setup,
    }),
    row({
      method: 'POST',
      url: '/api/auth/2fa/enable',
      access: 'member',
      limited: true,
      summary: "Turn two-factor sign-in on with the pending secret's current code and the password",
      description:
        "The password is checked like a sign-in's, under the same limits. Every other session of the member ends: the answer's token replaces the caller's, which ends too.",
      input: enableTwoFactorInput,
      answer: asIs(twoFactorEnabledAnswer),
      refusals: {
        400: 'No pending secret, already on, or a wrong code.',
        401: `Or the password is wrong: "${MESSAGES.wrongPassword}"`,
        403: `The address is not verified: "${MESSAGES.twoFactorNeedsVerifiedEmail}"`,
      },
      procedure: (c) => c.twoFactor.enable,
    }),
    row({
      method: 'POST',
      url: '/api/auth/2fa/disable',
      access: 'member',
      limited: true,
      summary: 'Turn two-factor sign-in off with the password and a code',
      description: 'The password and the code count toward the sign-in limits, and a wrong 6-digit code toward the daily limit of POST /api/auth/login/2fa.',
      input: disableTwoFactorInput,
      answer: asIs(messageAnswer),
      refusals: { 400: 'It is not on, or the password or code is wrong.' },
      procedure: (c) => c.twoFactor.disable,
    }),
  ],
};

export const twoFactorAdminRest: RestSection = {
  tag: 'Users',
  rows: [
    row({
      method: 'DELETE',
      url: '/api/admin/users/:id/2fa',
      access: 'admin',
      summary: "Clear a user's two-factor sign-in; it ends the user's sessions",
      input: userIdInput,
      answer: besideSuccess(messageAnswer),
      refusals: { 400: 'It is not on, or it is your own.', 404: 'No user with that id.' },
      procedure: (c) => c.twoFactorAdmin.clear,
    }),
  ],
};
