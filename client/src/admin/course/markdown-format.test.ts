import { describe, expect, it } from 'vitest';
import { applyFormat, type Edit } from './markdown-format';

/** Text with the selection marked by [ and ] (or a lone | for a caret), as an Edit; and back. */
function at(marked: string): Edit {
  const caret = marked.indexOf('|');
  if (caret !== -1) return { value: marked.replace('|', ''), start: caret, end: caret };
  const start = marked.indexOf('[');
  const end = marked.indexOf(']') - 1;
  return { value: marked.replace('[', '').replace(']', ''), start, end };
}
const shown = ({ value, start, end }: Edit) =>
  start === end ? `${value.slice(0, start)}|${value.slice(start)}` : `${value.slice(0, start)}[${value.slice(start, end)}]${value.slice(end)}`;

describe("the lesson editor's toolbar", () => {
  it('wraps the selection in marks and unwraps it on a second press', () => {
    expect(shown(applyFormat('bold', at('a [word] b')))).toBe('a **[word]** b');
    expect(shown(applyFormat('bold', at('a **[word]** b')))).toBe('a [word] b');
    expect(shown(applyFormat('italic', at('[x]')))).toBe('_[x]_');
    expect(shown(applyFormat('code', at('run [npm test] now')))).toBe('run `[npm test]` now');
  });

  it('without a selection, inserts a placeholder, selected for typing over', () => {
    expect(shown(applyFormat('bold', at('a |b')))).toBe('a **[bold text]**b');
    expect(shown(applyFormat('link', at('see |')))).toBe('see [[link text]](https://)');
  });

  it('makes the selection a link and selects the address to type', () => {
    expect(shown(applyFormat('link', at('read [the guide] now')))).toBe('read [the guide]([https://]) now');
  });

  it('starts each selected line with its prefix, numbering a list, and takes them off again', () => {
    expect(shown(applyFormat('bullets', at('intro\n[one\ntwo]\nend')))).toBe('intro\n[- one\n- two]\nend');
    expect(shown(applyFormat('bullets', at('intro\n[- one\n- two]\nend')))).toBe('intro\n[one\ntwo]\nend');
    expect(shown(applyFormat('numbers', at('[a\nb\nc]')))).toBe('[1. a\n2. b\n3. c]');
    expect(shown(applyFormat('numbers', at('[1. a\n2. b]')))).toBe('[a\nb]');
    expect(shown(applyFormat('quote', at('said|')))).toBe('[> said]');
  });

  it('a heading takes the whole line the caret is on, and only that line', () => {
    expect(shown(applyFormat('heading', at('first\nTi|tle\nlast')))).toBe('first\n[## Title]\nlast');
    expect(shown(applyFormat('heading', at('[Title\n]last')))).toBe('[## Title]\nlast');
  });
});
