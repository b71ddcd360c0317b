// Global Slider Settings (spec §2, §4, §5, §8): the base path and its scans, the active playlist,
// timings, overlay and order. The form keeps its own values; Save pushes them to the section and
// the section stores them.
import { useState, type FormEvent } from 'react';
import { MAX_DURATION_MS, type Playlist, type SliderConfig } from '@shared/slider';
import type { LastScan } from '@/lib/media-types';
import { scanButtonState, type ScanButton } from '@/lib/use-media-scan';
import type { Status } from '@/lib/use-timed-status';
import { Button } from '@/ui/button';
import { Field } from '@/ui/field';
import { Notice } from '@/ui/notice';
import { Panel } from '@/ui/panel';
import { SelectField } from '@/ui/select-field';
import { StatusMessage } from '@/ui/status-message';
import { LastScanLine } from './last-scan-line';
import { OverlayFields } from './overlay-fields';
import { configOf, draftOf, type SettingsDraft } from './settings-draft';

const NONE_LABEL = '-- None --';

interface SettingsPanelProps {
  /** The values the form starts from (read once). */
  initial: SliderConfig;
  playlists: readonly Playlist[];
  status: Status | null;
  lastScan: LastScan | null;
  /** The button whose scan is under way; the automatic first scan presses none. */
  pressed: ScanButton | null;
  /** Scans the base path as typed, saved or not. */
  onScan: (basePath: string, from: ScanButton) => void;
  /** Said under the last scan line (the typed base path is not the one the libraries show). */
  notice: string | null;
  saving: boolean;
  onSave: (config: SliderConfig) => void;
}

export function SettingsPanel({ initial, playlists, status, lastScan, pressed, onScan, notice, saving, onSave }: SettingsPanelProps) {
  const [draft, setDraft] = useState(() => draftOf(initial));
  const set = <K extends keyof SettingsDraft>(key: K, value: SettingsDraft[K]) => setDraft((d) => ({ ...d, [key]: value }));

  // A playlist deleted since (here or elsewhere) is no longer a choice: the select falls back to
  // None rather than showing a value it has no option for, and that is what a save sends.
  const activePlaylist = playlists.some((p) => p._id === draft.activePlaylist) ? draft.activePlaylist : '';

  const scanButton = (from: ScanButton) => ({ ...scanButtonState(pressed, from), onClick: () => onScan(draft.backgroundsBasePath, from) });

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    onSave(configOf({ ...draft, activePlaylist }));
  }

  return (
    <Panel inset className="bg-settings" title="Global Slider Settings">
      {/* noValidate: the server's messages name the field and the limit, which the browser's bubbles do not. */}
      <form className="bg-settings__form" onSubmit={submit} noValidate>
        <div className="bg-settings__base">
          <Field
            label="Base path"
            name="backgroundsBasePath"
            autoComplete="off"
            spellCheck={false}
            hint="A folder inside the media folder; its image/ and video/ folders feed the libraries below."
            value={draft.backgroundsBasePath}
            onChange={(e) => set('backgroundsBasePath', e.target.value)}
          />
          <Button variant="secondary" className="button--small bg-settings__scan" {...scanButton('scan')}>
            Scan Now
          </Button>
        </div>
        <div className="bg-settings__scan-line">
          <LastScanLine lastScan={lastScan} />
          <Button variant="quiet" className="button--small" {...scanButton('rescan')}>
            Rescan now
          </Button>
        </div>
        {notice && <Notice className="bg-settings__notice">{notice}</Notice>}

        <div className="bg-settings__grid">
          <SelectField
            label="Active Playlist"
            name="activePlaylist"
            options={['', ...playlists.map((p) => p._id)]}
            optionLabel={(id) => (id === '' ? NONE_LABEL : (playlists.find((p) => p._id === id)?.name ?? id))}
            value={activePlaylist}
            onChange={(e) => set('activePlaylist', e.target.value)}
          />
          <DurationField label="Cycle Time (ms)" name="cycleTime" value={draft.cycleTime} onChange={(value) => set('cycleTime', value)} />
          <DurationField
            label="Transition (ms)"
            name="transitionDuration"
            value={draft.transitionDuration}
            onChange={(value) => set('transitionDuration', value)}
          />
        </div>

        <OverlayFields
          opacity={draft.overlayOpacity}
          color={draft.overlayColor}
          onOpacity={(value) => set('overlayOpacity', value)}
          onColor={(value) => set('overlayColor', value)}
        />

        <label className="bg-checkbox">
          <input type="checkbox" checked={draft.randomOrder} onChange={(e) => set('randomOrder', e.target.checked)} />
          <span>Randomize Image Order</span>
        </label>

        <div className="bg-settings__actions">
          <Button type="submit" variant="primary" busy={saving}>
            Save Global Settings
          </Button>
          <StatusMessage live={status} compact className="bg-status" />
        </div>
      </form>
    </Panel>
  );
}

interface DurationFieldProps {
  label: string;
  name: 'cycleTime' | 'transitionDuration';
  /** As typed: the server names what is wrong with a value it refuses. */
  value: string;
  onChange: (value: string) => void;
}

/** A number of milliseconds, from 0 to the hour the server accepts at most. */
function DurationField({ label, name, value, onChange }: DurationFieldProps) {
  return (
    <Field
      label={label}
      name={name}
      type="number"
      inputMode="numeric"
      min={0}
      max={MAX_DURATION_MS}
      step={100}
      value={value}
      onChange={(e) => onChange(e.target.value)}
    />
  );
}
