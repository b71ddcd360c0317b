// Where a lesson's media opens: at `?t=` seconds when a search hit sent the member to a moment of
// it, else where they left off (CONTRACT §4 progress.positionSeconds).
export function startPosition(t: string | null, positionSeconds: number): number {
  const moment = momentOf(t);
  if (moment !== null) return moment;
  return Number.isFinite(positionSeconds) && positionSeconds > 0 ? positionSeconds : 0;
}

/** The moment a `?t=` names, in seconds; null when it is absent or not a plain number of seconds. */
export function momentOf(t: string | null): number | null {
  return t !== null && /^\d{1,7}(\.\d+)?$/.test(t) ? Number(t) : null;
}

/** A saved position in the last second is a lesson played to its end: it opens at the start again. */
export function resumeTime(start: number, duration: number): number {
  if (!Number.isFinite(duration) || duration <= 0) return start;
  return start >= duration - 1 ? 0 : start;
}
