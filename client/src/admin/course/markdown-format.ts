// The lesson editor's toolbar as text edits over the Markdown source (issue 26 "The lesson
// editor"): each button wraps the selection in marks or starts its lines with a prefix, and a
// second press takes them off again. Plain functions of (text, selection), so the textarea's
// component only applies the result.

export interface Edit {
  value: string;
  start: number;
  end: number;
}

export const FORMATS = ['bold', 'italic', 'code', 'link', 'heading', 'bullets', 'numbers', 'quote'] as const;
export type Format = (typeof FORMATS)[number];

/** Each button's name (its accessible name too) and the keyboard shortcut the textarea takes for it. */
export const FORMAT_LABELS: Record<Format, { label: string; text: string; key?: string }> = {
  bold: { label: 'Bold', text: 'B', key: 'b' },
  italic: { label: 'Italic', text: 'I', key: 'i' },
  code: { label: 'Code', text: '</>' },
  link: { label: 'Link', text: 'Link', key: 'k' },
  heading: { label: 'Heading', text: 'H' },
  bullets: { label: 'Bulleted list', text: '• Bulleted' },
  numbers: { label: 'Numbered list', text: 'Numbered' },
  quote: { label: 'Quote', text: '❝' },
};

const WRAPS = { bold: ['**', 'bold text'], italic: ['_', 'italic text'], code: ['`', 'code'] } as const;
const LINK_PLACEHOLDER = 'https://';

export function applyFormat(format: Format, { value, start, end }: Edit): Edit {
  switch (format) {
    case 'bold':
    case 'italic':
    case 'code': {
      const [mark, placeholder] = WRAPS[format];
      return wrap({ value, start, end }, mark, placeholder);
    }
    case 'link':
      return link({ value, start, end });
    case 'heading':
      return prefixLines({ value, start, end }, () => '## ');
    case 'bullets':
      return prefixLines({ value, start, end }, () => '- ');
    case 'numbers':
      return prefixLines({ value, start, end }, (index) => `${index + 1}. `);
    case 'quote':
      return prefixLines({ value, start, end }, () => '> ');
  }
}

function wrap({ value, start, end }: Edit, mark: string, placeholder: string): Edit {
  const before = value.slice(0, start);
  const after = value.slice(end);
  // Already wrapped just outside the selection: unwrap.
  if (start !== end && before.endsWith(mark) && after.startsWith(mark)) {
    return { value: before.slice(0, -mark.length) + value.slice(start, end) + after.slice(mark.length), start: start - mark.length, end: end - mark.length };
  }
  const inner = start === end ? placeholder : value.slice(start, end);
  return { value: `${before}${mark}${inner}${mark}${after}`, start: start + mark.length, end: start + mark.length + inner.length };
}

function link({ value, start, end }: Edit): Edit {
  const text = start === end ? 'link text' : value.slice(start, end);
  const inserted = `[${text}](${LINK_PLACEHOLDER})`;
  const next = value.slice(0, start) + inserted + value.slice(end);
  // With a selection, the address is what is left to type; without, the link's text first.
  if (start === end) return { value: next, start: start + 1, end: start + 1 + text.length };
  const urlAt = start + text.length + 3;
  return { value: next, start: urlAt, end: urlAt + LINK_PLACEHOLDER.length };
}

const NUMBERED = /^\d+\. /;

function prefixLines({ value, start, end }: Edit, prefixOf: (index: number) => string): Edit {
  const lineStart = value.lastIndexOf('\n', start - 1) + 1;
  // A selection that ends just after a line break does not take the next line in.
  const lastChar = end > start && value[end - 1] === '\n' ? end - 1 : end;
  const lineEndAt = value.indexOf('\n', lastChar);
  const lineEnd = lineEndAt === -1 ? value.length : lineEndAt;
  const lines = value.slice(lineStart, lineEnd).split('\n');
  const numbered = prefixOf(0) === '1. ';
  const has = (line: string, index: number) => (numbered ? NUMBERED.test(line) : line.startsWith(prefixOf(index)));
  const remove = lines.every(has);
  const changed = lines.map((line, index) => {
    if (remove) return numbered ? line.replace(NUMBERED, '') : line.slice(prefixOf(index).length);
    return prefixOf(index) + line;
  });
  const block = changed.join('\n');
  return { value: value.slice(0, lineStart) + block + value.slice(lineEnd), start: lineStart, end: lineStart + block.length };
}
