// A labelled whole-number field of the quiz forms, its range in its hint and the server's refusal
// beside it (as LimitedField does for texts). The browser keeps it in range (min, max, step); the
// server's message covers the rest.
import { useId } from 'react';
import { inputClass } from '@/ui/field';

interface NumberFieldProps {
  label: string;
  value: string;
  min: number;
  max: number;
  onChange: (value: string) => void;
  hint?: string;
  error?: string | null;
  disabled?: boolean;
  className?: string;
}

export function NumberField({ label, value, min, max, onChange, hint, error, disabled, className }: NumberFieldProps) {
  const id = useId();
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  return (
    <div className={['field', className].filter(Boolean).join(' ')}>
      <label className="field__label" htmlFor={id}>
        {label}
      </label>
      <input
        id={id}
        type="number"
        inputMode="numeric"
        className={inputClass()}
        value={value}
        min={min}
        max={max}
        step={1}
        required={!disabled}
        disabled={disabled}
        aria-invalid={error ? true : undefined}
        aria-describedby={[hintId, error && errorId].filter(Boolean).join(' ')}
        onChange={(event) => onChange(event.target.value)}
      />
      <p id={hintId} className="field__hint">
        {hint ?? `From ${min.toLocaleString('en-US')} to ${max.toLocaleString('en-US')}.`}
      </p>
      {error && (
        <p id={errorId} className="cm-field-error" role="alert">
          {error}
        </p>
      )}
    </div>
  );
}
