import type { FormHTMLAttributes, Ref } from 'react';
import './form.css';

interface FormProps extends FormHTMLAttributes<HTMLFormElement> {
  ref?: Ref<HTMLFormElement>;
  /** Closer fields, for a form inside a panel or a dialog. */
  compact?: boolean;
}

/** A form's fields, notes and buttons, one under the other. */
export function Form({ compact = false, className, ...rest }: FormProps) {
  return <form {...rest} className={['form', compact && 'form--compact', className].filter(Boolean).join(' ')} />;
}
