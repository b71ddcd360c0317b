import { useId, useState } from 'react';
import { Button } from '../ui/button';
import { StatusMessage } from '../ui/status-message';

interface RecoveryCodesProps {
  codes: string[];
  onDone: () => void;
}

/** The ten recovery codes, shown this once, with a way to copy them all. */
export function RecoveryCodes({ codes, onDone }: RecoveryCodesProps) {
  const listId = useId();
  const [copied, setCopied] = useState<'yes' | 'no' | null>(null);

  function copy() {
    // The clipboard is only there on https and localhost; elsewhere the codes are selected by hand.
    (navigator.clipboard?.writeText(codes.join('\n')) ?? Promise.reject(new Error('no clipboard'))).then(
      () => setCopied('yes'),
      () => setCopied('no'),
    );
  }

  return (
    <>
      <p>
        Keep these recovery codes somewhere safe, such as a password manager. If you lose your phone, each one signs you in once in place of a code.{' '}
        <strong>They are shown only this once.</strong>
      </p>
      <ol id={listId} className="recovery-codes" aria-label="Recovery codes">
        {codes.map((code) => (
          <li key={code}>
            <code>{code}</code>
          </li>
        ))}
      </ol>
      <div className="actions">
        <Button variant="secondary" className="button--small" aria-controls={listId} onClick={copy}>
          Copy codes
        </Button>
        <Button variant="primary" className="button--small" onClick={onDone}>
          I have saved them
        </Button>
      </div>
      {copied === 'yes' && <StatusMessage tone="success">The recovery codes were copied.</StatusMessage>}
      {copied === 'no' && <StatusMessage tone="error">They could not be copied here: select them and copy them by hand.</StatusMessage>}
    </>
  );
}
