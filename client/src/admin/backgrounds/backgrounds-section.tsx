// Background Manager (spec §2, §4, §5, §8): the slideshow's settings, the media libraries and the
// playlists that pick from them. The section holds the settings as last pushed by the settings form,
// and the base path in use (the one last scanned or saved) decides which libraries are shown.
import { useCallback, useState } from 'react';
import { MESSAGES } from '../../../../shared/messages';
import type { SliderConfig } from '../../../../shared/slider';
import { serverMessage } from '../../lib/server-message';
import { trpc } from '../../lib/trpc';
import { Button } from '../../ui/button';
import { FormMessage } from '../../ui/form-message';
import { PanelSection } from '../../ui/panel-section';
import { LibraryGrid } from './library-grid';
import type { LibraryFile } from './media-types';
import { contentOf, keepInLibrary } from './playlist-items';
import { PlaylistStrip } from './playlist-strip';
import { PlaylistsPanel } from './playlists-panel';
import { SettingsPanel } from './settings-panel';
import { StatusMessage } from './status-message';
import { useFirstScan, useMediaLibrary, useScan } from './use-media-library';
import { usePlaylistEditor } from './use-playlist-editor';
import { usePlaylists } from './use-playlists';
import { useSettingsSave } from './use-settings-save';
import { useStatusMessage } from './use-status-message';

const TITLE = 'Background Manager';

export function BackgroundsSection() {
  const config = trpc.slider.config.useQuery();
  const settingsStatus = useStatusMessage();
  const playlistStatus = useStatusMessage();
  const playlists = usePlaylists(playlistStatus.show);

  if (config.error) {
    return (
      <PanelSection title={TITLE}>
        <FormMessage tone="error">
          Could not load the slider settings: {serverMessage(config.error, MESSAGES.somethingWentWrong)}
        </FormMessage>
        <div className="actions bg-retry">
          <Button variant="secondary" className="button--small" onClick={() => void config.refetch()}>
            Try again
          </Button>
        </div>
      </PanelSection>
    );
  }

  if (!config.data || playlists.loading) {
    return (
      <PanelSection title={TITLE}>
        <p className="bg-loading" role="status">
          <span className="spinner" aria-hidden="true" />
          Loading Background Manager...
        </p>
      </PanelSection>
    );
  }

  return (
    <BackgroundManager
      saved={config.data}
      playlists={playlists}
      settingsStatus={settingsStatus}
      playlistStatus={playlistStatus}
    />
  );
}

interface BackgroundManagerProps {
  /** The settings as the server has them. */
  saved: SliderConfig;
  playlists: ReturnType<typeof usePlaylists>;
  settingsStatus: ReturnType<typeof useStatusMessage>;
  playlistStatus: ReturnType<typeof useStatusMessage>;
}

function BackgroundManager({ saved, playlists, settingsStatus, playlistStatus }: BackgroundManagerProps) {
  const [settings, setSettings] = useState(saved);
  const libraryStatus = useStatusMessage();
  const basePath = settings.backgroundsBasePath.trim();

  const library = useMediaLibrary(basePath);
  const onScanned = useCallback((scanned: string) => setSettings((s) => ({ ...s, backgroundsBasePath: scanned })), []);
  const { scan, scanning } = useScan({ showStatus: settingsStatus.show, onScanned });
  useFirstScan(basePath, library.neverScanned, scan);
  const { save, saving } = useSettingsSave(setSettings, settingsStatus.show);

  const editor = usePlaylistEditor(playlists.playlists);
  const selected = editor.selected;

  function toggle(file: LibraryFile) {
    if (!editor.toggle(file)) libraryStatus.show('Select or create a playlist first, then click files to add them to it.');
  }

  async function createPlaylist(name: string) {
    const playlist = await playlists.create(name);
    // The new playlist is the one the admin is about to fill.
    editor.select(playlist);
    playlistStatus.show(`Playlist "${playlist.name}" created.`, { tone: 'success' });
  }

  async function saveSelected() {
    if (!selected) return;
    // Spec §5: files gone from the library are dropped, but only once the libraries are known.
    const libraryUrls = new Set(library.fileByUrl.keys());
    const items = library.complete ? keepInLibrary(editor.items, libraryUrls) : editor.items;
    const dropped = editor.items.length - items.length;
    const playlist = await playlists.update({ id: selected._id, ...contentOf(items) });
    editor.reset(playlist.items);
    playlistStatus.show(
      dropped > 0 ? `Playlist saved; ${dropped} missing file(s) dropped.` : 'Playlist saved.',
      { tone: 'success' },
    );
  }

  async function deletePlaylist(id: string) {
    await playlists.delete(id);
    if (selected?._id === id) editor.deselect();
    playlistStatus.show('Playlist deleted.', { tone: 'success' });
  }

  return (
    <PanelSection title={TITLE} className="backgrounds">
      <div className="backgrounds__layout">
        <SettingsPanel
          initial={settings}
          playlists={playlists.playlists}
          status={settingsStatus.status}
          lastScan={library.lastScan}
          scanning={scanning}
          onScan={scan}
          saving={saving}
          onSave={save}
        />

        <div className="bg-workspace">
          <PlaylistsPanel
            playlists={playlists.playlists}
            selected={selected}
            activeId={saved.activePlaylist}
            dirty={editor.dirty}
            failed={playlists.failed}
            retrying={playlists.retrying}
            onRetry={playlists.retry}
            status={playlistStatus.status}
            creating={playlists.creating}
            saving={playlists.updating}
            deleting={playlists.deleting}
            onSelect={editor.select}
            onCreate={createPlaylist}
            onSave={saveSelected}
            onDelete={(playlist) => deletePlaylist(playlist._id)}
          />

          <div className="bg-workspace__main">
            {selected ? (
              <PlaylistStrip
                name={selected.name}
                items={editor.items}
                dirty={editor.dirty}
                fileByUrl={library.fileByUrl}
                libraryComplete={library.complete}
                version={library.version}
                onMove={editor.move}
                onRemove={editor.remove}
              />
            ) : (
              <p className="bg-hint">Select or create a playlist, then click images and videos below to add them to it.</p>
            )}
            <StatusMessage status={libraryStatus.status} className="bg-status--library" />
            <LibraryGrid
              title="Image Library"
              type="image"
              files={library.images}
              loading={library.imagesLoading}
              loadingText="Loading images..."
              emptyText="No images found. Upload or Rescan."
              version={library.version}
              positions={editor.positions}
              onToggle={toggle}
            />
            <LibraryGrid
              title="Video Library"
              type="video"
              files={library.videos}
              loading={library.videosLoading}
              loadingText="Loading videos..."
              emptyText="No videos found. Upload or Rescan."
              version={library.version}
              positions={editor.positions}
              onToggle={toggle}
            />
          </div>
        </div>
      </div>
    </PanelSection>
  );
}
