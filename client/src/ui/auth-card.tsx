import type { ReactNode } from 'react';
import { Panel } from './panel';
import './auth-card.css';

interface AuthCardProps {
  title: string;
  intro?: ReactNode;
  children: ReactNode;
  footer?: ReactNode;
}

/** The narrow centred panel that every account screen (join, sign in, reset) shares. */
export function AuthCard({ title, intro, children, footer }: AuthCardProps) {
  return (
    <div className="auth">
      <Panel className="auth__card">
        <h1 className="auth__title">{title}</h1>
        {intro && <p className="auth__intro">{intro}</p>}
        {children}
        {footer && <div className="auth__footer">{footer}</div>}
      </Panel>
    </div>
  );
}
