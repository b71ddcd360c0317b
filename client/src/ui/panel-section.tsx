import { useId, type ReactNode } from 'react';

interface PanelSectionProps {
  title: string;
  /** Controls that act on the whole section, shown beside its title. */
  actions?: ReactNode;
  className?: string;
  children: ReactNode;
}

/** A panel with a level-two title, named by it for assistive technology. */
export function PanelSection({ title, actions, className, children }: PanelSectionProps) {
  const titleId = useId();
  return (
    <section className={['panel', 'panel-section', className].filter(Boolean).join(' ')} aria-labelledby={titleId}>
      <header className="panel-section__head">
        <h2 id={titleId} className="panel-section__title">
          {title}
        </h2>
        {actions && <div className="actions">{actions}</div>}
      </header>
      {children}
    </section>
  );
}
