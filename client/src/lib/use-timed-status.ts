// A screen's transient status line (spec §2, §8, §9): each message replaces the last and goes away
// after its own time, 3 s unless the caller says otherwise.
import { useCallback, useEffect, useRef, useState } from 'react';

export const STATUS_DEFAULT_MS = 3000;

/** The messages that stay longer or shorter, as spec §8 (and §5 for refused files) times them. */
export const STATUS_MS = {
  pickedFiles: { tooLarge: 7000, invalidType: 5000 },
  scan: { error: 5000 },
  saveSettings: { error: 4000 },
  upload: { done: 5000, error: 6000 },
  deleteFiles: { done: 4000, error: 6000 },
} as const;

export type StatusTone = 'success' | 'error' | 'info';

export interface Status {
  text: string;
  tone: StatusTone;
}

export type ShowStatus = (text: string, options?: { tone?: StatusTone; durationMs?: number }) => void;

export function useTimedStatus(): { status: Status | null; show: ShowStatus } {
  const [status, setStatus] = useState<Status | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);

  const show = useCallback<ShowStatus>((text, { tone = 'info', durationMs = STATUS_DEFAULT_MS } = {}) => {
    clearTimeout(timer.current);
    setStatus({ text, tone });
    timer.current = setTimeout(() => setStatus(null), durationMs);
  }, []);

  useEffect(() => () => clearTimeout(timer.current), []);

  return { status, show };
}
