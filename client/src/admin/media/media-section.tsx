import { PanelSection } from '../../ui/panel-section';

export function MediaSection() {
  return (
    <PanelSection title="Media Manager">
      <p className="muted">Uploading and managing media files is not available yet.</p>
    </PanelSection>
  );
}
