// The playlists and the calls that change them. The cached list is patched with each answer at
// once (so counts and the unsaved-changes mark are right without waiting), then reloaded.
import { useEffect } from 'react';
import type { Playlist } from '@shared/slider';
import { trpc } from '@/lib/trpc';
import type { ShowStatus } from '@/lib/use-timed-status';

const NO_PLAYLISTS: Playlist[] = [];

/** Spec §8: shown for 3 s. */
const LOAD_ERROR = 'Error loading playlists.';

export function usePlaylists(showStatus: ShowStatus) {
  const utils = trpc.useUtils();
  const list = trpc.playlists.list.useQuery();
  const create = trpc.playlists.create.useMutation();
  const update = trpc.playlists.update.useMutation();
  const remove = trpc.playlists.delete.useMutation();

  useEffect(() => {
    if (!list.error) return;
    console.warn('Could not load the playlists:', list.error);
    showStatus(LOAD_ERROR, { tone: 'error' });
  }, [list.error, showStatus]);

  const patch = (change: (playlists: Playlist[]) => Playlist[]) => {
    utils.playlists.list.setData(undefined, (current) => (current ? change(current) : current));
    void utils.playlists.list.invalidate();
  };

  /** A refused change may mean the list on screen is out of date (another tab deleted one, say). */
  const reloadAndRethrow = (error: unknown): never => {
    void utils.playlists.list.invalidate();
    throw error;
  };

  return {
    playlists: list.data ?? NO_PLAYLISTS,
    loading: list.isPending,
    /** The list could not be read (and none was read before). */
    failed: list.isError && !list.data,
    retry: () => void list.refetch(),
    retrying: list.isFetching,
    creating: create.isPending,
    updating: update.isPending,
    deleting: remove.isPending,

    async create(name: string): Promise<Playlist> {
      const playlist = await create.mutateAsync({ name, items: [] }).catch(reloadAndRethrow);
      patch((current) => [...current.filter((p) => p._id !== playlist._id), playlist]);
      return playlist;
    },

    async update(input: Parameters<typeof update.mutateAsync>[0]): Promise<Playlist> {
      const playlist = await update.mutateAsync(input).catch(reloadAndRethrow);
      patch((current) => current.map((p) => (p._id === playlist._id ? playlist : p)));
      // The public slides may have changed with it.
      void utils.slider.invalidate();
      return playlist;
    },

    async delete(id: string): Promise<void> {
      await remove.mutateAsync({ id }).catch(reloadAndRethrow);
      patch((current) => current.filter((p) => p._id !== id));
      // Deleting the active playlist clears activePlaylist on the server.
      void utils.slider.config.invalidate();
    },
  };
}

export type Playlists = ReturnType<typeof usePlaylists>;
