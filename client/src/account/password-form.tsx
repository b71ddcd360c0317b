// The password form of the Account page: current, new and confirm, each with its show/hide toggle.
// Changing it ends every other session; the answer's token replaces this one's, stored before
// anything else asks the server, so this browser stays signed in.
import { useState, type FormEvent } from 'react';
import { MESSAGES } from '@shared/messages';
import { setToken } from '../lib/session';
import { trpc } from '../lib/trpc';
import { Button } from '../ui/button';
import { Form } from '../ui/form';
import { NewPasswordField, PasswordField } from '../ui/password-input';
import { ServerError } from '../ui/server-error';
import { StatusMessage } from '../ui/status-message';

export function PasswordForm() {
  const change = trpc.account.changePassword.useMutation({ onSuccess: ({ token }) => setToken(token) });
  const [current, setCurrent] = useState('');
  const [next, setNext] = useState('');
  const [confirm, setConfirm] = useState('');
  const [mismatch, setMismatch] = useState(false);

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (next !== confirm) {
      setMismatch(true);
      change.reset();
      return;
    }
    setMismatch(false);
    change.mutate(
      { currentPassword: current, newPassword: next },
      {
        onSuccess: () => {
          setCurrent('');
          setNext('');
          setConfirm('');
        },
      },
    );
  }

  return (
    <Form compact onSubmit={onSubmit} aria-label="Change your password">
      <PasswordField
        label="Current password"
        name="current-password"
        autoComplete="current-password"
        required
        value={current}
        onChange={(e) => setCurrent(e.target.value)}
      />
      <NewPasswordField label="New password" name="new-password" value={next} onChange={setNext} />
      <NewPasswordField label="Confirm new password" name="confirm-new-password" value={confirm} onChange={setConfirm} showRule={false} />
      <div className="actions">
        <Button type="submit" variant="primary" className="button--small" busy={change.isPending}>
          Change password
        </Button>
      </div>
      {mismatch && <StatusMessage tone="error">{MESSAGES.passwordsDoNotMatch}</StatusMessage>}
      {change.isSuccess && <StatusMessage tone="success">Password changed. You stay signed in here; every other device is signed out.</StatusMessage>}
      <ServerError error={change.error} />
    </Form>
  );
}
