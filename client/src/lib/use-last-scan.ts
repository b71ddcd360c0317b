// The last scan of a base path (its time is the version that busts cached previews, spec §7), and
// spec §4's first scan: run by itself, once, when the base path was never scanned.
import { useEffect, useRef } from 'react';
import type { Scan } from './use-media-scan';
import { trpc } from './trpc';

/** `basePath`: undefined reads the saved one's. */
export function useLastScan(basePath: string | undefined, enabled: boolean, scan: Scan) {
  const query = trpc.media.lastScan.useQuery(basePath === undefined ? {} : { basePath }, { enabled });
  const autoScanned = useRef(new Set<string | undefined>());

  useEffect(() => {
    if (query.error) console.warn('Could not read the last scan:', query.error);
  }, [query.error]);

  const neverScanned = enabled && query.isSuccess && query.data === null;
  useEffect(() => {
    if (!neverScanned || autoScanned.current.has(basePath)) return;
    autoScanned.current.add(basePath);
    void scan(basePath, { silent: true });
  }, [basePath, neverScanned, scan]);

  return {
    lastScan: (enabled && query.data) || null,
    loading: enabled && query.isPending,
  };
}
