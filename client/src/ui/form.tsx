import type { FormHTMLAttributes, Ref } from 'react';
import './form.css';

interface FormProps extends FormHTMLAttributes<HTMLFormElement> {
  ref?: Ref<HTMLFormElement>;
  /** Closer fields, for a form inside a panel or a dialog. */
  compact?: boolean;
}

/**
 * A form's fields, notes and buttons, one under the other. Its owner's onSubmit sends it; until the
 * script has taken over a prerendered page, the browser would send it by itself, and as a POST
 * what was typed (a password) stays out of the URL (server/http/client.ts answers with the page).
 */
export function Form({ compact = false, className, ...rest }: FormProps) {
  return <form method="post" {...rest} className={['form', compact && 'form--compact', className].filter(Boolean).join(' ')} />;
}
