// The image and video libraries of the saved base path: the one /media and /thumbs serve, so the
// previews are of these files and a playlist saved from them plays (spec §5, §7).
import { useEffect, useMemo } from 'react';
import type { LibraryFile } from '@/lib/media-types';
import { trpc } from '@/lib/trpc';
import { itemUrl } from './playlist-items';

const NO_FILES: LibraryFile[] = [];

export function useMediaLibrary(basePath: string) {
  const enabled = basePath !== '';
  const images = trpc.media.files.useQuery({ basePath, category: 'image' }, { enabled });
  const videos = trpc.media.files.useQuery({ basePath, category: 'video' }, { enabled });

  // Spec §8: a library that cannot be read is logged and shown as empty.
  useEffect(() => {
    if (images.error) console.warn('Could not load the image library:', images.error);
  }, [images.error]);
  useEffect(() => {
    if (videos.error) console.warn('Could not load the video library:', videos.error);
  }, [videos.error]);

  const imageFiles = (enabled && images.data?.files) || NO_FILES;
  const videoFiles = (enabled && videos.data?.files) || NO_FILES;
  // A playlist holds urls; this finds the file (and its preview) behind each one.
  const fileByUrl = useMemo(() => new Map([...imageFiles, ...videoFiles].map((file) => [itemUrl(file), file] as const)), [imageFiles, videoFiles]);

  return {
    images: imageFiles,
    videos: videoFiles,
    imagesLoading: enabled && images.isPending,
    videosLoading: enabled && videos.isPending,
    /** Whether both lists are in: only then may a save drop items as missing (spec §5). */
    complete: !enabled || (images.isSuccess && videos.isSuccess),
    fileByUrl,
  };
}
