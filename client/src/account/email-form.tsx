// The email form of the Account page: the new address and the password. The change waits for the
// link mailed to the new address; until then the page shows which address is waiting.
import { useState, type FormEvent } from 'react';
import { trpc } from '../lib/trpc';
import { Button } from '../ui/button';
import { Field } from '../ui/field';
import { Form } from '../ui/form';
import { PasswordField } from '../ui/password-input';
import { ServerError } from '../ui/server-error';
import { StatusMessage } from '../ui/status-message';

export function EmailForm({ email, pendingEmail }: { email: string; pendingEmail: string | null }) {
  const utils = trpc.useUtils();
  const change = trpc.account.requestEmailChange.useMutation({ onSuccess: () => utils.account.get.invalidate() });
  const [newEmail, setNewEmail] = useState('');
  const [password, setPassword] = useState('');

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    change.mutate({ newEmail, password }, { onSuccess: () => setPassword('') });
  }

  return (
    <>
      {pendingEmail && (
        <StatusMessage tone="info">
          {`Waiting for confirmation: open the link we mailed to ${pendingEmail} within 60 minutes. Until then your address stays ${email}.`}
        </StatusMessage>
      )}
      <Form compact onSubmit={onSubmit} aria-label="Change your email address">
        <Field
          label="New email address"
          name="new-email"
          type="email"
          autoComplete="email"
          required
          value={newEmail}
          onChange={(e) => setNewEmail(e.target.value)}
        />
        <PasswordField
          label="Password"
          name="email-password"
          autoComplete="current-password"
          hint="Your current password, to confirm it is you."
          required
          value={password}
          onChange={(e) => setPassword(e.target.value)}
        />
        <div className="actions">
          <Button type="submit" variant="primary" className="button--small" busy={change.isPending}>
            Change email
          </Button>
        </div>
        {change.data && <StatusMessage tone="success">{change.data.message}</StatusMessage>}
        <ServerError error={change.error} />
      </Form>
    </>
  );
}
