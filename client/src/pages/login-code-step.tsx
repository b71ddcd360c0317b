// Sign-in's second step (CONTRACT §3 "Two-factor sign-in"): the password was right and the account
// has two-factor on, so the app's code (or a recovery code) finishes the sign-in.
import { useState, type FormEvent } from 'react';
import { MESSAGES } from '@shared/messages';
import { useCall, visitorClient } from '../lib/visitor-client';
import { AuthCard } from '../ui/auth-card';
import { Button } from '../ui/button';
import { CodeField } from '../ui/code-field';
import { Form } from '../ui/form';
import { ServerError } from '../ui/server-error';

interface LoginCodeStepProps {
  challenge: string;
  onSignedIn: (token: string) => void;
  /** Back to the password, with the reason when the server ended the sign-in. */
  onRestart: (reason?: string) => void;
}

export function LoginCodeStep({ challenge, onSignedIn, onRestart }: LoginCodeStepProps) {
  const verify = useCall(visitorClient.auth.loginTwoFactor.mutate);
  const [code, setCode] = useState('');

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    verify.mutate(
      { challenge, code },
      {
        onSuccess: ({ token }) => onSignedIn(token),
        onError: (error) => {
          // Expired or ended: no code can finish this sign-in any more, only the password again.
          if (error.message === MESSAGES.signInExpired) onRestart(error.message);
        },
      },
    );
  }

  return (
    <AuthCard
      title="Two-factor sign-in"
      intro="Enter the 6-digit code your authenticator app shows for this site, or one of your recovery codes."
      footer={
        <p>
          <Button variant="quiet" className="button--small" onClick={() => onRestart()}>
            Back to Sign In
          </Button>
        </p>
      }
    >
      <Form onSubmit={onSubmit}>
        {/* The step replaces the password form: the field takes the focus the Sign In button had. */}
        <CodeField label="Code" value={code} onChange={setCode} acceptsRecoveryCode autoFocus />
        <Button type="submit" variant="primary" className="button--block" busy={verify.isPending}>
          Verify
        </Button>
        <ServerError error={verify.error} fallback={MESSAGES.loginFailed} />
      </Form>
    </AuthCard>
  );
}
