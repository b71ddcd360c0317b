import { useId, type ReactNode, type SelectHTMLAttributes } from 'react';
import { inputClass } from './field';
import './field.css';

interface SelectFieldProps extends Omit<SelectHTMLAttributes<HTMLSelectElement>, 'id' | 'children'> {
  label: string;
  options: readonly string[];
  /** The text shown for an option; the value itself by default. */
  optionLabel?: (value: string) => string;
  hint?: ReactNode;
}

/** A labelled select over a fixed list of values (roles, tiers), styled like Field's input. */
export function SelectField({ label, options, optionLabel = (value) => value, hint, className, ...selectProps }: SelectFieldProps) {
  const id = useId();
  const hintId = hint ? `${id}-hint` : undefined;
  return (
    <div className="field">
      <label className="field__label" htmlFor={id}>
        {label}
      </label>
      <select
        {...selectProps}
        id={id}
        className={[inputClass('select'), className].filter(Boolean).join(' ')}
        aria-describedby={[selectProps['aria-describedby'], hintId].filter(Boolean).join(' ') || undefined}
      >
        {options.map((value) => (
          <option key={value} value={value}>
            {optionLabel(value)}
          </option>
        ))}
      </select>
      {hint && (
        <p className="field__hint" id={hintId}>
          {hint}
        </p>
      )}
    </div>
  );
}
