import type { Status } from '../../lib/use-timed-status';

interface StatusMessageProps {
  status: Status | null;
  className?: string;
}

/**
 * The live region stays in the page while its message comes and goes: screen readers announce
 * changes inside a region they already know, not a region that appears with its text.
 */
export function StatusMessage({ status, className }: StatusMessageProps) {
  return (
    <div className={['bg-status', className].filter(Boolean).join(' ')} role="status" aria-live="polite">
      {status && <p className={`form-message form-message--${status.tone} bg-status__text`}>{status.text}</p>}
    </div>
  );
}
