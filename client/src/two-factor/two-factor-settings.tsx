// A member's own two-factor sign-in (CONTRACT §3): the member dashboard and the admin panel's
// Account Security section both show it. Off: set it up (a QR code and the key, confirmed by the
// app's first code), then the recovery codes once. On: turn it off with the password and a code.
import { useEffect, useId, useRef, useState, type ReactNode } from 'react';
import { trpc } from '../lib/trpc';
import { Button } from '../ui/button';
import { StatusMessage } from '../ui/status-message';
import { RecoveryCodes } from './recovery-codes';
import { SetupStep } from './setup-step';
import { TurnOffForm } from './turn-off-form';
import { ServerError } from '../ui/server-error';
import './two-factor.css';

type Stage =
  { name: 'status' } | { name: 'setup'; setup: { secret: string; otpauthUrl: string } } | { name: 'codes'; recoveryCodes: string[] } | { name: 'turn-off' };

const INITIAL_STAGE: Stage = { name: 'status' };

export function TwoFactorSettings() {
  const status = trpc.auth.twoFactor.status.useQuery();
  const setup = trpc.auth.twoFactor.setup.useMutation();
  const [stage, setStage] = useState<Stage>(INITIAL_STAGE);
  const [notice, setNotice] = useState<string | null>(null);

  const to = (next: Stage, message: string | null = null) => {
    setNotice(message);
    setStage(next);
  };

  switch (stage.name) {
    case 'setup':
      return (
        <Stage title="Set up two-factor sign-in">
          <SetupStep setup={stage.setup} onEnabled={(recoveryCodes) => to({ name: 'codes', recoveryCodes })} onCancel={() => to({ name: 'status' })} />
        </Stage>
      );
    case 'codes':
      return (
        <Stage title="Two-factor sign-in is on: your recovery codes">
          <RecoveryCodes codes={stage.recoveryCodes} onDone={() => to({ name: 'status' })} />
        </Stage>
      );
    case 'turn-off':
      return (
        <Stage title="Turn off two-factor sign-in">
          <TurnOffForm onTurnedOff={(message) => to({ name: 'status' }, message)} onCancel={() => to({ name: 'status' })} />
        </Stage>
      );
  }

  if (status.error) return <ServerError error={status.error} />;
  if (!status.data) {
    return (
      <p className="muted" role="status">
        Loading…
      </p>
    );
  }
  const { enabled, recoveryCodesLeft } = status.data;
  return (
    <Stage title={enabled ? 'Two-factor sign-in is on' : 'Two-factor sign-in is off'} focus={stage !== INITIAL_STAGE}>
      {notice && <StatusMessage tone="success">{notice}</StatusMessage>}
      {enabled ? (
        <>
          <p>
            Signing in asks for a code from your authenticator app after your password.{' '}
            {recoveryCodesLeft === 1 ? 'One recovery code is left.' : `${recoveryCodesLeft} recovery codes are left.`}
          </p>
          <div className="actions">
            <Button variant="quiet" className="button--small button--danger-quiet" onClick={() => to({ name: 'turn-off' })}>
              Turn off two-factor sign-in
            </Button>
          </div>
        </>
      ) : (
        <>
          <p>Add a second step to signing in: a code from an authenticator app on your phone, so that a password alone is not enough.</p>
          <div className="actions">
            <Button
              variant="primary"
              className="button--small"
              busy={setup.isPending}
              onClick={() => setup.mutate(undefined, { onSuccess: (answer) => to({ name: 'setup', setup: answer }) })}
            >
              Set up two-factor sign-in
            </Button>
          </div>
          <ServerError error={setup.error} />
        </>
      )}
    </Stage>
  );
}

/**
 * One stage of the panel, named by its title. It replaces the stage whose button was pressed, so
 * it takes the keyboard focus (unless it is the first thing shown), and a screen reader reads its name.
 */
function Stage({ title, focus = true, children }: { title: string; focus?: boolean; children: ReactNode }) {
  const ref = useRef<HTMLDivElement>(null);
  const titleId = useId();
  useEffect(() => {
    if (focus) ref.current?.focus();
  }, [focus, title]);
  return (
    <div ref={ref} className="two-factor" role="group" aria-labelledby={titleId} tabIndex={-1}>
      <p id={titleId} className="two-factor__title">
        {title}
      </p>
      {children}
    </div>
  );
}
