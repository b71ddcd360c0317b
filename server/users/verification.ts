// The mail that proves a member's address (CONTRACT §5): sent at sign-up and on the member's
// request, its link `$APP_URL/verify-email/{token}` valid 7 days and replacing any earlier one.
import { ACCOUNT_PATHS } from '../../shared/account';
import { SITE_NAME } from '../../shared/constants';
import type { AppDeps } from '../app-deps';
import { siteMail } from '../lib/site-mail';
import { issueAccountToken } from './account-tokens';

/** Issues a fresh verification link for the member's address and mails it there. */
export async function mailVerificationLink(deps: Pick<AppDeps, 'db' | 'mailer' | 'config'>, user: { id: string; email: string }): Promise<void> {
  const token = await issueAccountToken(deps.db, { userId: user.id, purpose: 'verify-email', email: user.email });
  await deps.mailer.send(
    siteMail({
      to: user.email,
      subject: 'Verify your email address',
      paragraphs: [
        `Please confirm that this address belongs to your ${SITE_NAME} account.`,
        'The link works once and expires in 7 days. If you did not create an account, ignore this mail.',
      ],
      link: { label: 'Verify my email address', url: `${deps.config.appUrl}${ACCOUNT_PATHS.verifyEmail}/${token}` },
    }),
  );
}
