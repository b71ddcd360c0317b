import { useState, type FormEvent } from 'react';
import { MESSAGES } from '@shared/messages';
import { serverMessage } from '../lib/server-message';
import { trpc } from '../lib/trpc';
import { Button } from '../ui/button';
import { CodeField } from '../ui/code-field';
import { StatusMessage } from '../ui/status-message';
import { PasswordField } from '../ui/password-input';
import { Form } from '../ui/form';

interface TurnOffFormProps {
  onTurnedOff: (message: string) => void;
  onCancel: () => void;
}

/** Turning two-factor off asks for both factors: the password and a code. */
export function TurnOffForm({ onTurnedOff, onCancel }: TurnOffFormProps) {
  const utils = trpc.useUtils();
  const disable = trpc.auth.twoFactor.disable.useMutation({ onSuccess: () => utils.auth.twoFactor.status.invalidate() });
  const [password, setPassword] = useState('');
  const [code, setCode] = useState('');

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    disable.mutate({ password, code }, { onSuccess: ({ message }) => onTurnedOff(message) });
  }

  return (
    <Form compact className="two-factor__turn-off" onSubmit={onSubmit}>
      <PasswordField label="Password" name="password" autoComplete="current-password" required value={password} onChange={(e) => setPassword(e.target.value)} />
      <CodeField label="Code" hint="From your authenticator app, or one of your recovery codes." value={code} onChange={setCode} acceptsRecoveryCode />
      <div className="actions">
        <Button type="submit" variant="danger" className="button--small" busy={disable.isPending}>
          Turn off
        </Button>
        <Button variant="quiet" className="button--small" onClick={onCancel}>
          Cancel
        </Button>
      </div>
      {disable.error && <StatusMessage tone="error">{serverMessage(disable.error, MESSAGES.somethingWentWrong)}</StatusMessage>}
    </Form>
  );
}
