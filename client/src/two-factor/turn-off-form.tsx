import { useState, type FormEvent } from 'react';
import { trpc } from '../lib/trpc';
import { CodeField } from '../ui/code-field';
import { PasswordField } from '../ui/password-input';
import { Form } from '../ui/form';
import { ServerError } from '../ui/server-error';
import { SubmitOrCancel } from '../ui/submit-or-cancel';

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
        <SubmitOrCancel label="Turn off" variant="danger" busy={disable.isPending} onCancel={onCancel} />
      </div>
      <ServerError error={disable.error} />
    </Form>
  );
}
