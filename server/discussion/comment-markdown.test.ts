// A comment is inert (CONTRACT §9 "Comments"; issue 36 "The comment renderer"): only emphasis, code
// and links survive, links get rel="nofollow ugc noopener", and the lesson body's XSS payloads
// (tests/support/markdown-xss.ts) run nothing here either.
import { Window } from 'happy-dom';
import { describe, expect, it } from 'vitest';
import { BAD_SCHEME_LINKS, ENCODED_LINKS, ESCAPING_LINK, IMAGES, RAW_HTML } from '../../tests/support/markdown-xss';
import { isCommentHref, renderComment } from './comment-markdown';

const ELEMENTS = new Set(['P', 'EM', 'STRONG', 'CODE', 'PRE', 'A', 'BR']);

/** Parsed as a browser would: only the allow-list's elements, and links only with an absolute http(s) or mailto target and our rel. */
function expectInert(html: string) {
  const window = new Window();
  const body = window.document.createElement('div');
  body.innerHTML = html;
  for (const element of body.querySelectorAll('*')) {
    expect(ELEMENTS.has(element.tagName), `${element.tagName} in ${html}`).toBe(true);
    const allowed = element.tagName === 'A' ? ['href', 'title', 'rel'] : [];
    for (const attribute of element.attributes) expect(allowed, `${attribute.name} in ${html}`).toContain(attribute.name);
    if (element.tagName === 'A') {
      expect(element.getAttribute('href'), html).toMatch(/^(https?:|mailto:)/i);
      expect(element.getAttribute('rel')).toBe('nofollow ugc noopener');
    }
  }
  void window.happyDOM.close();
}

describe('rendering a comment', () => {
  it('keeps emphasis, strong, inline code, code blocks and line breaks', () => {
    const html = renderComment('Some *emphasis*, __strong__ and `x < y`.\nNext line.\n\n```js\nconst a = "<b>";\n```\n\n    indented code');
    expect(html).toBe(
      '<p>Some <em>emphasis</em>, <strong>strong</strong> and <code>x &lt; y</code>.<br>\nNext line.</p>\n' +
        '<pre><code>const a = &quot;&lt;b&gt;&quot;;\n</code></pre>\n<pre><code>indented code\n</code></pre>\n',
    );
    expectInert(html);
  });

  it('shows every other Markdown construct as its text: headings, lists, quotes, tables, strikethrough, rules', () => {
    const html = renderComment('# Title\n\n- one\n1. two\n\n> quote\n\n| a | b |\n|---|---|\n| 1 | 2 |\n\n~~struck~~\n\n---');
    expect(html).toContain('# Title');
    expect(html).toContain('- one');
    expect(html).toContain('&gt; quote');
    expect(html).toContain('| a | b |');
    expect(html).toContain('~~struck~~');
    expectInert(html);
  });

  it('keeps http, https and mailto links, with rel="nofollow ugc noopener", and links bare URLs', () => {
    const html = renderComment(
      '[a](https://example.com/x?y=1) [b](http://example.com) [c](mailto:ann@example.com) <https://auto.example> see https://bare.example/path',
    );
    for (const href of ['https://example.com/x?y=1', 'http://example.com', 'mailto:ann@example.com', 'https://auto.example', 'https://bare.example/path']) {
      expect(html).toContain(`<a href="${href}" rel="nofollow ugc noopener">`);
    }
    expectInert(html);
  });

  it('drops relative links, keeping their text', () => {
    for (const source of ['[d](/course/abc)', '[e](notes.pdf)', '[f](#part-2)', '[g](//evil.example/x)']) {
      expect(renderComment(source), source).toBe(`<p>${source.slice(1, 2)}</p>\n`);
    }
  });

  it("shows the lesson body's raw HTML payloads as text", () => {
    const html = renderComment(RAW_HTML);
    expect(html).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');
    expect(html).not.toMatch(/<(script|img|iframe|svg|b)\b/);
    expectInert(html);
  });

  it("drops the lesson body's javascript:, data:, vbscript: and file: links, plain or encoded", () => {
    for (const source of [...BAD_SCHEME_LINKS, ...ENCODED_LINKS]) {
      const html = renderComment(source);
      expect(html, source).not.toMatch(/<a\b/);
      expectInert(html);
    }
    expect(renderComment('[click](javascript:alert(1))')).toBe('<p>click</p>\n');
  });

  it('shows no image, whatever its source', () => {
    for (const source of IMAGES) {
      const html = renderComment(source);
      expect(html, source).not.toMatch(/<img\b/);
      expectInert(html);
    }
  });

  it('escapes a link title and text', () => {
    const html = renderComment(ESCAPING_LINK);
    expect(html).toContain('title="a&quot; onmouseover=&quot;alert(1)"');
    expect(html).toContain('&lt;b&gt;x&lt;/b&gt;');
    expectInert(html);
  });
});

describe('which comment link targets may stay', () => {
  it('allows absolute http, https and mailto in any case, and nothing else', () => {
    for (const href of ['https://a', 'HTTP://a', 'mailto:a@b']) expect(isCommentHref(href), href).toBe(true);
    for (const href of ['/x', 'x', '#a', '//a', 'javascript:x', 'data:x', 'tel:1', 'ftp://a']) expect(isCommentHref(href), href).toBe(false);
  });
});
