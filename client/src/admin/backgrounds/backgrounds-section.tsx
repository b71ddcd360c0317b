// Background Manager (spec §2, §4, §5, §8): the slideshow's settings, the media libraries and the
// playlists that pick from them. The libraries are always those of the saved base path, the one
// /media and /thumbs serve.
import { useEffect, useMemo, useState } from 'react';
import { scanVersion } from '@shared/media';
import { playlistItems, SLIDE_TYPES, type SliderConfig } from '@shared/slider';
import type { LibraryFile } from '@/lib/media-types';
import { trpc } from '@/lib/trpc';
import { useLastScan } from '@/lib/use-last-scan';
import { useMediaScan, type ScanButton } from '@/lib/use-media-scan';
import { useTimedStatus } from '@/lib/use-timed-status';
import { Button } from '@/ui/button';
import { EmptyNote } from '@/ui/empty-note';
import { PanelSection } from '@/ui/panel-section';
import { Spinner } from '@/ui/spinner';
import { ServerError } from '@/ui/server-error';
import { StatusMessage } from '@/ui/status-message';
import { LibraryGrid } from './library-grid';
import { contentOf, keepInLibrary } from './playlist-items';
import { PlaylistStrip } from './playlist-strip';
import { PlaylistsPanel } from './playlists-panel';
import { SettingsPanel } from './settings-panel';
import { useMediaLibrary } from './use-media-library';
import { usePlaylistEditor } from './use-playlist-editor';
import { usePlaylists, type Playlists } from './use-playlists';
import { useSettingsSave } from './use-settings-save';
import './backgrounds-section.css';

const TITLE = 'Background Manager';
const UNSAVED_FOLDER = 'Save Global Settings to use this folder for the libraries.';

export function BackgroundsSection() {
  const config = trpc.slider.config.useQuery();
  const settingsStatus = useTimedStatus();
  const playlistStatus = useTimedStatus();
  const playlists = usePlaylists(playlistStatus.show);

  // A failed reload keeps the settings already read (react-query keeps them): the screen stays.
  useEffect(() => {
    if (config.error && config.data) console.warn('Could not reload the slider settings:', config.error);
  }, [config.error, config.data]);

  if (config.error && !config.data) {
    return (
      <PanelSection title={TITLE}>
        <ServerError error={config.error} what="Could not load the slider settings" />
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
          <Spinner />
          Loading Background Manager...
        </p>
      </PanelSection>
    );
  }

  return <BackgroundManager saved={config.data} playlists={playlists} settingsStatus={settingsStatus} playlistStatus={playlistStatus} />;
}

interface BackgroundManagerProps {
  /** The settings as the server has them. */
  saved: SliderConfig;
  playlists: Playlists;
  settingsStatus: ReturnType<typeof useTimedStatus>;
  playlistStatus: ReturnType<typeof useTimedStatus>;
}

function BackgroundManager({ saved, playlists, settingsStatus, playlistStatus }: BackgroundManagerProps) {
  // The libraries, their previews and the playlist save's "still in the library" check follow the
  // saved base path alone: the form's values may yet be refused.
  const libraryStatus = useTimedStatus();
  const basePath = saved.backgroundsBasePath.trim();

  const editor = usePlaylistEditor(playlists.playlists);
  const selected = editor.selected;
  const savedItems = useMemo(() => (selected ? playlistItems(selected) : []), [selected]);
  const library = useMediaLibrary(basePath, savedItems);
  const { scan, pressed } = useMediaScan(settingsStatus.show);
  const { lastScan } = useLastScan(basePath, basePath !== '', scan);
  const version = scanVersion(lastScan?.timestamp);
  const { save, saving } = useSettingsSave(settingsStatus.show);
  // Spec §2: Scan Now scans the base path as typed. Until that folder is saved the libraries stay
  // on the saved one, and the admin is told why the scan's files are not among them.
  const [scannedPath, setScannedPath] = useState<string | null>(null);
  const notice = scannedPath !== null && scannedPath !== basePath ? UNSAVED_FOLDER : null;

  function scanTyped(typed: string, from: ScanButton) {
    void scan(typed, { from }).then((scanned) => {
      if (scanned) setScannedPath(typed.trim());
    });
  }

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
    playlistStatus.show(dropped > 0 ? `Playlist saved; ${dropped} missing file(s) dropped.` : 'Playlist saved.', { tone: 'success' });
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
          initial={saved}
          playlists={playlists.playlists}
          status={settingsStatus.status}
          lastScan={lastScan}
          pressed={pressed}
          onScan={scanTyped}
          notice={notice}
          saving={saving}
          onSave={save}
        />

        <div className="bg-workspace">
          <PlaylistsPanel
            list={playlists}
            selected={selected}
            activeId={saved.activePlaylist}
            dirty={editor.dirty}
            status={playlistStatus.status}
            onSelect={editor.select}
            onCreate={createPlaylist}
            onSave={saveSelected}
            onDelete={(playlist) => deletePlaylist(playlist._id)}
          />

          <div className="bg-workspace__main">
            {selected ? (
              <PlaylistStrip name={selected.name} editor={editor} library={library} version={version} />
            ) : (
              <EmptyNote>Select or create a playlist, then click images and videos below to add them to it.</EmptyNote>
            )}
            <StatusMessage live={libraryStatus.status} compact className="bg-status bg-status--library" />
            {SLIDE_TYPES.map((type) => (
              <LibraryGrid key={type} type={type} library={library.pages[type]} version={version} positions={editor.positions} onToggle={toggle} />
            ))}
          </div>
        </div>
      </div>
    </PanelSection>
  );
}
