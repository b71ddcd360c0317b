// CONTRACT §4: playedSeconds is the unique seconds played, "as the player's played ranges count
// them, never more than the duration". A seek to the end adds nothing, and watching a stretch twice
// counts it once, so the server's 90 % rule cannot be reached by skipping.

/** The part of TimeRanges this reads: the browser's media.played, or a test's stand-in. */
export interface Ranges {
  readonly length: number;
  start(index: number): number;
  end(index: number): number;
}

/** [start, end) in seconds. */
export type Span = readonly [number, number];

/**
 * The stretches of `ranges` (any number of range lists: this visit's media.played and what earlier
 * visits played), clipped to [0, duration], sorted, overlaps merged. The browser already merges
 * media.played, but a range list is not trusted to be sorted or disjoint here.
 */
export function playedSpans(duration: number, ...lists: Array<Ranges | readonly Span[]>): Span[] {
  const limit = Number.isFinite(duration) && duration > 0 ? duration : Infinity;
  const spans: Array<[number, number]> = [];
  for (const list of lists) {
    const count = list.length;
    for (let index = 0; index < count; index += 1) {
      const [rawStart, rawEnd] = 'start' in list ? [list.start(index), list.end(index)] : list[index]!;
      const start = Math.max(0, rawStart);
      const end = Math.min(limit, rawEnd);
      if (end > start) spans.push([start, end]);
    }
  }
  spans.sort((a, b) => a[0] - b[0]);
  const merged: Array<[number, number]> = [];
  for (const [start, end] of spans) {
    const last = merged.at(-1);
    if (last && start <= last[1]) last[1] = Math.max(last[1], end);
    else merged.push([start, end]);
  }
  return merged;
}

/** Whole seconds the spans cover: a second is counted once it has been played whole. */
export function secondsIn(spans: readonly Span[]): number {
  const total = spans.reduce((sum, [start, end]) => sum + (end - start), 0);
  return Math.floor(Number.isFinite(total) ? total : 0);
}
