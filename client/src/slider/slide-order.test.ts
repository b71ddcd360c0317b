import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { sequentialOrder, shuffled, shuffledOrder } from './slide-order';

const never = () => false;

describe('slide order', () => {
  it('walks the playlist in order and wraps around', () => {
    const order = sequentialOrder(3);
    expect(Array.from({ length: 7 }, () => order.next(never))).toEqual([0, 1, 2, 0, 1, 2, 0]);
  });

  it('passes over skipped slides and answers null when every slide is skipped', () => {
    const order = sequentialOrder(4);
    expect(Array.from({ length: 4 }, () => order.next((i) => i === 1))).toEqual([0, 2, 3, 0]);
    expect(order.next(() => true)).toBeNull();
    expect(sequentialOrder(0).next(never)).toBeNull();
  });

  it('a shuffle is a permutation that avoids the given first entry', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 30 }),
        fc.array(fc.double({ min: 0, max: 0.999999, noNaN: true }), { minLength: 40, maxLength: 40 }),
        fc.nat(),
        (count, draws, avoid) => {
          let i = 0;
          const random = () => draws[i++ % draws.length]!;
          const bag = shuffled(count, random, avoid % count);
          expect([...bag].sort((a, b) => a - b)).toEqual(Array.from({ length: count }, (_, k) => k));
          if (count > 1) expect(bag[0]).not.toBe(avoid % count);
        },
      ),
    );
  });

  it('a shuffled order shows each slide once per round and never the same one twice in a row', () => {
    fc.assert(
      fc.property(fc.integer({ min: 2, max: 12 }), fc.infiniteStream(fc.double({ min: 0, max: 0.999999, noNaN: true })), (count, stream) => {
        const iterator = stream[Symbol.iterator]();
        const order = shuffledOrder(count, () => iterator.next().value as number);
        const shown = Array.from({ length: count * 25 }, () => order.next(never)!);
        shown.slice(1).forEach((index, i) => expect(index).not.toBe(shown[i]));
        for (let round = 0; round < shown.length; round += count) {
          expect(new Set(shown.slice(round, round + count)).size).toBe(count);
        }
      }),
      { numRuns: 200 },
    );
  });

  it('a shuffled order with a skipped slide still never repeats the previous one', () => {
    fc.assert(
      fc.property(fc.integer({ min: 3, max: 8 }), fc.nat(), fc.infiniteStream(fc.double({ min: 0, max: 0.999999, noNaN: true })), (count, broken, stream) => {
        const iterator = stream[Symbol.iterator]();
        const order = shuffledOrder(count, () => iterator.next().value as number);
        let previous: number | null = null;
        for (let step = 0; step < count * 20; step++) {
          const shown = previous;
          const index = order.next((i) => i === broken % count || i === shown);
          expect(index).not.toBeNull();
          expect(index).not.toBe(previous);
          expect(index).not.toBe(broken % count);
          previous = index;
        }
      }),
      { numRuns: 200 },
    );
  });
});
