// The pages the account's mailed links open (CONTRACT §5): /verify-email/{token} and
// /confirm-email/{token}. Each makes its one call as it opens and says plainly what happened, a
// link that expired or was used included. They need no session (the link proves the mailbox),
// so they sit outside the members' guard, lazy, in the members' chunk (pages/member-pages.ts), under
// the members' providers. They draw their own panel rather than the sign-in pages' AuthCard:
// importing that visitor module from the lazy chunk made Rolldown split React out of the visitor
// entry (rolldown#9963, decision 023).
import { useEffect, useRef } from 'react';
import { Link, useParams } from 'react-router-dom';
import { MESSAGES } from '@shared/messages';
import { clearToken } from '../lib/session';
import { trpc } from '../lib/trpc';
import { usePageTitle } from '../lib/use-page-title';
import { Panel } from '../ui/panel';
import './link-pages.css';
import { ServerError } from '../ui/server-error';
import { StatusMessage } from '../ui/status-message';

/** What the page needs of its mutation: both links' procedures take `{token}` and answer `{message}`. */
interface LinkCall {
  mutate(input: { token: string }, options: { onSuccess: () => void }): void;
  isPending: boolean;
  isSuccess: boolean;
  error: unknown;
  data: { message: string } | undefined;
}

interface LinkPageProps {
  title: string;
  request: LinkCall;
  /** What to say under a success, and whether this browser's session ended with it. */
  after: string;
  endsSession: boolean;
}

function LinkPage({ title, request, after, endsSession }: LinkPageProps) {
  usePageTitle(title);
  const { token = '' } = useParams();
  const sent = useRef(false);
  const { mutate } = request;

  useEffect(() => {
    // Once: a link is single use, and a second call would say it was used.
    if (sent.current) return;
    sent.current = true;
    mutate(
      { token },
      {
        onSuccess: () => {
          if (endsSession) clearToken();
        },
      },
    );
  }, [token, mutate, endsSession]);

  return (
    <Panel className="link-page">
      <h1 className="link-page__title">{title}</h1>
      {request.isPending && (
        <p className="muted" role="status">
          Checking your link…
        </p>
      )}
      {request.isSuccess && (
        <>
          <StatusMessage tone="success">{request.data?.message ?? ''}</StatusMessage>
          <p>{after}</p>
        </>
      )}
      <ServerError error={request.error} fallback={MESSAGES.somethingWentWrong} />
      <p className="link-page__next">{endsSession && request.isSuccess ? <Link to="/login">Sign in</Link> : <Link to="/account">Go to your account</Link>}</p>
    </Panel>
  );
}

export function VerifyEmailPage() {
  const request = trpc.account.verifyEmail.useMutation();
  return <LinkPage title="Verify your email address" request={request} after="Thank you: your address is confirmed as yours." endsSession={false} />;
}

export function ConfirmEmailPage() {
  const request = trpc.account.confirmEmailChange.useMutation();
  return (
    <LinkPage
      title="Confirm your new email address"
      request={request}
      after="For your safety every session has ended: sign in again with your new address."
      endsSession
    />
  );
}
