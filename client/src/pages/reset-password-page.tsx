import { useEffect, useState, type FormEvent } from 'react';
import { Link, useNavigate, useParams } from 'react-router-dom';
import { RESET_REDIRECT_MS } from '@shared/constants';
import { MESSAGES } from '@shared/messages';
import { useCall, visitorClient } from '../lib/visitor-client';
import { usePageTitle } from '../lib/use-page-title';
import { AuthCard } from '../ui/auth-card';
import { Button } from '../ui/button';
import { StatusMessage } from '../ui/status-message';
import { NewPasswordField } from '../ui/password-input';
import { Form } from '../ui/form';
import { ServerError } from '../ui/server-error';

export function ResetPasswordPage() {
  usePageTitle('Enter New Password');
  const { token = '' } = useParams();
  const navigate = useNavigate();
  const reset = useCall(visitorClient.auth.resetPassword.mutate);
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const [mismatch, setMismatch] = useState(false);

  const succeeded = reset.isSuccess;
  useEffect(() => {
    if (!succeeded) return;
    const timer = setTimeout(() => navigate('/login'), RESET_REDIRECT_MS);
    return () => clearTimeout(timer);
  }, [succeeded, navigate]);

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (password !== confirm) {
      // Spec §5: say so and send nothing.
      setMismatch(true);
      reset.reset();
      return;
    }
    setMismatch(false);
    reset.mutate({ token, password });
  }

  return (
    <AuthCard
      title="Enter New Password"
      intro="Choose a new password for your account. You will use it the next time you sign in."
      footer={
        <p>
          Link expired? <Link to="/forgot-password">Request a new reset link</Link>
        </p>
      }
    >
      <Form onSubmit={onSubmit}>
        <NewPasswordField label="New Password" name="password" value={password} onChange={setPassword} />
        <NewPasswordField label="Confirm Password" name="confirm-password" value={confirm} onChange={setConfirm} showRule={false} />
        <Button type="submit" variant="primary" className="button--block" busy={reset.isPending} disabled={succeeded}>
          Reset Password
        </Button>
        {mismatch && <StatusMessage tone="error">{MESSAGES.passwordsDoNotMatch}</StatusMessage>}
        {succeeded && <StatusMessage tone="success">{MESSAGES.resetSuccessfulClient}</StatusMessage>}
        <ServerError error={reset.error} fallback={MESSAGES.resetFailed} />
      </Form>
    </AuthCard>
  );
}
