import { Field } from './field';

interface EmailFieldProps {
  value: string;
  onChange: (value: string) => void;
  /** "email" lets the browser offer the person's own address; forms about somebody else say "off". */
  autoComplete?: 'email' | 'off';
}

/** The labelled, required email input of every account form (the browser checks its format). */
export function EmailField({ value, onChange, autoComplete = 'email' }: EmailFieldProps) {
  return <Field label="Email" name="email" type="email" autoComplete={autoComplete} required value={value} onChange={(e) => onChange(e.target.value)} />;
}
