import type { InputHTMLAttributes } from 'react';
import { TWO_FACTOR_CODE_MAX_LENGTH } from '@shared/constants';
import { Field } from './field';
import './code-field.css';

interface CodeFieldProps extends Pick<InputHTMLAttributes<HTMLInputElement>, 'autoFocus'> {
  label: string;
  hint?: string;
  value: string;
  onChange: (value: string) => void;
  /** A recovery code (letters and hyphens) may be typed too; otherwise six digits, with a number pad on phones. */
  acceptsRecoveryCode: boolean;
}

/** A two-factor code: the authenticator app's six digits, or a recovery code where one is taken. */
export function CodeField({ label, hint, value, onChange, acceptsRecoveryCode, autoFocus }: CodeFieldProps) {
  return (
    <Field
      label={label}
      hint={hint}
      name="code"
      autoComplete="one-time-code"
      inputMode={acceptsRecoveryCode ? 'text' : 'numeric'}
      autoCapitalize="none"
      autoCorrect="off"
      spellCheck={false}
      required
      maxLength={acceptsRecoveryCode ? TWO_FACTOR_CODE_MAX_LENGTH : 7}
      className="input--code"
      autoFocus={autoFocus}
      value={value}
      onChange={(e) => onChange(e.target.value)}
    />
  );
}
