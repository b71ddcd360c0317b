// The mails of a member's own account (CONTRACT §5) besides verification (server/users/verification.ts):
// the confirmation link to a new address, the notice to the old one, and the notice of a new password.
import { ACCOUNT_PATHS, maskEmail } from '../../shared/account';
import { SITE_NAME } from '../../shared/constants';
import { siteMail } from '../lib/site-mail';

export const confirmEmailMail = (to: string, appUrl: string, token: string) =>
  siteMail({
    to,
    subject: 'Confirm your new email address',
    paragraphs: [
      `Someone (hopefully you) asked to move a ${SITE_NAME} account to this address. Confirm it to make the change.`,
      'The link works once and expires in 60 minutes. Once you confirm, you will be signed out everywhere and sign in with this address. If you did not ask for it, ignore this mail: nothing changes.',
    ],
    link: { label: 'Confirm my new email address', url: `${appUrl}${ACCOUNT_PATHS.confirmEmail}/${token}` },
  });

/** To the old address: no link (the change is confirmed from the new mailbox), and the new address masked. */
export const emailChangeNoticeMail = (to: string, newEmail: string) =>
  siteMail({
    to,
    subject: 'Your email address is being changed',
    paragraphs: [
      `Your ${SITE_NAME} account's address is being changed to ${maskEmail(newEmail)}. The change happens once it is confirmed from that mailbox.`,
      'If this was not you, reset your password now from the sign-in page: that cancels the change.',
    ],
  });

export const passwordChangedMail = (to: string) =>
  siteMail({
    to,
    subject: 'Your password was changed',
    paragraphs: [
      `The password of your ${SITE_NAME} account was just changed, and every other session was signed out.`,
      'If this was not you, reset your password now from the sign-in page.',
    ],
  });
