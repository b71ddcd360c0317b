// One category's library (spec §2): its files a page at a time, which of the loaded ones are
// ticked, and deleting those.
import { useMemo, useState } from 'react';
import type { MediaCategory } from '@shared/media';
import { MESSAGES } from '@shared/messages';
import { invalidateLibrary, useLibraryPages } from '@/lib/use-library-pages';
import { serverMessage } from '@/lib/server-message';
import { trpc } from '@/lib/trpc';
import { STATUS_MS, type ShowStatus } from '@/lib/use-timed-status';

interface UseLibraryOptions {
  category: MediaCategory;
  enabled: boolean;
  showStatus: ShowStatus;
  onDeleted: () => void;
}

export function useLibrary({ category, enabled, showStatus, onDeleted }: UseLibraryOptions) {
  const utils = trpc.useUtils();
  const pages = useLibraryPages(category, undefined, enabled);
  const remove = trpc.media.delete.useMutation();
  const [ticked, setTicked] = useState<ReadonlySet<string>>(new Set());

  const files = pages.files;
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
          showStatus(`Deleted ${result.summary.deleted} file(s).`, { durationMs: STATUS_MS.deleteFiles.done });
          clearSelection();
          onDeleted();
          done(true);
        },
        onError: (error) => {
          showStatus(`Delete error: ${serverMessage(error, 'Delete failed')}`, { durationMs: STATUS_MS.deleteFiles.error });
          done(false);
        },
        // Even a refusal may come after some files went (or another tab deleted them).
        onSettled: () => void invalidateLibrary(utils),
      },
    );
  }

  return {
    files,
    total: pages.total,
    loading: pages.loading,
    fetching: pages.fetching,
    more: pages.more,
    loadingMore: pages.loadingMore,
    loadMore: pages.loadMore,
    refresh: pages.refetch,
    selected,
    toggle,
    setAll,
    clearSelection,
    deleting: remove.isPending,
    deleteSelected,
  };
}

export type Library = ReturnType<typeof useLibrary>;
