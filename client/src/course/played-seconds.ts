// CONTRACT §4: playedSeconds is the unique seconds played, "as the player's played ranges count
// them, never more than the duration". A seek to the end adds nothing, and watching a stretch twice
// counts it once, so the server's 90 % rule cannot be reached by skipping.

/** The part of TimeRanges this reads: the browser's media.played, or a test's stand-in. */
export interface Ranges {
  readonly length: number;
  start(index: number): number;
  end(index: number): number;
}

/**
 * Whole seconds covered by `ranges`, overlaps counted once, clipped to [0, duration]. The browser
 * already merges media.played, but a range list is not trusted to be sorted or disjoint here.
 */
export function playedSecondsOf(ranges: Ranges, duration: number): number {
  const limit = Number.isFinite(duration) && duration > 0 ? duration : Infinity;
  const spans: Array<[number, number]> = [];
  for (let index = 0; index < ranges.length; index += 1) {
    const start = Math.max(0, ranges.start(index));
    const end = Math.min(limit, ranges.end(index));
    if (end > start) spans.push([start, end]);
  }
  spans.sort((a, b) => a[0] - b[0]);
  let total = 0;
  let reached = 0;
  for (const [start, end] of spans) {
    const from = Math.max(start, reached);
    if (end > from) total += end - from;
    reached = Math.max(reached, end);
  }
  // Rounded down: a second is counted once it has been played whole.
  return Math.floor(Number.isFinite(total) ? total : 0);
}
