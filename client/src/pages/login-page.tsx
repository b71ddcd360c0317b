import { useState, type FormEvent } from 'react';
import { Link, useLocation, useNavigate } from 'react-router-dom';
import { MESSAGES } from '../../../shared/messages';
import { serverMessage } from '../lib/server-message';
import { homePathOf, setToken } from '../lib/session';
import { trpc } from '../lib/trpc';
import type { LoginNotice } from '../lib/use-current-user';
import { usePageTitle } from '../lib/use-page-title';
import { AuthCard } from '../ui/auth-card';
import { Button } from '../ui/button';
import { EmailField } from '../ui/email-field';
import { FormMessage } from '../ui/form-message';
import { PasswordField } from '../ui/password-input';

export function LoginPage() {
  usePageTitle('Sign In');
  const navigate = useNavigate();
  const notice = (useLocation().state as LoginNotice | null)?.notice;
  const login = trpc.auth.login.useMutation();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    login.mutate(
      { email, password },
      {
        onSuccess: ({ token }) => {
          setToken(token);
          navigate(homePathOf(token), { replace: true });
        },
      },
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
      {notice && !login.error && !login.isSuccess && <FormMessage tone="info">{notice}</FormMessage>}
      <form className="form" onSubmit={onSubmit}>
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
        {login.error && <FormMessage tone="error">{serverMessage(login.error, MESSAGES.loginFailed)}</FormMessage>}
      </form>
    </AuthCard>
  );
}
