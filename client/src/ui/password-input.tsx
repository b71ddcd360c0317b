import { useState, type InputHTMLAttributes, type ReactNode } from 'react';
import { Field } from './field';
import { PASSWORD_MIN_LENGTH } from '@shared/constants';
import { Icon } from './icon';
import './password-input.css';

interface PasswordFieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'id' | 'type'> {
  label: string;
  hint?: ReactNode;
}

/** A password field with a show/hide toggle (spec §2). */
export function PasswordField(props: PasswordFieldProps) {
  const [shown, setShown] = useState(false);
  return (
    <Field
      {...props}
      renderInput={(inputProps) => (
        <div className="password-input">
          <input {...inputProps} type={shown ? 'text' : 'password'} spellCheck={false} autoCapitalize="none" />
          <button
            type="button"
            className="password-input__toggle"
            aria-label={shown ? 'Hide password' : 'Show password'}
            aria-pressed={shown}
            aria-controls={inputProps.id}
            onClick={() => setShown((value) => !value)}
          >
            {shown ? <EyeClosedIcon /> : <EyeIcon />}
          </button>
        </div>
      )}
    />
  );
}

function EyeIcon() {
  return (
    <Icon size={20} strokeWidth={1.7}>
      <path d="M2 12s3.6-7 10-7 10 7 10 7-3.6 7-10 7S2 12 2 12Z" />
      <circle cx="12" cy="12" r="3.2" />
    </Icon>
  );
}

function EyeClosedIcon() {
  return (
    <Icon size={20} strokeWidth={1.7}>
      <path d="M3 3l18 18M10.6 5.1A9.9 9.9 0 0 1 12 5c6.4 0 10 7 10 7a17.6 17.6 0 0 1-3.2 4.1M6.6 6.6C3.8 8.4 2 12 2 12s3.6 7 10 7a9.6 9.6 0 0 0 4.4-1.1M9.9 9.9a3.2 3.2 0 0 0 4.2 4.2" />
    </Icon>
  );
}

interface NewPasswordFieldProps {
  label: string;
  name: string;
  value: string;
  onChange: (value: string) => void;
  /** Whether to state the length rule under the field (once per form is enough). */
  showRule?: boolean;
}

/** A password being chosen: required, the length rule checked by the browser (spec §5). */
export function NewPasswordField({ label, name, value, onChange, showRule = true }: NewPasswordFieldProps) {
  return (
    <PasswordField
      label={label}
      name={name}
      autoComplete="new-password"
      required
      minLength={PASSWORD_MIN_LENGTH}
      hint={showRule ? `At least ${PASSWORD_MIN_LENGTH} characters.` : undefined}
      value={value}
      onChange={(e) => onChange(e.target.value)}
    />
  );
}
