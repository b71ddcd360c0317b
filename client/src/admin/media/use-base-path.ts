// Whether a media base path is configured (Background Manager sets it in the slider config).
// Without one there is nothing to scan, list or upload into (spec §5).
import { useEffect } from 'react';
import { trpc } from '@/lib/trpc';

/**
 * loading: not known yet; set / missing: as configured; unknown: the config could not be read,
 * so the screen goes ahead and lets the server say what is wrong.
 */
export type BasePathState = 'loading' | 'set' | 'missing' | 'unknown';

export const NO_BASE_PATH_FOR_UPLOAD = 'Please set a base path in Background Manager first.';

export function useBasePath(): BasePathState {
  const config = trpc.slider.config.useQuery();

  useEffect(() => {
    if (config.error) console.warn('Could not read the slider settings:', config.error);
  }, [config.error]);

  if (config.data) return config.data.backgroundsBasePath.trim() ? 'set' : 'missing';
  return config.error ? 'unknown' : 'loading';
}

/** Whether calls that need a base path may be made. */
export function basePathUsable(state: BasePathState): boolean {
  return state === 'set' || state === 'unknown';
}
