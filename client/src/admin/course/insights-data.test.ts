// The funnel's labels wrapped for SVG text, which does not wrap by itself.
import { describe, expect, it } from 'vitest';
import { wrapLabel } from './insights-data';

describe('wrapLabel', () => {
  it('keeps a title that fits on one line', () => {
    expect(wrapLabel('1. Beyond Newton', 20)).toEqual(['1. Beyond Newton']);
  });

  it('breaks between words, every line within the width', () => {
    const lines = wrapLabel('6. Entanglement, Synchronicity, and the Relational Field', 20);
    expect(lines).toEqual(['6. Entanglement,', 'Synchronicity, and', 'the Relational Field']);
    expect(lines.join(' ')).toBe('6. Entanglement, Synchronicity, and the Relational Field');
  });

  it('cuts a word longer than a line, losing no character', () => {
    expect(wrapLabel('11. Awakening-6656-mwxk3ocj-1', 12)).toEqual(['11.', 'Awakening-66', '56-mwxk3ocj-', '1']);
  });

  it('gives one empty line for an empty title', () => {
    expect(wrapLabel('', 12)).toEqual(['']);
  });
});
