// One category's library, read a page at a time (CONTRACT "Media (admin)": limit and cursor): the
// grids show what is loaded and load the next page as their end scrolls into view, so a library of
// 100,000 files opens as fast as one of 200.
import { useEffect, useMemo } from 'react';
import type { MediaCategory } from '@shared/media';
import type { LibraryFile } from './media-types';
import { trpc } from './trpc';

/** Files per page: a few screens of thumbnails. */
export const LIBRARY_PAGE_SIZE = 200;

const NO_FILES: LibraryFile[] = [];

/** `basePath` undefined: the saved one's library. */
export function useLibraryPages(category: MediaCategory, basePath: string | undefined, enabled: boolean) {
  const input = { ...(basePath !== undefined && { basePath }), category, limit: LIBRARY_PAGE_SIZE };
  const query = trpc.media.files.useInfiniteQuery(input, { enabled, getNextPageParam: (last) => last.nextCursor ?? undefined });

  // Spec §8: a library that cannot be read is logged and shown as empty.
  useEffect(() => {
    if (query.error) console.warn(`Could not load the ${category} library:`, query.error);
  }, [query.error, category]);

  const pages = enabled ? query.data?.pages : undefined;
  const files = useMemo(() => (pages ? pages.flatMap((page) => page.files) : NO_FILES), [pages]);

  return {
    files,
    /** Files of the library in all, loaded or not (as of the last page read). */
    total: pages?.at(-1)?.total ?? 0,
    loading: enabled && query.isPending,
    fetching: query.isFetching,
    more: enabled && query.hasNextPage,
    loadingMore: query.isFetchingNextPage,
    loadMore: () => {
      if (enabled && query.hasNextPage && !query.isFetching) void query.fetchNextPage();
    },
    refetch: () => {
      if (enabled) void query.refetch();
    },
  };
}

/** The library changed (an upload, a deletion, a scan): its pages, and the playlists' lookups of their files, are read again. */
export function invalidateLibrary(utils: ReturnType<typeof trpc.useUtils>) {
  return Promise.all([utils.media.files.invalidate(), utils.media.lookup.invalidate()]);
}
