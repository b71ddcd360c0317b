// The image and video libraries of the saved base path: the one /media and /thumbs serve, so the
// previews are of these files and a playlist saved from them plays (spec §5, §7). The grids load a
// page at a time; the files behind the selected playlist's saved items are looked up by path, so
// the strip shows them and the save knows which are gone without reading the whole library.
import { keepPreviousData } from '@tanstack/react-query';
import { useEffect, useMemo } from 'react';
import { pathOfMediaUrl } from '@shared/media';
import type { PlaylistItem } from '@shared/slider';
import type { LibraryFile } from '@/lib/media-types';
import { trpc } from '@/lib/trpc';
import { useLibraryPages } from '@/lib/use-library-pages';
import { itemUrl } from './playlist-items';

const NO_FILES: LibraryFile[] = [];

/** `savedItems`: the selected playlist's items as stored (an item added since comes from a grid). */
export function useMediaLibrary(basePath: string, savedItems: readonly PlaylistItem[]) {
  const enabled = basePath !== '';
  const images = useLibraryPages('image', basePath, enabled);
  const videos = useLibraryPages('video', basePath, enabled);

  const paths = useMemo(() => [...new Set(savedItems.map((item) => pathOfMediaUrl(item.url)).filter((path) => path !== null))], [savedItems]);
  const lookup = trpc.media.lookup.useQuery({ basePath, paths }, { enabled: enabled && paths.length > 0, placeholderData: keepPreviousData });
  useEffect(() => {
    if (lookup.error) console.warn("Could not look up the playlist's files:", lookup.error);
  }, [lookup.error]);
  const looked = (enabled && paths.length > 0 && lookup.data?.files) || NO_FILES;

  // A playlist holds urls; this finds the file (and its preview) behind each one.
  const fileByUrl = useMemo(
    () => new Map([...images.files, ...videos.files, ...looked].map((file) => [itemUrl(file), file] as const)),
    [images.files, videos.files, looked],
  );

  return {
    /** Each kind's pages, by slide type. */
    pages: { image: images, video: videos },
    /** Whether the saved items' files are known: only then may a save drop items as missing (spec §5). */
    complete: !enabled || paths.length === 0 || (lookup.isSuccess && !lookup.isPlaceholderData),
    fileByUrl,
  };
}

export type MediaLibrary = ReturnType<typeof useMediaLibrary>;
