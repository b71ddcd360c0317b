import { useId, type ReactNode } from 'react';
import { Button } from './button';
import { Modal } from './modal';

interface ConfirmDialogProps {
  title: string;
  /** The question, read out as the dialog's description. */
  message: string;
  /** Extra context under the question (which item, say). */
  detail?: ReactNode;
  confirmLabel: string;
  busy?: boolean;
  onConfirm: () => void;
  onCancel: () => void;
}

/** An in-app confirm (role alertdialog). Focus starts on Cancel, the choice that changes nothing. */
export function ConfirmDialog({ title, message, detail, confirmLabel, busy = false, onConfirm, onCancel }: ConfirmDialogProps) {
  const titleId = useId();
  const messageId = useId();
  return (
    <Modal role="alertdialog" labelledBy={titleId} describedBy={messageId} onClose={onCancel} className="modal--small">
      <h2 id={titleId} className="modal__title">
        {title}
      </h2>
      <p id={messageId} className="modal__message">
        {message}
      </p>
      {detail && <div className="modal__detail">{detail}</div>}
      <div className="modal__actions">
        <Button variant="secondary" className="button--small" onClick={onCancel} data-autofocus>
          Cancel
        </Button>
        <Button variant="danger" className="button--small" busy={busy} onClick={onConfirm}>
          {confirmLabel}
        </Button>
      </div>
    </Modal>
  );
}
