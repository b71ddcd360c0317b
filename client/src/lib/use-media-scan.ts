// Scanning a media base path (spec §4, §8, §9), as both admin sections do it: a manual scan says on
// the status line how it went, a silent one (the first scan, the rescan after an upload or delete)
// only logs a failure. The sections cache last scans and file lists under different keys (the saved
// base path, or none meaning the saved one), so a scan refreshes them all.
import { useCallback, useState } from 'react';
import { MESSAGES } from '@shared/messages';
import { serverMessage } from './server-message';
import { trpc } from './trpc';
import { invalidateLibrary } from './use-library-pages';
import { STATUS_MS, type ShowStatus } from './use-timed-status';

/** Spec §8. */
export const SCAN_FAILED = 'Scan failed';

/** Which of a panel's two buttons asked for a scan, so that only it shows the spinner. */
export type ScanButton = 'scan' | 'rescan';

/** The pressed button spins; the other refuses clicks until that scan is done. */
export function scanButtonState(pressed: ScanButton | null, button: ScanButton) {
  return { busy: pressed === button, disabled: pressed !== null && pressed !== button };
}

export interface ScanOptions {
  silent?: boolean;
  from?: ScanButton;
}

/**
 * `basePath`: the folder to scan; undefined scans the saved one, and '' is refused without a call.
 * Resolves to whether the folder was scanned.
 */
export type Scan = (basePath: string | undefined, options?: ScanOptions) => Promise<boolean>;

export function useMediaScan(showStatus: ShowStatus) {
  const utils = trpc.useUtils();
  const { mutateAsync, isPending } = trpc.media.scan.useMutation();
  const [pressed, setPressed] = useState<ScanButton | null>(null);

  const scan = useCallback<Scan>(
    (basePath, { silent = false, from } = {}) => {
      const requested = basePath?.trim();
      // Spec §5: without a base path the server would fall back to the saved one, which is not
      // what the admin asked to scan.
      if (requested === '') {
        if (!silent) showStatus(MESSAGES.noBasePath, { tone: 'error', durationMs: STATUS_MS.scan.error });
        return Promise.resolve(false);
      }
      if (from) setPressed(from);
      // The promise rather than mutate's callbacks: those are skipped for a scan that another one
      // (a silent rescan, say) overtook, and the spinner would then never stop.
      return mutateAsync(requested === undefined ? {} : { basePath: requested })
        .then(
          (result) => {
            // The scan may have found files put there by hand.
            void utils.media.lastScan.invalidate();
            void invalidateLibrary(utils);
            if (!silent) showStatus(result.message, { tone: 'success' });
            return true;
          },
          (error: unknown) => {
            if (silent) console.warn('Automatic scan failed:', error);
            else showStatus(`Scan error: ${serverMessage(error, SCAN_FAILED)}`, { tone: 'error', durationMs: STATUS_MS.scan.error });
            return false;
          },
        )
        .finally(() => {
          if (from) setPressed(null);
        });
    },
    [mutateAsync, showStatus, utils],
  );

  return {
    scan,
    /** Any scan, silent ones too. */
    scanning: isPending,
    /** The button of the manual scan under way, if one is. */
    pressed,
  };
}
