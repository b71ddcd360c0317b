// A standing note under a panel's controls: why a control is unavailable, or what is not saved yet.
import type { ReactNode } from 'react';
import './notice.css';

/** `className`: the owner's own class, for placing the note among its neighbours. */
export function Notice({ children, className }: { children: ReactNode; className?: string }) {
  return <p className={className ? `notice ${className}` : 'notice'}>{children}</p>;
}
