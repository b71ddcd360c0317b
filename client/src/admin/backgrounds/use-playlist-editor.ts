// Which playlist is being edited and its editing list (spec §4): selecting a playlist loads its
// items; library clicks, drags and removals change only this list until Save Selected Playlist.
import { useMemo, useState } from 'react';
import { playlistItems, type Playlist, type PlaylistItem } from '@shared/slider';
import type { LibraryFile } from '@/lib/media-types';
import { moveItem } from '@/lib/move-item';
import { removeAt, sameItems, toggleFile } from './playlist-items';

export function usePlaylistEditor(playlists: readonly Playlist[]) {
  const [selectedId, setSelectedId] = useState<string | null>(null);
  const [items, setItems] = useState<PlaylistItem[]>([]);

  // A playlist deleted meanwhile (here or in another tab) simply stops being selected.
  const selected = playlists.find((p) => p._id === selectedId) ?? null;
  const dirty = selected !== null && !sameItems(items, playlistItems(selected));

  const positions = useMemo(() => {
    if (!selected) return undefined;
    const map = new Map<string, number>();
    items.forEach((item, index) => {
      if (!map.has(item.url)) map.set(item.url, index);
    });
    return map;
  }, [selected, items]);

  return {
    selected,
    items,
    dirty,
    /** Where each url sits in the editing list; undefined when no playlist is selected. */
    positions,
    select(playlist: Playlist) {
      setSelectedId(playlist._id);
      setItems(playlistItems(playlist));
    },
    deselect() {
      setSelectedId(null);
      setItems([]);
    },
    /** Returns false when there is no playlist to add to. */
    toggle(file: LibraryFile): boolean {
      if (!selected) return false;
      setItems((current) => toggleFile(current, file));
      return true;
    },
    move(from: number, to: number) {
      setItems((current) => moveItem(current, from, to));
    },
    remove(index: number) {
      setItems((current) => removeAt(current, index));
    },
    /** After a save: the list as stored. */
    reset(next: PlaylistItem[]) {
      setItems(next);
    },
  };
}

export type PlaylistEditor = ReturnType<typeof usePlaylistEditor>;
