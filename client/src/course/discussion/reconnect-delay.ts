// How long the live stream waits before connecting again after it dropped: 1 s, doubling up to
// 30 s, each wait spread over its upper half so that the readers a restart dropped do not all
// come back in the same instant.
export const RECONNECT_FIRST_MS = 1000;
export const RECONNECT_MAX_MS = 30_000;

/** The wait before this try, from its base (which doubles between tries). */
export function reconnectDelay(baseMs: number, random: () => number = Math.random): number {
  return Math.round(baseMs / 2 + (baseMs / 2) * random());
}

export const nextBase = (baseMs: number) => Math.min(baseMs * 2, RECONNECT_MAX_MS);
