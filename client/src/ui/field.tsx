import { useId, type InputHTMLAttributes, type ReactNode } from 'react';

interface FieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'id'> {
  label: string;
  hint?: ReactNode;
  /** Replaces the plain input, for inputs that need company (the password toggle). */
  renderInput?: (props: InputHTMLAttributes<HTMLInputElement> & { id: string }) => ReactNode;
}

/** A labelled input with an optional hint that is read out with it. */
export function Field({ label, hint, renderInput, className, ...inputProps }: FieldProps) {
  const id = useId();
  const hintId = hint ? `${id}-hint` : undefined;
  const props = {
    ...inputProps,
    id,
    className: ['input', className].filter(Boolean).join(' '),
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
