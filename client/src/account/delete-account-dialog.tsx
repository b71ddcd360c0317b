// Delete my account: a dialog that says exactly what goes and asks for the password and for DELETE
// typed out, so that neither a slip nor a borrowed unlocked session deletes an account.
import { useId, useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router-dom';
import { DELETE_CONFIRMATION, WHAT_DELETION_REMOVES } from '@shared/account';
import { clearToken } from '../lib/session';
import { trpc } from '../lib/trpc';
import { Button } from '../ui/button';
import { Field } from '../ui/field';
import { Form } from '../ui/form';
import { Modal } from '../ui/modal';
import { PasswordField } from '../ui/password-input';
import { ServerError } from '../ui/server-error';

export function DeleteAccountDialog({ onCancel }: { onCancel: () => void }) {
  const titleId = useId();
  const descriptionId = useId();
  const navigate = useNavigate();
  const remove = trpc.account.delete.useMutation({
    onSuccess: ({ message }) => {
      clearToken();
      navigate('/', { replace: true, state: { notice: message } });
    },
  });
  const [password, setPassword] = useState('');
  const [typed, setTyped] = useState('');

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    remove.mutate({ password, confirm: DELETE_CONFIRMATION });
  }

  return (
    <Modal role="alertdialog" labelledBy={titleId} describedBy={descriptionId} onClose={onCancel}>
      <h2 id={titleId} className="modal__title">
        Delete your account?
      </h2>
      <div id={descriptionId}>
        <p className="modal__message">This cannot be undone. Deleting your account removes, at once:</p>
        <ul className="account-page__list">
          {WHAT_DELETION_REMOVES.map((item) => (
            <li key={item}>{item}</li>
          ))}
        </ul>
        <p className="small muted">The site&apos;s audit record keeps what was done on the account, without your email address.</p>
      </div>
      <Form compact onSubmit={onSubmit} aria-label="Confirm deleting your account">
        <PasswordField
          label="Password"
          name="delete-password"
          autoComplete="current-password"
          required
          value={password}
          onChange={(e) => setPassword(e.target.value)}
        />
        <Field
          label={`Type ${DELETE_CONFIRMATION} to confirm`}
          name="delete-confirm"
          autoComplete="off"
          spellCheck={false}
          required
          value={typed}
          onChange={(e) => setTyped(e.target.value)}
        />
        <ServerError error={remove.error} />
        <div className="modal__actions">
          <Button variant="secondary" className="button--small" onClick={onCancel} data-autofocus>
            Cancel
          </Button>
          <Button type="submit" variant="danger" className="button--small" busy={remove.isPending} disabled={typed !== DELETE_CONFIRMATION}>
            Delete my account
          </Button>
        </div>
      </Form>
    </Modal>
  );
}
