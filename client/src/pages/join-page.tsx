import { useState, type FormEvent } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { setToken } from '../lib/session';
import { useCall, visitorClient } from '../lib/visitor-client';
import { usePageTitle } from '../lib/use-page-title';
import { AuthCard } from '../ui/auth-card';
import { Button } from '../ui/button';
import { EmailField } from '../ui/email-field';
import { Field } from '../ui/field';
import { NewPasswordField } from '../ui/password-input';
import { Form } from '../ui/form';
import { Fieldset } from '../ui/fieldset';
import { ServerError } from '../ui/server-error';
import './join-page.css';

export function JoinPage() {
  usePageTitle('Create Your Account');
  const navigate = useNavigate();
  const register = useCall(visitorClient.auth.register.mutate);
  const [name, setName] = useState('');
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    // Only these three go to the server; the card fields below are never read.
    register.mutate(
      { name, email, password },
      {
        onSuccess: ({ token }) => {
          setToken(token);
          navigate('/', { replace: true });
        },
      },
    );
  }

  return (
    <AuthCard
      title="Create Your Account"
      intro="Join free as an Explorer. You can step onto the Architect path whenever you are ready."
      footer={
        <p>
          Already a member? <Link to="/login">Sign in to your account</Link>
        </p>
      }
    >
      <Form onSubmit={onSubmit}>
        <Field label="Name" name="name" autoComplete="name" required value={name} onChange={(e) => setName(e.target.value)} />
        <EmailField value={email} onChange={setEmail} />
        <NewPasswordField label="Password" name="password" value={password} onChange={setPassword} />

        <Fieldset legend="Payment details (optional)" note="Nothing is charged today. Card details stay in this browser: they are not sent or stored.">
          {/* Uncontrolled and unnamed on purpose: nothing here is ever part of a request. */}
          <Field label="Card number" autoComplete="cc-number" inputMode="numeric" placeholder="1234 5678 9012 3456" />
          <div className="field-row">
            <Field label="Expiry (MM / YY)" autoComplete="cc-exp" inputMode="numeric" placeholder="MM / YY" />
            <Field label="CVC" autoComplete="cc-csc" inputMode="numeric" placeholder="123" />
          </div>
        </Fieldset>

        <p className="form__terms muted small">
          By creating an account you agree to our <Link to="/terms">Terms of Service</Link>.
        </p>

        <Button type="submit" variant="primary" className="button--block" busy={register.isPending}>
          Create Account
        </Button>
        <ServerError error={register.error} />
      </Form>
    </AuthCard>
  );
}
