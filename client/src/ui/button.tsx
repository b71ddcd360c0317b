import type { ButtonHTMLAttributes, Ref } from 'react';
import { Link, type LinkProps } from 'react-router-dom';
import { Spinner } from './spinner';
import './button.css';

export type ButtonVariant = 'primary' | 'secondary' | 'quiet' | 'danger';

export function buttonClass(variant: ButtonVariant = 'primary', extra?: string): string {
  return ['button', `button--${variant}`, extra].filter(Boolean).join(' ');
}

interface ButtonProps extends ButtonHTMLAttributes<HTMLButtonElement> {
  ref?: Ref<HTMLButtonElement>;
  variant?: ButtonVariant;
  /**
   * Shows a spinner and refuses further clicks, keeping the button's name unchanged. The button
   * stays focusable (aria-disabled, not disabled), so keyboard focus is not lost while it waits.
   */
  busy?: boolean;
  /**
   * Refuses clicks and says so (aria-disabled) while staying focusable: for a button that may be
   * the one just pressed, whose focus would otherwise fall to the page's body (a pager's Next on
   * the last page).
   */
  unavailable?: boolean;
}

export function Button({ variant = 'primary', busy = false, unavailable = false, className, children, type = 'button', onClick, ...rest }: ButtonProps) {
  return (
    <button
      {...rest}
      type={type}
      className={buttonClass(variant, className)}
      aria-disabled={busy || unavailable || undefined}
      aria-busy={busy || undefined}
      onClick={(event) => {
        // Also stops a submit button from submitting its form again (Enter in a field clicks it).
        if (busy || unavailable) event.preventDefault();
        else onClick?.(event);
      }}
    >
      {busy && <Spinner />}
      {children}
    </button>
  );
}

interface ButtonLinkProps extends LinkProps {
  variant?: ButtonVariant;
}

/** A link that looks like a button: it still navigates, so it stays a link for assistive technology. */
export function ButtonLink({ variant = 'primary', className, ...rest }: ButtonLinkProps) {
  return <Link {...rest} className={buttonClass(variant, className)} />;
}
