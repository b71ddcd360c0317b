// Saving the Global Slider Settings (spec §4, §8, §9): the save call follows the form's values by
// 100 ms, as the original's did after pushing them to its parent. The button counts as busy from the
// click, so a second click in that gap sends nothing twice.
import { useCallback, useEffect, useRef, useState } from 'react';
import type { SliderConfig } from '@shared/slider';
import { serverMessage } from '@/lib/server-message';
import { trpc } from '@/lib/trpc';
import { STATUS_MS, type ShowStatus } from '@/lib/use-timed-status';

const SAVE_DELAY_MS = 100;
const SAVE_FAILED = 'Failed to save';

export function useSettingsSave(showStatus: ShowStatus) {
  const utils = trpc.useUtils();
  const { mutate, mutateAsync, isPending } = trpc.slider.saveConfig.useMutation({
    // Here rather than in mutate's callbacks, which do not run once the section is gone: a save
    // sent as it closes must still refresh what other screens read.
    onSuccess: () => {
      // The Media Manager reads the base path from here, and visitors' slides follow the playlist.
      void utils.slider.invalidate();
      void utils.media.invalidate();
    },
  });
  const [waiting, setWaiting] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  /** The values waiting out the delay, not sent yet. */
  const pending = useRef<SliderConfig | null>(null);

  // Leaving the section during the delay sends the save at once instead of dropping it; nobody is
  // left to read its message, so a refusal is only logged.
  useEffect(
    () => () => {
      clearTimeout(timer.current);
      const config = pending.current;
      pending.current = null;
      if (config) mutateAsync(config).catch((error: unknown) => console.warn('The settings saved on leaving were refused:', error));
    },
    [mutateAsync],
  );

  const save = useCallback(
    (config: SliderConfig) => {
      pending.current = config;
      setWaiting(true);
      clearTimeout(timer.current);
      timer.current = setTimeout(() => {
        pending.current = null;
        setWaiting(false);
        mutate(config, {
          onSuccess: (result) => showStatus(result.message, { tone: 'success' }),
          onError: (error) => showStatus(`Error: ${serverMessage(error, SAVE_FAILED)}`, { tone: 'error', durationMs: STATUS_MS.saveSettings.error }),
        });
      }, SAVE_DELAY_MS);
    },
    [mutate, showStatus],
  );

  return { save, saving: waiting || isPending };
}
