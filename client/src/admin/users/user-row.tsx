// One row of the user table, in display mode or, for the one being edited, edit mode (spec §4).
import { useEffect, useId, useRef, useState, type ChangeEvent, type FormEvent, type KeyboardEvent, type RefObject } from 'react';
import { MEMBERSHIP_TIERS, PASSWORD_MIN_LENGTH, ROLES, USER_STATUSES } from '@shared/constants';
import { Button } from '@/ui/button';
import { draftOf, type AdminUser, type UserDraft } from './user-types';
import { PaidVia } from './paid-via';
import { inputClass } from '@/ui/field';
import { SubmitOrCancel } from '@/ui/submit-or-cancel';
import './user-row.css';

interface UserRowProps {
  user: AdminUser;
  editing: boolean;
  saving: boolean;
  onEdit: () => void;
  onCancel: () => void;
  /** Sends the change; `onSaved` runs once it is stored (the row then leaves edit mode). */
  onSave: (draft: UserDraft, onSaved: () => void) => void;
  onDelete: () => void;
  /** Given when the user has two-factor sign-in on and the admin may clear it (anyone but themselves). */
  onClearTwoFactor?: (() => void) | undefined;
}

export function UserRow({ user, editing, saving, onEdit, onCancel, onSave, onDelete, onClearTwoFactor }: UserRowProps) {
  const editButton = useRef<HTMLButtonElement>(null);
  const nameInput = useRef<HTMLInputElement>(null);
  // Set when this row's own Save or Cancel ends editing, so focus returns to its Edit button
  // (and not when editing simply moved to another row).
  const refocusEdit = useRef(false);

  useEffect(() => {
    if (editing) {
      nameInput.current?.focus();
    } else if (refocusEdit.current) {
      refocusEdit.current = false;
      editButton.current?.focus();
    }
  }, [editing]);

  if (editing) {
    return (
      <EditCells
        user={user}
        saving={saving}
        nameInput={nameInput}
        onCancel={() => {
          refocusEdit.current = true;
          onCancel();
        }}
        onSave={(draft) =>
          onSave(draft, () => {
            refocusEdit.current = true;
          })
        }
      />
    );
  }

  return (
    <tr>
      <td className="users-table__name" data-label="Name">
        {user.name}
      </td>
      <td data-label="Email">
        <span className="users-table__email">{user.email}</span>{' '}
        <span className={`badge ${user.emailVerified ? 'badge--verified' : 'badge--unverified'}`}>{user.emailVerified ? 'verified' : 'not verified'}</span>
      </td>
      <td data-label="Role">
        <span className={`badge badge--${user.role}`}>{user.role}</span>
      </td>
      <td data-label="Tier">
        <span className={`badge badge--${user.membershipTier}`}>{user.membershipTier}</span>
        <PaidVia user={user} />
      </td>
      <td data-label="Status">
        <span className={`badge badge--${user.status}`}>{user.status}</span>
      </td>
      <td data-label="Password">
        <span className="password-mask" aria-hidden="true">
          ••••••
        </span>
        <span className="visually-hidden">not shown</span>
      </td>
      <td className="users-table__actions">
        <div className={onClearTwoFactor ? 'row-actions user-actions--with-two-factor' : 'row-actions'}>
          <Button ref={editButton} variant="secondary" className="button--small" onClick={onEdit}>
            Edit
          </Button>
          <Button variant="quiet" className="button--small button--danger-quiet" onClick={onDelete}>
            Delete
          </Button>
          {onClearTwoFactor && (
            <Button variant="quiet" className="button--small user-actions__clear-two-factor" onClick={onClearTwoFactor}>
              Clear 2FA
            </Button>
          )}
        </div>
      </td>
    </tr>
  );
}

interface EditCellsProps {
  user: AdminUser;
  saving: boolean;
  nameInput: RefObject<HTMLInputElement | null>;
  onCancel: () => void;
  onSave: (draft: UserDraft) => void;
}

/** The row as a form: inputs in their columns, tied to the form in the Actions cell. */
function EditCells({ user, saving, nameInput, onCancel, onSave }: EditCellsProps) {
  const formId = useId();
  const [draft, setDraft] = useState(() => draftOf(user));
  const set = <K extends keyof UserDraft>(key: K, value: UserDraft[K]) => setDraft((d) => ({ ...d, [key]: value }));
  // What every text input of the row shares: the row's form, the compact look, a label and its field.
  const textInput = (field: 'name' | 'email' | 'password', label: string) => ({
    form: formId,
    className: inputClass('compact'),
    'aria-label': label,
    value: draft[field],
    onChange: (e: ChangeEvent<HTMLInputElement>) => set(field, e.target.value),
  });

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    onSave(draft);
  }

  function onKeyDown(event: KeyboardEvent<HTMLTableRowElement>) {
    if (event.key === 'Escape' && !event.nativeEvent.isComposing) {
      event.preventDefault();
      onCancel();
    }
  }

  return (
    <tr className="users-table__editing" onKeyDown={onKeyDown}>
      <td data-label="Name">
        <input ref={nameInput} {...textInput('name', 'Name')} autoComplete="off" required />
      </td>
      <td data-label="Email">
        <input {...textInput('email', 'Email')} type="email" autoComplete="off" required />
      </td>
      <td data-label="Role">
        <CompactSelect formId={formId} label="Role" options={ROLES} value={draft.role} onChange={(v) => set('role', v)} />
      </td>
      <td data-label="Tier">
        <CompactSelect formId={formId} label="Tier" options={MEMBERSHIP_TIERS} value={draft.membershipTier} onChange={(v) => set('membershipTier', v)} />
      </td>
      <td data-label="Status">
        <CompactSelect formId={formId} label="Status" options={USER_STATUSES} value={draft.status} onChange={(v) => set('status', v)} />
      </td>
      <td data-label="Password">
        <input
          {...textInput('password', 'New password')}
          type="password"
          placeholder="Leave blank to keep"
          autoComplete="new-password"
          minLength={PASSWORD_MIN_LENGTH}
        />
      </td>
      <td className="users-table__actions">
        <form id={formId} className="row-actions" onSubmit={onSubmit}>
          <SubmitOrCancel label="Save" busy={saving} onCancel={onCancel} />
        </form>
      </td>
    </tr>
  );
}

interface CompactSelectProps<T extends string> {
  formId: string;
  label: string;
  options: readonly T[];
  value: T;
  onChange: (value: T) => void;
}

function CompactSelect<T extends string>({ formId, label, options, value, onChange }: CompactSelectProps<T>) {
  return (
    <select
      form={formId}
      className={inputClass('compact', 'select')}
      aria-label={label}
      value={value}
      onChange={(e) => onChange(options.find((option) => option === e.target.value) ?? value)}
    >
      {options.map((option) => (
        <option key={option} value={option}>
          {option}
        </option>
      ))}
    </select>
  );
}
