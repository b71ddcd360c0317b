import { describe, expect, it } from 'vitest';
import { resumeTime, startPosition } from './start-position';

describe('where a lesson opens', () => {
  it('at the moment a search hit names (?t=), else where the member left off', () => {
    expect(startPosition('42', 10)).toBe(42);
    expect(startPosition('12.5', 10)).toBe(12.5);
    expect(startPosition(null, 10)).toBe(10);
  });

  it('ignores a ?t= that is not a plain number of seconds', () => {
    for (const t of ['', '-3', 'abc', '1e9', 'Infinity', '12s', '99999999']) expect(startPosition(t, 7), t).toBe(7);
    expect(startPosition(null, Number.NaN)).toBe(0);
  });

  it('opens a lesson played to its last second at its start again', () => {
    expect(resumeTime(119.5, 120)).toBe(0);
    expect(resumeTime(200, 120)).toBe(0);
    expect(resumeTime(60, 120)).toBe(60);
    expect(resumeTime(60, Number.NaN)).toBe(60);
  });
});
