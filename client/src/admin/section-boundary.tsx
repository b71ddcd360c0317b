import { Component, type ReactNode } from 'react';
import { StatusMessage } from '../ui/status-message';
import { PanelSection } from '../ui/panel-section';

interface SectionBoundaryProps {
  title: string;
  children: ReactNode;
}

/** A section that throws while rendering fails alone: the sidebar and the other sections go on. */
export class SectionBoundary extends Component<SectionBoundaryProps, { error: Error | null }> {
  override state = { error: null as Error | null };

  static getDerivedStateFromError(error: unknown) {
    return { error: error instanceof Error ? error : new Error(String(error)) };
  }

  override render() {
    const { error } = this.state;
    if (!error) return this.props.children;
    return (
      <PanelSection title={this.props.title}>
        <StatusMessage tone="error">This section stopped working ({error.message}). Reload the page to try again.</StatusMessage>
      </PanelSection>
    );
  }
}
