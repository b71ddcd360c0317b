import { describe, expect, it } from 'vitest';
import { contentDisposition } from './content-disposition';

describe('Content-Disposition with a file name (RFC 6266)', () => {
  it('sends a plain ASCII name as it is, quoted', () => {
    expect(contentDisposition('inline', 'talk.mp4')).toBe('inline; filename="talk.mp4"');
    expect(contentDisposition('attachment', 'Workbook (v2).pdf')).toBe('attachment; filename="Workbook (v2).pdf"');
  });

  it('gives any other name an ASCII fallback and the exact name in filename*, percent-encoded UTF-8', () => {
    expect(contentDisposition('attachment', 'Übung – 1.pdf')).toBe(`attachment; filename="_bung _ 1.pdf"; filename*=UTF-8''%C3%9Cbung%20%E2%80%93%201.pdf`);
    expect(contentDisposition('attachment', "it's (1)*.txt")).toBe(`attachment; filename="it's (1)*.txt"`);
    expect(contentDisposition('attachment', 'a😀.txt')).toBe(`attachment; filename="a__.txt"; filename*=UTF-8''a%F0%9F%98%80.txt`);
  });

  it('never lets a name end the quoted string, escape it, or start a new header line', () => {
    const header = contentDisposition('attachment', 'a"; filename="evil.html\\\r\nSet-Cookie: x=1');
    expect(header).toBe(
      `attachment; filename="a_; filename=_evil.html___Set-Cookie: x=1"; filename*=UTF-8''a%22%3B%20filename%3D%22evil.html%5C%0D%0ASet-Cookie%3A%20x%3D1`,
    );
    expect(header).not.toMatch(/[\r\n]/);
  });
});
