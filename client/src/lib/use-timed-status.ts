// A screen's transient status line (spec §2, §8, §9): each message replaces the last and goes away
// after its own time, 3 s unless the caller says otherwise.
import { useCallback, useEffect, useRef, useState } from 'react';

export const STATUS_DEFAULT_MS = 3000;

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
