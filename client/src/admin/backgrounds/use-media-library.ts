// The image and video libraries of the base path in use, the last scan of that path (its time is the
// version that busts cached previews, spec §7), and a scan that refreshes them all (spec §4, §8).
import { useCallback, useEffect, useMemo, useRef } from 'react';
import { scanVersion } from '../../../../shared/media';
import { serverMessage } from '../../lib/server-message';
import { trpc } from '../../lib/trpc';
import type { LibraryFile } from './media-types';
import { itemUrl } from './playlist-items';
import type { ShowStatus } from './use-status-message';

/** Spec §5, §8, §9. */
export const NO_BASE_PATH = 'Please set a base path first';
const SCAN_FAILED = 'Scan failed';
const SCAN_ERROR_MS = 5000;

const NO_FILES: LibraryFile[] = [];

export function useMediaLibrary(basePath: string) {
  const enabled = basePath !== '';
  const images = trpc.media.files.useQuery({ basePath, category: 'image' }, { enabled });
  const videos = trpc.media.files.useQuery({ basePath, category: 'video' }, { enabled });
  const lastScan = trpc.media.lastScan.useQuery({ basePath }, { enabled });

  // Spec §8: a library that cannot be read is logged and shown as empty.
  useEffect(() => {
    if (images.error) console.warn('Could not load the image library:', images.error);
  }, [images.error]);
  useEffect(() => {
    if (videos.error) console.warn('Could not load the video library:', videos.error);
  }, [videos.error]);
  useEffect(() => {
    if (lastScan.error) console.warn('Could not read the last scan:', lastScan.error);
  }, [lastScan.error]);

  const imageFiles = (enabled && images.data?.files) || NO_FILES;
  const videoFiles = (enabled && videos.data?.files) || NO_FILES;
  // A playlist holds urls; this finds the file (and its preview) behind each one.
  const fileByUrl = useMemo(
    () => new Map([...imageFiles, ...videoFiles].map((file) => [itemUrl(file), file] as const)),
    [imageFiles, videoFiles],
  );

  return {
    images: imageFiles,
    videos: videoFiles,
    imagesLoading: enabled && images.isPending,
    videosLoading: enabled && videos.isPending,
    /** Whether both lists are in: only then may a save drop items as missing (spec §5). */
    complete: !enabled || (images.isSuccess && videos.isSuccess),
    fileByUrl,
    lastScan: (enabled && lastScan.data) || null,
    neverScanned: enabled && lastScan.isSuccess && lastScan.data === null,
    version: scanVersion(enabled ? lastScan.data?.timestamp : undefined),
  };
}

interface UseScanOptions {
  showStatus: ShowStatus;
  /** The base path that was scanned: the libraries show it from now on. */
  onScanned: (basePath: string) => void;
}

export function useScan({ showStatus, onScanned }: UseScanOptions) {
  const utils = trpc.useUtils();
  const { mutate, isPending } = trpc.media.scan.useMutation();

  const scan = useCallback(
    (requested: string, { silent = false } = {}) => {
      const basePath = requested.trim();
      // Spec §5: without a base path the server would fall back to the saved one, which is not
      // what the admin asked to scan.
      if (!basePath) {
        if (!silent) showStatus(`Scan error: ${NO_BASE_PATH}`, { tone: 'error', durationMs: SCAN_ERROR_MS });
        return;
      }
      mutate(
        { basePath },
        {
          onSuccess: (result) => {
            utils.media.lastScan.setData({ basePath }, { timestamp: result.timestamp, discoveries: result.discoveries });
            // The scan may have found files that were put there by hand.
            void utils.media.files.invalidate({ basePath });
            onScanned(basePath);
            if (!silent) showStatus(result.message, { tone: 'success' });
          },
          onError: (error) => {
            if (silent) console.warn('Automatic scan failed:', error);
            else showStatus(`Scan error: ${serverMessage(error, SCAN_FAILED)}`, { tone: 'error', durationMs: SCAN_ERROR_MS });
          },
        },
      );
    },
    [mutate, onScanned, showStatus, utils],
  );

  return { scan, scanning: isPending };
}

/** Spec §4: the first scan of a base path runs by itself, once, when none was ever made. */
export function useFirstScan(basePath: string, neverScanned: boolean, scan: (basePath: string, options: { silent: boolean }) => void) {
  const scanned = useRef(new Set<string>());
  useEffect(() => {
    if (!neverScanned || scanned.current.has(basePath)) return;
    scanned.current.add(basePath);
    scan(basePath, { silent: true });
  }, [basePath, neverScanned, scan]);
}
