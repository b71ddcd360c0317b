import { useId } from 'react';
import { Button } from './button';
import { Modal } from './modal';

interface MessageDialogProps {
  message: string;
  onClose: () => void;
}

/** An in-app alert (role alertdialog): one message, named by its own words, and an OK button. */
export function MessageDialog({ message, onClose }: MessageDialogProps) {
  const messageId = useId();
  return (
    <Modal role="alertdialog" labelledBy={messageId} onClose={onClose} className="modal--small">
      <p id={messageId} className="modal__message">
        {message}
      </p>
      <div className="modal__actions">
        <Button variant="primary" className="button--small" onClick={onClose} data-autofocus>
          OK
        </Button>
      </div>
    </Modal>
  );
}
