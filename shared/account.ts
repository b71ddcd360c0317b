// A member's own account (CONTRACT §5): its words and figures, shared by the server and the Account page.

/** What a mailed link of the account is for: one live link per member and purpose. */
export const ACCOUNT_TOKEN_PURPOSES = ['verify-email', 'change-email'] as const;
export type AccountTokenPurpose = (typeof ACCOUNT_TOKEN_PURPOSES)[number];

const MINUTE = 60_000;
export const ACCOUNT_LINK_TTL_MS: Record<AccountTokenPurpose, number> = {
  'verify-email': 7 * 24 * 60 * MINUTE,
  'change-email': 60 * MINUTE,
};

/** What the confirmation of deleting an account must be typed as. */
export const DELETE_CONFIRMATION = 'DELETE';

export const ACCOUNT_PATHS = {
  page: '/account',
  verifyEmail: '/verify-email',
  confirmEmail: '/confirm-email',
  exportFile: '/api/account/export',
} as const;

export const ACCOUNT_MESSAGES = {
  checkNewAddress: 'Check your new address for a confirmation link',
  emailChanged: 'Your email address is changed',
  passwordChanged: 'Password changed',
  verificationSent: 'Verification mail sent',
  emailVerified: 'Email verified',
  accountDeleted: 'Your account is deleted',
  alreadyVerified: 'Your email address is already verified',
  sameEmail: 'That is already your email address',
  samePassword: 'The new password must differ from the current one',
  wrongCurrentPassword: 'Wrong current password',
  lastAdmin: 'You are the last active admin: make another member an admin before deleting your account',
  confirmDelete: `Type ${DELETE_CONFIRMATION} to confirm`,
  linkExpired: 'This link has expired. Ask for a new one from your account page.',
  linkUsed: 'This link has already been used, or a newer one replaced it. Use the latest link we mailed you, or ask for a new one from your account page.',
  linkOutdated: 'This link was for an address that is no longer on the account. Ask for a new one from your account page.',
  /** Per member and per address (CONTRACT §5): what was refused, and how long until it may be asked again. */
  tooManyMails: (what: string, wait: string) => `Too many ${what}. Please try again in ${wait}.`,
} as const;

/** "n…@example.com": enough for the owner of the old address to recognise the new one, not enough to read it. */
export function maskEmail(email: string): string {
  const at = email.lastIndexOf('@');
  return `${email.slice(0, 1)}…${email.slice(at)}`;
}

/** What deleting an account removes, as the dialog says it and the server does it. */
export const WHAT_DELETION_REMOVES = [
  'your profile: name, email address and password',
  'your course progress and certificate',
  'your two-factor sign-in and recovery codes',
  'your pending email, verification and password reset links',
  'every session: you are signed out on every device',
] as const;
