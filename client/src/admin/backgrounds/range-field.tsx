import { useId, type InputHTMLAttributes } from 'react';
// The field's label and spacing, for this slider that is laid out as a field.
import '@/ui/field.css';

interface RangeFieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'id' | 'type' | 'value' | 'onChange'> {
  label: string;
  value: number;
  onChange: (value: number) => void;
  /** The value as shown beside the slider (a fraction as "0.20", say). */
  format?: (value: number) => string;
}

/** A labelled slider that shows its value, so the admin need not guess where the thumb sits. */
export function RangeField({ label, value, onChange, format = String, className, ...inputProps }: RangeFieldProps) {
  const id = useId();
  return (
    <div className={['field', 'bg-range', className].filter(Boolean).join(' ')}>
      <div className="bg-range__head">
        <label className="field__label" htmlFor={id}>
          {label}
        </label>
        {/* Not an <output>: that is a live region, and the slider already reads out its own value. */}
        <span className="bg-range__value" aria-hidden="true">
          {format(value)}
        </span>
      </div>
      <input {...inputProps} id={id} className="bg-range__input" type="range" value={value} onChange={(event) => onChange(event.target.valueAsNumber)} />
    </div>
  );
}
