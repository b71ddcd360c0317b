// The pages the account's mailed links open (CONTRACT §5): /verify-email/{token} and
// /confirm-email/{token}. Each makes its one call as it opens and says plainly what happened, a
// link that expired or was used included. They need no session (the link proves the mailbox),
// so they sit outside the members' guard, in a lazy chunk of their own.
import { useEffect, useRef, useState } from 'react';
import { Link, useParams } from 'react-router-dom';
import { MESSAGES } from '@shared/messages';
import { clearToken } from '../lib/session';
import { usePageTitle } from '../lib/use-page-title';
import { useCall, visitorClient } from '../lib/visitor-client';
import { AuthCard } from '../ui/auth-card';
import { ServerError } from '../ui/server-error';
import { StatusMessage } from '../ui/status-message';

interface LinkPageProps {
  title: string;
  call: (input: { token: string }) => Promise<{ message: string }>;
  /** What to say under a success, and whether this browser's session ended with it. */
  after: string;
  endsSession: boolean;
}

function LinkPage({ title, call, after, endsSession }: LinkPageProps) {
  usePageTitle(title);
  const { token = '' } = useParams();
  const request = useCall(call);
  const sent = useRef(false);
  const [answer, setAnswer] = useState('');

  useEffect(() => {
    // Once: a link is single use, and a second call would say it was used.
    if (sent.current) return;
    sent.current = true;
    request.mutate(
      { token },
      {
        onSuccess: ({ message }) => {
          setAnswer(message);
          if (endsSession) clearToken();
        },
      },
    );
  }, [token, request, endsSession]);

  return (
    <AuthCard title={title} footer={<p>{endsSession && request.isSuccess ? <Link to="/login">Sign in</Link> : <Link to="/account">Go to your account</Link>}</p>}>
      {request.isPending && (
        <p className="muted" role="status">
          Checking your link…
        </p>
      )}
      {request.isSuccess && (
        <>
          <StatusMessage tone="success">{answer}</StatusMessage>
          <p>{after}</p>
        </>
      )}
      <ServerError error={request.error} fallback={MESSAGES.somethingWentWrong} />
    </AuthCard>
  );
}

export function VerifyEmailPage() {
  return <LinkPage title="Verify your email address" call={visitorClient.account.verifyEmail.mutate} after="Thank you: your address is confirmed as yours." endsSession={false} />;
}

export function ConfirmEmailPage() {
  return (
    <LinkPage
      title="Confirm your new email address"
      call={visitorClient.account.confirmEmailChange.mutate}
      after="For your safety every session has ended: sign in again with your new address."
      endsSession
    />
  );
}
