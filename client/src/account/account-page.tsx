// The Account page (/account, CONTRACT §5): a member keeps their name, address and password right,
// proves the address, manages two-factor sign-in (moved here from the dashboard), takes their data
// and can leave. Members only, in the members' chunk.
import { useState } from 'react';
import { MESSAGES } from '@shared/messages';
import { serverMessage } from '../lib/server-message';
import { trpc } from '../lib/trpc';
import { useCurrentUser } from '../lib/use-current-user';
import { usePageTitle } from '../lib/use-page-title';
import { TwoFactorSettings } from '../two-factor/two-factor-settings';
import { Button, ButtonLink } from '../ui/button';
import { Panel } from '../ui/panel';
import { PanelSection } from '../ui/panel-section';
import { StatusMessage } from '../ui/status-message';
import { DataDownload } from './data-download';
import { DeleteAccountDialog } from './delete-account-dialog';
import { EmailForm } from './email-form';
import { MailSettingsForm } from './mail-settings-form';
import { PasswordForm } from './password-form';
import { ProfileForm } from './profile-form';
import { VerificationStatus } from './verification-status';
import '../pages/page-sections.css';
import './account-page.css';

export function AccountPage() {
  usePageTitle('Your account');
  // Sends a member whose session ended back to sign in, as every member page does.
  useCurrentUser();
  const account = trpc.account.get.useQuery();
  const [deleting, setDeleting] = useState(false);
  const data = account.data;

  return (
    <div className="page account-page">
      <Panel className="account-page__head">
        <p className="eyebrow">Your account</p>
        <h1>{data ? data.user.name : 'Your account'}</h1>
        <div className="actions">
          <ButtonLink to="/dashboard" variant="quiet">
            Back to the dashboard
          </ButtonLink>
        </div>
      </Panel>

      {account.error && account.error.data?.httpStatus !== 401 && (
        <StatusMessage tone="error">{serverMessage(account.error, MESSAGES.somethingWentWrong)}</StatusMessage>
      )}
      {!data && !account.error && (
        <p className="muted" role="status">
          Loading your account…
        </p>
      )}

      {data && (
        <div className="account-page__sections">
          <PanelSection title="Name">
            <ProfileForm name={data.user.name} />
          </PanelSection>
          <PanelSection title="Email address">
            <p>
              Your address is <strong className="account-page__address">{data.user.email}</strong>.
            </p>
            <div className="account-page__verification">
              <VerificationStatus email={data.user.email} verified={data.emailVerified} />
            </div>
            <EmailForm email={data.user.email} pendingEmail={data.pendingEmail} />
          </PanelSection>
          <PanelSection title="Password">
            <PasswordForm />
          </PanelSection>
          <PanelSection title="Mail settings">
            <MailSettingsForm />
          </PanelSection>
          <PanelSection title="Two-factor sign-in">
            <TwoFactorSettings />
          </PanelSection>
          <PanelSection title="Your data">
            <DataDownload />
          </PanelSection>
          <PanelSection title="Delete your account" className="account-page__danger">
            <p>Your profile, progress, certificate and sign-in go for good. You can join again later with a new account.</p>
            <div className="actions">
              <Button variant="danger" className="button--small" onClick={() => setDeleting(true)}>
                Delete my account
              </Button>
            </div>
          </PanelSection>
        </div>
      )}
      {deleting && <DeleteAccountDialog onCancel={() => setDeleting(false)} />}
    </div>
  );
}
