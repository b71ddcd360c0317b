// One category's library (spec §2): the files, which of them are ticked, and deleting those.
import { useEffect, useMemo, useState } from 'react';
import type { MediaCategory } from '@shared/media';
import { MESSAGES } from '@shared/messages';
import type { LibraryFile } from '@/lib/media-types';
import { serverMessage } from '@/lib/server-message';
import { trpc } from '@/lib/trpc';
import type { ShowStatus } from '@/lib/use-timed-status';

/** Spec §8. */
const DELETED_MS = 4000;
const DELETE_ERROR_MS = 6000;

const NO_FILES: LibraryFile[] = [];

interface UseLibraryOptions {
  category: MediaCategory;
  enabled: boolean;
  showStatus: ShowStatus;
  onDeleted: () => void;
}

export function useLibrary({ category, enabled, showStatus, onDeleted }: UseLibraryOptions) {
  const utils = trpc.useUtils();
  const query = trpc.media.files.useQuery({ category }, { enabled });
  const remove = trpc.media.delete.useMutation();
  const [ticked, setTicked] = useState<ReadonlySet<string>>(new Set());

  // Spec §8: a library that cannot be read is logged and shown as empty.
  useEffect(() => {
    if (query.error) console.warn(`Could not load the ${category} library:`, query.error);
  }, [query.error, category]);

  const files = (enabled && query.data?.files) || NO_FILES;
  // Only files still in the library count as selected (another tab may have deleted some).
  const selected = useMemo(() => files.filter((file) => ticked.has(file.path)).map((file) => file.path), [files, ticked]);

  function toggle(path: string, on: boolean) {
    setTicked((current) => {
      const next = new Set(current);
      if (on) next.add(path);
      else next.delete(path);
      return next;
    });
  }

  function setAll(on: boolean) {
    setTicked(on ? new Set(files.map((file) => file.path)) : new Set());
  }

  function clearSelection() {
    setTicked(new Set());
  }

  /** Deletes the ticked files; `done` runs once the answer is in, told whether any went. */
  function deleteSelected(done: (deleted: boolean) => void) {
    if (selected.length === 0) {
      showStatus(MESSAGES.noFilesSelected);
      done(false);
      return;
    }
    remove.mutate(
      { paths: selected },
      {
        onSuccess: (result) => {
          showStatus(`Deleted ${result.summary.deleted} file(s).`, { durationMs: DELETED_MS });
          clearSelection();
          onDeleted();
          done(true);
        },
        onError: (error) => {
          showStatus(`Delete error: ${serverMessage(error, 'Delete failed')}`, { durationMs: DELETE_ERROR_MS });
          done(false);
        },
        // Even a refusal may come after some files went (or another tab deleted them).
        onSettled: () => void utils.media.files.invalidate(),
      },
    );
  }

  return {
    files,
    loading: enabled && query.isPending,
    fetching: query.isFetching,
    refresh: () => {
      if (enabled) void query.refetch();
    },
    selected,
    toggle,
    setAll,
    clearSelection,
    deleting: remove.isPending,
    deleteSelected,
  };
}
