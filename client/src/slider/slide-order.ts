// Which slide comes next: the playlist's order, or a shuffle that shows every slide once per round.
// `random` is injectable so tests can drive the shuffle; it returns a number in [0, 1) like Math.random.

export type Random = () => number;

export interface SlideOrder {
  /**
   * The next slide index that `skip` accepts, or null when none does. A slide that `skip` turns
   * down (broken, or the one on screen) loses its turn in this round rather than blocking the show.
   */
  next(skip: (index: number) => boolean): number | null;
}

export function sequentialOrder(count: number): SlideOrder {
  let last = -1;
  return {
    next(skip) {
      for (let step = 1; step <= count; step++) {
        const index = (last + step) % count;
        if (!skip(index)) {
          last = index;
          return index;
        }
      }
      return null;
    },
  };
}

/** A Fisher-Yates permutation of 0..count-1 whose first entry is not `avoidFirst` (when count > 1). */
export function shuffled(count: number, random: Random, avoidFirst = -1): number[] {
  const bag = Array.from({ length: count }, (_, index) => index);
  for (let i = count - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [bag[i], bag[j]] = [bag[j]!, bag[i]!];
  }
  // The round boundary is where a plain reshuffle repeats itself: the new round may open with the
  // slide that closed the old one. Swapping it away keeps "each slide once per round" intact.
  if (count > 1 && bag[0] === avoidFirst) {
    const j = 1 + Math.floor(random() * (count - 1));
    [bag[0], bag[j]] = [bag[j]!, bag[0]!];
  }
  return bag;
}

export function shuffledOrder(count: number, random: Random = Math.random): SlideOrder {
  let bag: number[] = [];
  let position = 0;
  let last = -1;
  return {
    next(skip) {
      // Two rounds are always enough to meet every index at least once.
      for (let draws = 0; draws < 2 * count; draws++) {
        if (position >= bag.length) {
          bag = shuffled(count, random, last);
          position = 0;
        }
        const index = bag[position++]!;
        if (!skip(index)) {
          last = index;
          return index;
        }
      }
      return null;
    },
  };
}
