import { useState, type FormEvent } from 'react';
import { setToken } from '../lib/session';
import { trpc } from '../lib/trpc';
import { CodeField } from '../ui/code-field';
import { PasswordField } from '../ui/password-input';
import { QrCode } from './qr-code';
import { Form } from '../ui/form';
import { ServerError } from '../ui/server-error';
import { SubmitOrCancel } from '../ui/submit-or-cancel';

interface SetupStepProps {
  setup: { secret: string; otpauthUrl: string };
  onEnabled: (recoveryCodes: string[]) => void;
  onCancel: () => void;
}

/** The base32 key in groups of four, as apps ask for it to be typed. */
const grouped = (secret: string) => secret.match(/.{1,4}/g)?.join(' ') ?? secret;

/**
 * Scan (or type) the new secret into an app, then confirm it with the app's first code and the
 * password. Turning it on ends every session of the member but this one, whose token the answer
 * replaces: stored before anything else asks the server, so that nothing asks with the old one.
 */
export function SetupStep({ setup, onEnabled, onCancel }: SetupStepProps) {
  const utils = trpc.useUtils();
  const enable = trpc.auth.twoFactor.enable.useMutation({
    onSuccess: ({ token }) => {
      setToken(token);
      return utils.auth.twoFactor.status.invalidate();
    },
  });
  const [code, setCode] = useState('');
  const [password, setPassword] = useState('');

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    enable.mutate({ code, password }, { onSuccess: ({ recoveryCodes }) => onEnabled(recoveryCodes) });
  }

  return (
    <div className="two-factor-setup">
      <div className="two-factor-setup__scan">
        <QrCode text={setup.otpauthUrl} alt="QR code of your new two-factor key, for your authenticator app" />
        <div>
          <p>Scan this QR code with an authenticator app on your phone (Google Authenticator, Microsoft Authenticator, 1Password, Aegis or any other).</p>
          <p className="muted small">Cannot scan it? Add an account by hand with this key:</p>
          <p>
            <code className="two-factor-setup__key">{grouped(setup.secret)}</code>
          </p>
        </div>
      </div>
      <Form compact className="two-factor-setup__confirm" onSubmit={onSubmit}>
        <CodeField
          label="Code from the app"
          hint="The 6-digit code the app now shows for this site."
          value={code}
          onChange={setCode}
          acceptsRecoveryCode={false}
        />
        <PasswordField
          label="Password"
          name="password"
          autoComplete="current-password"
          hint="Your sign-in password. Turning two-factor on signs you out everywhere else."
          required
          value={password}
          onChange={(e) => setPassword(e.target.value)}
        />
        <div className="actions">
          <SubmitOrCancel label="Turn on" busy={enable.isPending} onCancel={onCancel} />
        </div>
        <ServerError error={enable.error} />
      </Form>
    </div>
  );
}
