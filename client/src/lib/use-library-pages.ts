// One category's library, read a page at a time (CONTRACT "Media (admin)": limit and cursor): the
// grids show what is loaded and load the next page as their end scrolls into view, so a library of
// 100,000 files opens as fast as one of 200.
import { useEffect, useMemo, useRef } from 'react';
import type { MediaCategory } from '@shared/media';
import type { LibraryFile } from './media-types';
import { trpc } from './trpc';

/** Files per page: a few screens of thumbnails. */
export const LIBRARY_PAGE_SIZE = 200;

const NO_FILES: LibraryFile[] = [];

// A next page never cancels a reading of the pages already begun (after a scan or an upload), even
// one this render has not seen yet: it would be added to the pages from before the change.
const READ_AFTER = { cancelRefetch: false };

/** How many pages the grid has asked for in `library`: none yet, if what it asked was for another. */
const pagesAsked = (wanted: { library: string; pages: number }, library: string) => (wanted.library === library ? wanted.pages : 0);

/** `basePath` undefined: the saved one's library. */
export function useLibraryPages(category: MediaCategory, basePath: string | undefined, enabled: boolean) {
  const input = { ...(basePath !== undefined && { basePath }), category, limit: LIBRARY_PAGE_SIZE };
  const query = trpc.media.files.useInfiniteQuery(input, { enabled, getNextPageParam: (last) => last.nextCursor ?? undefined });

  // Spec §8: a library that cannot be read is logged and shown as empty.
  useEffect(() => {
    if (query.error) console.warn(`Could not load the ${category} library:`, query.error);
  }, [query.error, category]);

  // How many pages the grid has asked for, in this library. A page asked for while the pages are
  // being read again (after a scan or an upload), or whose read such a reading cancelled, is read
  // once that ends: dropped, it would never come, as the grid's end stays in view and asks no more.
  const wanted = useRef({ library: '', pages: 0 });
  const library = `${category} ${basePath ?? ''}`;
  const { isFetching, hasNextPage, fetchNextPage, isFetchNextPageError: failed } = query;
  const loadedPages = query.data?.pages.length ?? 0;
  useEffect(() => {
    // A page whose read failed is not tried again by itself: pressing Load more does.
    if (enabled && hasNextPage && !isFetching && !failed && loadedPages < pagesAsked(wanted.current, library)) void fetchNextPage(READ_AFTER);
  }, [library, enabled, hasNextPage, isFetching, failed, loadedPages, fetchNextPage]);

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
    /** `pressed`: by the button, not by the grid's end scrolling into view; after a failed read, only a press reads again. */
    loadMore: (pressed: boolean) => {
      if (!enabled || !hasNextPage || (failed && !pressed)) return;
      wanted.current = { library, pages: Math.max(pagesAsked(wanted.current, library), loadedPages + 1) };
      if (!isFetching) void fetchNextPage(READ_AFTER);
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
