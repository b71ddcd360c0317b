import { useState, type FormEvent } from 'react';
import { Link, useLocation, useNavigate } from 'react-router-dom';
import { MESSAGES } from '@shared/messages';
import { homePathOf, setToken } from '../lib/session';
import { useCall, visitorClient } from '../lib/visitor-client';
import type { LoginNotice } from '../lib/use-current-user';
import { usePageTitle } from '../lib/use-page-title';
import { AuthCard } from '../ui/auth-card';
import { Button } from '../ui/button';
import { EmailField } from '../ui/email-field';
import { StatusMessage } from '../ui/status-message';
import { PasswordField } from '../ui/password-input';
import { LoginCodeStep } from './login-code-step';
import { Form } from '../ui/form';
import { ServerError } from '../ui/server-error';
import './login-page.css';

export function LoginPage() {
  usePageTitle('Sign In');
  const navigate = useNavigate();
  const routeNotice = (useLocation().state as LoginNotice | null)?.notice;
  const login = useCall(visitorClient.auth.login.mutate);
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  // Set while the password was right and the account asks for its second factor (CONTRACT §3).
  const [challenge, setChallenge] = useState<string | null>(null);
  // Why the code step sent the person back here (the sign-in expired), shown like the route's notice.
  const [restartNotice, setRestartNotice] = useState<string | null>(null);
  const notice = restartNotice ?? routeNotice;

  function signedIn(token: string) {
    setToken(token);
    navigate(homePathOf(token), { replace: true });
  }

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setRestartNotice(null);
    login.mutate(
      { email, password },
      {
        onSuccess: (answer) => {
          if ('token' in answer) signedIn(answer.token);
          else setChallenge(answer.challenge);
        },
      },
    );
  }

  if (challenge) {
    return (
      <LoginCodeStep
        challenge={challenge}
        onSignedIn={signedIn}
        onRestart={(reason) => {
          login.reset();
          setChallenge(null);
          setRestartNotice(reason ?? null);
        }}
      />
    );
  }

  return (
    <AuthCard
      title="Sign In"
      intro="Welcome back. Continue where you left off."
      footer={
        <p>
          New here? <Link to="/join">Create an account</Link>
        </p>
      }
    >
      {notice && !login.error && !login.isSuccess && <StatusMessage tone="info">{notice}</StatusMessage>}
      <Form onSubmit={onSubmit}>
        <EmailField value={email} onChange={setEmail} />
        <PasswordField
          label="Password"
          name="password"
          autoComplete="current-password"
          required
          value={password}
          onChange={(e) => setPassword(e.target.value)}
        />
        <p className="form__aside">
          <Link to="/forgot-password">Forgot Password?</Link>
        </p>
        <Button type="submit" variant="primary" className="button--block" busy={login.isPending}>
          Sign In
        </Button>
        <ServerError error={login.error} fallback={MESSAGES.loginFailed} />
      </Form>
    </AuthCard>
  );
}
