// The one status message of every screen: a form's error, a section's notice, the line that reports
// what a button did.
import type { ReactNode } from 'react';
import type { Status, StatusTone } from '../lib/use-timed-status';
import './status-message.css';

type StatusMessageProps =
  | {
      /** A message that appears with its text: an error is an alert (read out at once), the rest statuses. */
      tone: StatusTone;
      children: ReactNode;
      live?: never;
      docked?: never;
      /** The owner's own class, for placing the message among its neighbours. */
      className?: string;
      /** Smaller, to sit beside a toolbar's controls. */
      compact?: boolean;
    }
  | {
      /**
       * A status line whose messages come and go (useTimedStatus): the message now shown, or null.
       * The live region stays in the page while it is empty, as screen readers announce changes
       * inside a region they already know, not a region that appears with its text.
       */
      live: Status | null;
      /** Sticks to the bottom of the window, so a message is seen wherever the admin scrolled to. */
      docked?: boolean;
      className?: string;
      compact?: boolean;
      tone?: never;
      children?: never;
    };

export function StatusMessage(props: StatusMessageProps) {
  const { compact = false, className } = props;
  if (props.live === undefined) {
    return (
      <p className={[messageClass(props.tone, compact), className].filter(Boolean).join(' ')} role={props.tone === 'error' ? 'alert' : 'status'}>
        {props.children}
      </p>
    );
  }
  const { live, docked = false } = props;
  const line = (
    <p
      className={[messageClass(live?.tone, compact), docked && 'status-message--docked', className].filter(Boolean).join(' ')}
      role="status"
      aria-live="polite"
      aria-atomic="true"
    >
      {live?.text}
    </p>
  );
  return docked ? <div className="status-dock">{line}</div> : line;
}

function messageClass(tone: StatusTone | undefined, compact: boolean): string {
  return ['status-message', `status-message--${tone ?? 'empty'}`, compact && 'status-message--compact'].filter(Boolean).join(' ');
}
