// A modal dialog on the native <dialog> element: showModal() puts it in the top layer and makes
// the rest of the page inert; this component adds what the element leaves out: Tab wraps inside
// it (instead of escaping to the browser's own controls), Escape asks the owner to close it, and
// focus goes back to whatever opened it.
import { useLayoutEffect, useRef, type KeyboardEvent, type ReactNode } from 'react';
import './modal.css';

interface ModalProps {
  /** id of the element that names the dialog (its title, or for a bare alert its message). */
  labelledBy: string;
  describedBy?: string;
  /** alertdialog for messages and confirmations that interrupt; dialog for everything else. */
  role?: 'dialog' | 'alertdialog';
  /** Called on Escape; the owner closes the dialog by no longer rendering it. */
  onClose: () => void;
  className?: string;
  children: ReactNode;
}

const FOCUSABLE = [
  'a[href]',
  'button:not([disabled])',
  'input:not([disabled]):not([type="hidden"])',
  'select:not([disabled])',
  'textarea:not([disabled])',
  '[tabindex]:not([tabindex="-1"])',
].join(',');

function focusablesIn(root: HTMLElement): HTMLElement[] {
  return [...root.querySelectorAll<HTMLElement>(FOCUSABLE)].filter((el) => el.getClientRects().length > 0);
}

export function Modal({ labelledBy, describedBy, role = 'dialog', onClose, className, children }: ModalProps) {
  const ref = useRef<HTMLDialogElement>(null);
  const onCloseRef = useRef(onClose);
  useLayoutEffect(() => {
    onCloseRef.current = onClose;
  });

  useLayoutEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    dialog.showModal();
    // The owner marks the control that should start with focus; otherwise the first one gets it.
    const initial = dialog.querySelector<HTMLElement>('[data-autofocus]') ?? focusablesIn(dialog)[0];
    initial?.focus();
    return () => {
      dialog.close();
      if (opener?.isConnected) opener.focus();
    };
  }, []);

  function onKeyDown(event: KeyboardEvent<HTMLDialogElement>) {
    if (event.key !== 'Tab' || event.defaultPrevented) return;
    const items = focusablesIn(event.currentTarget);
    const first = items[0];
    const last = items[items.length - 1];
    if (!first || !last) return;
    const active = document.activeElement;
    if (event.shiftKey && (active === first || !event.currentTarget.contains(active))) {
      event.preventDefault();
      last.focus();
    } else if (!event.shiftKey && (active === last || !event.currentTarget.contains(active))) {
      event.preventDefault();
      first.focus();
    }
  }

  return (
    <dialog
      ref={ref}
      className={['modal', className].filter(Boolean).join(' ')}
      role={role === 'alertdialog' ? 'alertdialog' : undefined}
      aria-modal="true"
      aria-labelledby={labelledBy}
      aria-describedby={describedBy}
      onKeyDown={onKeyDown}
      onCancel={(event) => {
        // Escape: the owner decides, so the dialog never closes behind React's back.
        event.preventDefault();
        onCloseRef.current();
      }}
      onClose={() => {
        // Chromium closes without a cancel event on a second quick Escape; keep the owner in step.
        // (Our own close() on unmount finds the ref already empty.)
        const dialog = ref.current;
        if (dialog?.isConnected && !dialog.open) onCloseRef.current();
      }}
    >
      {children}
    </dialog>
  );
}
