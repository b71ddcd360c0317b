// The file scanner (spec §4): manual scans with a message, the first scan on its own when none was
// ever made, and silent rescans half a second after an upload or a delete.
import { useCallback, useEffect, useRef } from 'react';
import { serverMessage } from '../../lib/server-message';
import { trpc } from '../../lib/trpc';
import { basePathUsable, NO_BASE_PATH_FOR_SCAN, type BasePathState } from './use-base-path';
import type { ShowStatus } from './use-status';

/** Spec §8, §9. */
const SCAN_ERROR_MS = 5000;
const RESCAN_DELAY_MS = 500;

export function useScanner(basePath: BasePathState, showStatus: ShowStatus) {
  const utils = trpc.useUtils();
  const usable = basePathUsable(basePath);
  const lastScan = trpc.media.lastScan.useQuery({}, { enabled: usable });
  const mutation = trpc.media.scan.useMutation();
  const { mutate } = mutation;
  const autoScanned = useRef(false);
  const timers = useRef(new Set<ReturnType<typeof setTimeout>>());

  useEffect(() => {
    if (lastScan.error) console.warn('Could not read the last scan:', lastScan.error);
  }, [lastScan.error]);

  const scan = useCallback(
    ({ silent }: { silent: boolean }) => {
      if (basePath === 'missing') {
        if (!silent) showStatus(`Scan error: ${NO_BASE_PATH_FOR_SCAN}`, SCAN_ERROR_MS);
        return;
      }
      mutate(
        {},
        {
          onSuccess: (result) => {
            utils.media.lastScan.setData({}, { timestamp: result.timestamp, discoveries: result.discoveries });
            // The scan may have found files put there by hand.
            void utils.media.files.invalidate();
            if (!silent) showStatus(result.message);
          },
          onError: (error) => {
            // A silent scan keeps quiet; the next manual one will say what is wrong.
            if (silent) console.warn('Background rescan failed:', error);
            else showStatus(`Scan error: ${serverMessage(error, 'Scan failed')}`, SCAN_ERROR_MS);
          },
        },
      );
    },
    [basePath, mutate, showStatus, utils],
  );

  /** Spec §4, §9: a quiet rescan shortly after the library changed. */
  const rescanSoon = useCallback(() => {
    const timer = setTimeout(() => {
      timers.current.delete(timer);
      scan({ silent: true });
    }, RESCAN_DELAY_MS);
    timers.current.add(timer);
  }, [scan]);

  useEffect(() => {
    const pending = timers.current;
    return () => {
      for (const timer of pending) clearTimeout(timer);
      pending.clear();
    };
  }, []);

  // Spec §4: the first scan runs by itself when a base path exists and none was ever made.
  const neverScanned = lastScan.isSuccess && lastScan.data === null;
  useEffect(() => {
    if (!usable || !neverScanned || autoScanned.current) return;
    autoScanned.current = true;
    scan({ silent: true });
  }, [usable, neverScanned, scan]);

  return {
    lastScan: lastScan.data ?? null,
    lastScanLoading: usable && lastScan.isPending,
    scanning: mutation.isPending,
    scan,
    rescanSoon,
  };
}
