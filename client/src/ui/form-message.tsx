import type { ReactNode } from 'react';

interface FormMessageProps {
  tone: 'error' | 'success' | 'info';
  children: ReactNode;
}

/** A message where the eye already is: errors in red (alert), success in green, notices neutral (status). */
export function FormMessage({ tone, children }: FormMessageProps) {
  return (
    <p className={`form-message form-message--${tone}`} role={tone === 'error' ? 'alert' : 'status'}>
      {children}
    </p>
  );
}
