import { describe, expect, it } from 'vitest';
import { playedSecondsOf, type Ranges } from './played-seconds';

const ranges = (...spans: Array<[number, number]>): Ranges => ({
  length: spans.length,
  start: (index) => spans[index]![0],
  end: (index) => spans[index]![1],
});

describe('the unique seconds played', () => {
  it('adds separate stretches', () => {
    expect(playedSecondsOf(ranges([0, 10], [20, 25]), 60)).toBe(15);
  });

  it('counts a stretch played twice once, in whatever order the ranges come', () => {
    expect(playedSecondsOf(ranges([20, 40], [0, 30], [5, 10]), 60)).toBe(40);
  });

  it('gives a seek to the end only the seconds played there', () => {
    expect(playedSecondsOf(ranges([0, 3], [118, 120]), 120)).toBe(5);
  });

  it('never counts more than the duration', () => {
    expect(playedSecondsOf(ranges([0, 130.4]), 120)).toBe(120);
    expect(playedSecondsOf(ranges([-5, 10]), 120)).toBe(10);
  });

  it('counts a second once it has been played whole', () => {
    expect(playedSecondsOf(ranges([0, 9.99]), 60)).toBe(9);
    expect(playedSecondsOf(ranges([0, 0.4], [0.4, 1.2]), 60)).toBe(1);
  });

  it('reads ranges before the duration is known, and nothing as zero', () => {
    expect(playedSecondsOf(ranges([0, 12.5]), Number.NaN)).toBe(12);
    expect(playedSecondsOf(ranges([0, 12.5]), Infinity)).toBe(12);
    expect(playedSecondsOf(ranges(), 60)).toBe(0);
  });
});
