import { PanelSection } from '../../ui/panel-section';

export function BackgroundsSection() {
  return (
    <PanelSection title="Background Manager">
      <p className="muted">Configuring the background slideshow is not available yet.</p>
    </PanelSection>
  );
}
