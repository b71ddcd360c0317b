// The Media Manager's file scanner (spec §4): the saved base path's scans and last scan, and silent
// rescans half a second after an upload or a delete.
import { useCallback, useEffect, useRef } from 'react';
import { useLastScan } from '@/lib/use-last-scan';
import { useMediaScan, type ScanButton } from '@/lib/use-media-scan';
import type { ShowStatus } from '@/lib/use-timed-status';
import { basePathUsable, type BasePathState } from './use-base-path';

/** Spec §9. */
const RESCAN_DELAY_MS = 500;

export function useScanner(basePath: BasePathState, showStatus: ShowStatus) {
  const { scan, scanning, pressed } = useMediaScan(showStatus);
  // No path named: the server scans the one saved in the slider settings, which is also where
  // uploads go. With none saved, '' has the scan refuse without a call.
  const target = basePath === 'missing' ? '' : undefined;
  const last = useLastScan(undefined, basePathUsable(basePath), scan);
  const timers = useRef(new Set<ReturnType<typeof setTimeout>>());

  const scanFrom = useCallback((from: ScanButton) => void scan(target, { from }), [scan, target]);

  /** Spec §4, §9: a quiet rescan shortly after the library changed. */
  const rescanSoon = useCallback(() => {
    const timer = setTimeout(() => {
      timers.current.delete(timer);
      void scan(target, { silent: true });
    }, RESCAN_DELAY_MS);
    timers.current.add(timer);
  }, [scan, target]);

  useEffect(() => {
    const pending = timers.current;
    return () => {
      for (const timer of pending) clearTimeout(timer);
      pending.clear();
    };
  }, []);

  return {
    lastScan: last.lastScan,
    lastScanLoading: last.loading,
    scanning,
    pressed,
    scan: scanFrom,
    rescanSoon,
  };
}

export type Scanner = ReturnType<typeof useScanner>;
