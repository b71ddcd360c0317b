// Where a lesson's media opens: at `?t=` seconds when a search hit sent the member to a moment of
// it, else where they left off (CONTRACT §4 progress.positionSeconds).
export function startPosition(t: string | null, positionSeconds: number): number {
  if (t !== null && /^\d{1,7}(\.\d+)?$/.test(t)) return Number(t);
  return Number.isFinite(positionSeconds) && positionSeconds > 0 ? positionSeconds : 0;
}

/** A saved position in the last second is a lesson played to its end: it opens at the start again. */
export function resumeTime(start: number, duration: number): number {
  if (!Number.isFinite(duration) || duration <= 0) return start;
  return start >= duration - 1 ? 0 : start;
}
