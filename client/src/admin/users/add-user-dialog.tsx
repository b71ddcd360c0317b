// Add User (spec §2, §5): name, email, password and role; a new account starts free and active.
import { useId, useState, type FormEvent } from 'react';
import { ROLES, type MembershipTier, type Role, type UserStatus } from '@shared/constants';
import { Button } from '@/ui/button';
import { EmailField } from '@/ui/email-field';
import { Field } from '@/ui/field';
import { Modal } from '@/ui/modal';
import { NewPasswordField } from '@/ui/password-input';
import { SelectField } from '@/ui/select-field';
import type { CreateUserInput } from './user-types';
import { Form } from '@/ui/form';
import './add-user-dialog.css';

const NEW_USER: { membershipTier: MembershipTier; status: UserStatus } = { membershipTier: 'free', status: 'active' };

interface AddUserDialogProps {
  busy: boolean;
  onSubmit: (input: CreateUserInput) => void;
  onClose: () => void;
}

export function AddUserDialog({ busy, onSubmit, onClose }: AddUserDialogProps) {
  const titleId = useId();
  const [name, setName] = useState('');
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [role, setRole] = useState<Role>('user');

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    onSubmit({ name, email, password, role, ...NEW_USER });
  }

  return (
    <Modal labelledBy={titleId} onClose={onClose}>
      <h2 id={titleId} className="modal__title">
        Add User
      </h2>
      <Form compact onSubmit={submit}>
        <Field label="Name" name="name" autoComplete="off" required value={name} onChange={(e) => setName(e.target.value)} />
        <EmailField value={email} onChange={setEmail} autoComplete="off" />
        <NewPasswordField label="Password" name="password" value={password} onChange={setPassword} />
        <SelectField label="Role" name="role" options={ROLES} value={role} onChange={(e) => setRole(ROLES.find((r) => r === e.target.value) ?? 'user')} />
        <dl className="facts">
          <div className="facts__item">
            <dt>Tier</dt>
            <dd>{NEW_USER.membershipTier}</dd>
          </div>
          <div className="facts__item">
            <dt>Status</dt>
            <dd>{NEW_USER.status}</dd>
          </div>
        </dl>
        <p className="field__hint">New accounts start free and active; change them in the table afterwards.</p>
        <div className="modal__actions">
          <Button variant="quiet" className="button--small" onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit" variant="primary" className="button--small" busy={busy}>
            Create User
          </Button>
        </div>
      </Form>
    </Modal>
  );
}
