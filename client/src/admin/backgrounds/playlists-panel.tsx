// Playlists (spec §2, §4, §5, §8): pick one to edit, delete one after a confirm, name a new one,
// and save the one being edited. Failures interrupt with an alert naming the reason.
import { useState, type FormEvent } from 'react';
import { MESSAGES } from '@shared/messages';
import { PLAYLIST_NAME_MAX_LENGTH, playlistItems, type Playlist } from '@shared/slider';
import { serverMessage } from '@/lib/server-message';
import type { Status } from '@/lib/use-timed-status';
import { Button } from '@/ui/button';
import { ConfirmDialog } from '@/ui/confirm-dialog';
import { EmptyNote } from '@/ui/empty-note';
import { Field } from '@/ui/field';
import { MessageDialog } from '@/ui/message-dialog';
import { Panel } from '@/ui/panel';
import { StatusMessage } from '@/ui/status-message';
import { countLabel } from './playlist-items';
import type { Playlists } from './use-playlists';

interface PlaylistsPanelProps {
  /** The list and its requests' states; a list that could not be loaded is offered again. */
  list: Playlists;
  selected: Playlist | null;
  /** The saved active playlist's id ('' for none). */
  activeId: string;
  dirty: boolean;
  status: Status | null;
  onSelect: (playlist: Playlist) => void;
  /** These reject with the server's error; the panel tells the admin. */
  onCreate: (name: string) => Promise<void>;
  onSave: () => Promise<void>;
  onDelete: (playlist: Playlist) => Promise<void>;
}

export function PlaylistsPanel(props: PlaylistsPanelProps) {
  const { list, selected, activeId, dirty, status } = props;
  const { playlists, failed, retrying, creating, deleting } = list;
  const [name, setName] = useState('');
  const [confirming, setConfirming] = useState<Playlist | null>(null);
  const [alertMessage, setAlertMessage] = useState<string | null>(null);
  const reason = (error: unknown) => serverMessage(error, MESSAGES.somethingWentWrong);

  async function create(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const trimmed = name.trim();
    // Spec §5: a blank name makes nothing; the field keeps focus for the name.
    if (!trimmed || creating) {
      const field = event.currentTarget.elements.namedItem('playlistName');
      if (field instanceof HTMLInputElement) field.focus();
      return;
    }
    try {
      await props.onCreate(trimmed);
      setName('');
    } catch (error) {
      setAlertMessage(`Failed to create playlist: ${reason(error)}`);
    }
  }

  async function save() {
    try {
      await props.onSave();
    } catch (error) {
      setAlertMessage(`Failed to update playlist: ${reason(error)}`);
    }
  }

  async function confirmDelete(playlist: Playlist) {
    try {
      await props.onDelete(playlist);
      setConfirming(null);
    } catch (error) {
      setConfirming(null);
      setAlertMessage(`Failed to delete playlist: ${reason(error)}`);
    }
  }

  return (
    <Panel inset className="bg-playlists" title="Playlists" meta={playlists.length > 0 && playlists.length}>
      <div className="bg-playlists__body">
        {failed ? (
          <EmptyNote as="div">
            <p>The playlists could not be loaded.</p>
            <Button variant="secondary" className="button--small" busy={retrying} onClick={list.retry}>
              Try again
            </Button>
          </EmptyNote>
        ) : playlists.length === 0 ? (
          <EmptyNote>No playlists yet. Name one below to start.</EmptyNote>
        ) : (
          <ul className="bg-playlists__list">
            {playlists.map((playlist) => {
              const isSelected = playlist._id === selected?._id;
              return (
                <li key={playlist._id} className={['bg-playlist', isSelected && 'bg-playlist--selected'].filter(Boolean).join(' ')}>
                  <button type="button" className="bg-playlist__pick" aria-pressed={isSelected} onClick={() => props.onSelect(playlist)}>
                    <span className="bg-playlist__name">{playlist.name}</span>
                    <span className="bg-playlist__meta">
                      {countLabel(playlistItems(playlist).length)}
                      {playlist._id === activeId && <span className="bg-playlist__active">Active</span>}
                    </span>
                  </button>
                  <Button
                    variant="quiet"
                    className="button--small button--danger-quiet bg-playlist__delete"
                    aria-label={`Delete playlist ${playlist.name}`}
                    onClick={() => setConfirming(playlist)}
                  >
                    Delete
                  </Button>
                </li>
              );
            })}
          </ul>
        )}

        <form className="bg-playlists__new" onSubmit={create}>
          <Field
            label="New playlist name"
            name="playlistName"
            autoComplete="off"
            maxLength={PLAYLIST_NAME_MAX_LENGTH}
            className="input--compact"
            value={name}
            onChange={(e) => setName(e.target.value)}
          />
          <Button
            type="submit"
            variant="secondary"
            className="button--small bg-playlists__add"
            aria-label="Create playlist"
            title="Create playlist"
            busy={creating}
          >
            <span aria-hidden="true">+</span>
          </Button>
        </form>

        {selected && (
          <div className="bg-playlists__save">
            <Button variant="primary" className="button--small" busy={list.updating} onClick={save}>
              Save Selected Playlist
            </Button>
            {dirty && <span className="bg-unsaved">Unsaved changes</span>}
          </div>
        )}

        <StatusMessage live={status} compact className="bg-status" />
      </div>

      {confirming && (
        <ConfirmDialog
          title="Delete playlist"
          message="Delete this playlist?"
          detail={<p className="muted">{confirming.name}</p>}
          confirmLabel="Delete"
          busy={deleting}
          onConfirm={() => void confirmDelete(confirming)}
          onCancel={() => setConfirming(null)}
        />
      )}
      {alertMessage && <MessageDialog message={alertMessage} onClose={() => setAlertMessage(null)} />}
    </Panel>
  );
}
