import { describe, expect, it } from 'vitest';
import { isoTime } from './iso-time';

const expected = (ms: number) => new Date(ms).toISOString();

describe('isoTime', () => {
  it('writes every millisecond of a second and the edges of days, months, leap days and years as toISOString does', () => {
    const edges = [
      0,
      Date.UTC(2024, 1, 29, 23, 59, 59, 999),
      Date.UTC(2024, 2, 1),
      Date.UTC(1999, 11, 31, 23, 59, 59, 999),
      Date.UTC(2000, 0, 1),
      Date.UTC(9999, 11, 31, 23, 59, 59, 999),
    ];
    for (const edge of edges) {
      for (let ms = Math.max(0, edge - 1000); ms <= edge + 1000; ms++) expect(isoTime(ms)).toBe(expected(ms));
    }
  });

  it('agrees with toISOString on 200,000 random times from 1970 to 9999, in and out of order', () => {
    const last = Date.UTC(9999, 11, 31, 23, 59, 59, 999);
    const times = Array.from({ length: 100_000 }, () => Math.floor(Math.random() * last));
    // Sorted: runs of one day, as the export reads them; shuffled: a new day every time.
    for (const ms of [...times].sort((a, b) => a - b).concat(times)) {
      if (isoTime(ms) !== expected(ms)) expect(isoTime(ms)).toBe(expected(ms));
    }
  });

  it('hands what it does not cover to toISOString: times before 1970, after 9999, and fractions', () => {
    for (const ms of [-1, -86_400_001, Date.UTC(10000, 0, 1), 1.5, 8.64e15]) expect(isoTime(ms)).toBe(expected(ms));
    expect(() => isoTime(Number.NaN)).toThrow(RangeError);
  });
});
