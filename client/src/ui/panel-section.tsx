import type { ReactNode } from 'react';
import { Panel } from './panel';

interface PanelSectionProps {
  title: string;
  /** Controls that act on the whole section, shown beside its title. */
  actions?: ReactNode;
  className?: string;
  children: ReactNode;
}

/** A screen's section: a raised panel with a level-two title, named by it for assistive technology. */
export function PanelSection({ title, actions, className, children }: PanelSectionProps) {
  return (
    <Panel title={title} actions={actions} className={['panel-section', className].filter(Boolean).join(' ')}>
      {children}
    </Panel>
  );
}
