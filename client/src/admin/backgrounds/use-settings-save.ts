// Saving the Global Slider Settings (spec §4, §8, §9): the form's values are pushed to the section
// first, and the save call follows 100 ms later, as the original did to let the pushed state settle.
// The button counts as busy from the push, so a second click in that gap sends nothing twice.
import { useCallback, useEffect, useRef, useState } from 'react';
import type { SliderConfig } from '../../../../shared/slider';
import { serverMessage } from '../../lib/server-message';
import { trpc } from '../../lib/trpc';
import type { ShowStatus } from './use-status-message';

export const SAVE_DELAY_MS = 100;
const SAVE_ERROR_MS = 4000;
const SAVE_FAILED = 'Failed to save';

export function useSettingsSave(push: (config: SliderConfig) => void, showStatus: ShowStatus) {
  const utils = trpc.useUtils();
  const { mutate, isPending } = trpc.slider.saveConfig.useMutation();
  const [waiting, setWaiting] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);

  useEffect(() => () => clearTimeout(timer.current), []);

  const save = useCallback(
    (config: SliderConfig) => {
      push(config);
      setWaiting(true);
      clearTimeout(timer.current);
      timer.current = setTimeout(() => {
        setWaiting(false);
        mutate(config, {
          onSuccess: (result) => {
            showStatus(result.message, { tone: 'success' });
            // The Media Manager reads the base path from here, and visitors' slides follow the playlist.
            void utils.slider.invalidate();
            void utils.media.invalidate();
          },
          onError: (error) => showStatus(`Error: ${serverMessage(error, SAVE_FAILED)}`, { tone: 'error', durationMs: SAVE_ERROR_MS }),
        });
      }, SAVE_DELAY_MS);
    },
    [mutate, push, showStatus, utils],
  );

  return { save, saving: waiting || isPending };
}
