import { useId, type InputHTMLAttributes, type ReactNode } from 'react';
import './field.css';

interface FieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'id'> {
  label: string;
  hint?: ReactNode;
  /** Replaces the plain input, for inputs that need company (the password toggle). */
  renderInput?: (props: InputHTMLAttributes<HTMLInputElement> & { id: string }) => ReactNode;
}

/**
 * The classes of an input that looks like Field's, for an input that stands alone (a table cell's,
 * named by aria-label): compact for a dense row, select for a select.
 */
export function inputClass(...variants: ('compact' | 'select')[]): string {
  return ['input', ...variants.map((variant) => (variant === 'select' ? 'select' : `input--${variant}`))].join(' ');
}

/** A labelled input with an optional hint that is read out with it. */
export function Field({ label, hint, renderInput, className, ...inputProps }: FieldProps) {
  const id = useId();
  const hintId = hint ? `${id}-hint` : undefined;
  const props = {
    ...inputProps,
    id,
    className: [inputClass(), className].filter(Boolean).join(' '),
    'aria-describedby': [inputProps['aria-describedby'], hintId].filter(Boolean).join(' ') || undefined,
  };
  return (
    <div className="field">
      <label className="field__label" htmlFor={id}>
        {label}
      </label>
      {renderInput ? renderInput(props) : <input {...props} />}
      {hint && (
        <p className="field__hint" id={hintId}>
          {hint}
        </p>
      )}
    </div>
  );
}
