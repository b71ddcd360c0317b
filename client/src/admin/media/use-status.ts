// The section's one status line (spec §2, §9): each message replaces the last and disappears
// after its own time, 3 s unless the message says otherwise.
import { useCallback, useEffect, useRef, useState } from 'react';

export const STATUS_DEFAULT_MS = 3000;

export type ShowStatus = (text: string, durationMs?: number) => void;

export function useStatus(): { text: string; show: ShowStatus } {
  const [text, setText] = useState('');
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);

  const show = useCallback<ShowStatus>((next, durationMs = STATUS_DEFAULT_MS) => {
    clearTimeout(timer.current);
    setText(next);
    timer.current = setTimeout(() => setText(''), durationMs);
  }, []);

  useEffect(() => () => clearTimeout(timer.current), []);

  return { text, show };
}
