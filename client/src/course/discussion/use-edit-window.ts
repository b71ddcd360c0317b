// Whether the member may still edit their comment: its author, within COMMENT_EDIT_WINDOW_MS of
// posting (the server decides; this only takes Edit away when the window closes).
import { useEffect, useState } from 'react';
import { COMMENT_EDIT_WINDOW_MS } from '@shared/discussion';

export function useEditWindow(createdAt: string, mine: boolean): boolean {
  const closesAt = Date.parse(createdAt) + COMMENT_EDIT_WINDOW_MS;
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (!mine || now >= closesAt) return;
    const timer = setTimeout(() => setNow(Date.now()), closesAt - now);
    return () => clearTimeout(timer);
  }, [mine, closesAt, now]);
  return mine && now < closesAt;
}
