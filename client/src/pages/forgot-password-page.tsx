import { useState, type FormEvent } from 'react';
import { Link } from 'react-router-dom';
import { MESSAGES } from '@shared/messages';
import { useCall, visitorClient } from '../lib/visitor-client';
import { usePageTitle } from '../lib/use-page-title';
import { AuthCard } from '../ui/auth-card';
import { Button } from '../ui/button';
import { EmailField } from '../ui/email-field';
import { StatusMessage } from '../ui/status-message';
import { Form } from '../ui/form';
import { ServerError } from '../ui/server-error';

export function ForgotPasswordPage() {
  usePageTitle('Reset Password');
  const forgot = useCall(visitorClient.auth.forgotPassword.mutate);
  const [email, setEmail] = useState('');

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    forgot.mutate({ email });
  }

  return (
    <AuthCard
      title="Reset Password"
      intro="Enter the email address of your account and we will send you a link to choose a new password."
      footer={
        <p>
          <Link to="/login">Back to Sign In</Link>
        </p>
      }
    >
      <Form onSubmit={onSubmit}>
        <EmailField value={email} onChange={setEmail} />
        <Button type="submit" variant="primary" className="button--block" busy={forgot.isPending}>
          Send Reset Link
        </Button>
        {/* The same words whether or not the account exists (spec §8). */}
        {forgot.isSuccess && <StatusMessage tone="success">{MESSAGES.resetLinkSent}</StatusMessage>}
        <ServerError error={forgot.error} />
      </Form>
    </AuthCard>
  );
}
