// Every user-visible text that the server sends and the client also shows or falls back to.
// Spec §8 is the source of these words; change them there first.

/** "45 seconds", "1 minute", "15 minutes": a wait, rounded up to what a person would read. */
export function waitText(seconds: number): string {
  if (seconds < 60) {
    const s = Math.max(1, Math.ceil(seconds));
    return `${s} second${s === 1 ? '' : 's'}`;
  }
  const minutes = Math.ceil(seconds / 60);
  return `${minutes} minute${minutes === 1 ? '' : 's'}`;
}

/** A wait that may last hours: "23 hours", or as waitText below two hours ("95 minutes"). */
export function longWaitText(seconds: number): string {
  if (seconds < 2 * 3600) return waitText(seconds);
  return `${Math.ceil(seconds / 3600)} hours`;
}

export const MESSAGES = {
  somethingWentWrong: 'Something went wrong',
  loginFailed: 'Login failed',
  invalidCredentials: 'Invalid email or password',
  tooManyAttempts: (minutes: number) =>
    `Too many failed sign-in attempts. Please wait ${minutes} minute${minutes === 1 ? '' : 's'} before trying again, or reset your password.`,
  /** A per-address limit (CONTRACT §3): what was refused, and how long until it may be tried again. */
  tooManyFromAddress: (what: string, retryAfterSeconds: number) => `Too many ${what} from your network. Please try again in ${waitText(retryAfterSeconds)}.`,
  signedOut: 'Signed out',
  // Two-factor sign-in (CONTRACT §3).
  twoFactorOff: 'Two-factor sign-in turned off',
  twoFactorCleared: 'Two-factor sign-in cleared. The member was signed out everywhere.',
  twoFactorAlreadyOn: 'Two-factor sign-in is already on',
  twoFactorNotOn: 'Two-factor sign-in is not on',
  twoFactorNotOnForUser: 'This user does not have two-factor sign-in on',
  twoFactorNotSetUp: 'Start the setup first: there is no new secret waiting for its first code',
  /** Two-factor asks for a proven mailbox (issue 33): else someone who signed up with another's address could lock its owner out. */
  twoFactorNeedsVerifiedEmail:
    'Verify your email address before you turn on two-factor sign-in: use the link we mailed you, or ask for a new one under "Email address" on your account page.',
  twoFactorOwnClear: 'Your own two-factor sign-in is turned off with your password and a code, not cleared',
  setupCodeInvalid: 'Invalid code. Enter the 6-digit code your authenticator app shows for this site.',
  twoFactorCodeInvalid: 'Invalid code. Enter the current 6-digit code from your authenticator app, or an unused recovery code.',
  /** Past TWO_FACTOR_FAILURES_PER_DAY (CONTRACT §3): app codes wait, recovery codes do not. */
  twoFactorCodesLocked: (retryAfterSeconds: number) =>
    `Too many wrong codes for this account. Use one of your recovery codes, or try a code from your app again in ${longWaitText(retryAfterSeconds)}.`,
  wrongPasswordOrCode: 'Wrong password or code',
  wrongPassword: 'Wrong password',
  signInExpired: 'This sign-in has expired. Please enter your email and password again.',
  signedOutEverywhere: 'Signed out everywhere',
  emailInUse: 'An account with that email already exists',
  resetLinkSent: 'If an account with that email exists, a password reset link has been sent.',
  resetSuccessful: 'Password reset successful',
  resetSuccessfulClient: 'Password reset successful! Redirecting to login...',
  resetFailed: 'Failed to reset password',
  resetTokenInvalid: 'This password reset link is invalid or has expired. Please request a new one.',
  passwordsDoNotMatch: 'Passwords do not match',
  notSignedIn: 'Please sign in to continue',
  sessionExpired: 'Your session has expired. Please sign in again.',
  accountSuspended: 'This account is suspended',
  adminOnly: 'Administrator access is required',
  internalError: 'Internal Server Error',
  notFound: 'Not Found',
  /** A scan, listing or upload with no base path given or saved (spec §5). */
  noBasePath: 'Please set a base path first',
  noFilesToUpload: 'No files to upload.',
  noFilesSelected: 'No files selected',
} as const;
