// A lesson body is inert (CONTRACT §4 "Content"; issue 26 "Markdown is inert"): whatever the admin
// writes, what members get runs nothing and links nowhere but http, https, mailto and relative.
import { Window } from 'happy-dom';
import { describe, expect, it } from 'vitest';
import { BAD_SCHEME_LINKS, ENCODED_LINKS, ESCAPING_LINK, IMAGES, RAW_HTML } from '../../../tests/support/markdown-xss';
import { isAllowedHref, renderLessonBody, type LessonImages } from './markdown';

// Markdown's own elements, and the attributes markdown-it gives them.
const ELEMENTS = new Set([
  'P',
  'H1',
  'H2',
  'H3',
  'H4',
  'H5',
  'H6',
  'EM',
  'STRONG',
  'S',
  'A',
  'UL',
  'OL',
  'LI',
  'BLOCKQUOTE',
  'PRE',
  'CODE',
  'HR',
  'BR',
  'TABLE',
  'THEAD',
  'TBODY',
  'TR',
  'TH',
  'TD',
]);
const ATTRIBUTES = new Set(['href', 'title', 'class', 'start']);
// An image (the lesson's own file only) has these, and its src is always a signed file URL.
const IMAGE_ATTRIBUTES = new Set(['src', 'alt', 'title', 'width', 'height', 'loading', 'decoding']);
const SIGNED = /^\/course-files\/[\w-]+\?u=/;

/** Parsed as a browser would: only Markdown's elements and attributes, no link but the allowed ones, and no image but the lesson's own. */
function expectInert(html: string) {
  const window = new Window();
  const body = window.document.createElement('div');
  body.innerHTML = html;
  for (const element of body.querySelectorAll('*')) {
    if (element.tagName === 'IMG') {
      for (const attribute of element.attributes) expect(IMAGE_ATTRIBUTES.has(attribute.name), `${attribute.name} in ${html}`).toBe(true);
      expect(element.getAttribute('src'), html).toMatch(SIGNED);
      continue;
    }
    expect(ELEMENTS.has(element.tagName), `${element.tagName} in ${html}`).toBe(true);
    for (const attribute of element.attributes) expect(ATTRIBUTES.has(attribute.name), `${attribute.name} in ${html}`).toBe(true);
    const href = element.getAttribute('href');
    if (href !== null) expect(href, html).toMatch(/^(https?:|mailto:|[^:]*$|[^:]*[/?#])/i);
  }
  void window.happyDOM.close();
}

describe('rendering a lesson body', () => {
  it('renders CommonMark with GFM tables and strikethrough', () => {
    const html = renderLessonBody('# Title\n\nSome *emphasis*, **strong** and ~~struck~~ text.\n\n| a | b |\n|:--|--:|\n| 1 | 2 |\n\n- one\n- two\n');
    expect(html).toContain('<h1>Title</h1>');
    expect(html).toContain('<em>emphasis</em>');
    expect(html).toContain('<s>struck</s>');
    expect(html).toContain('<table>');
    // Alignment as a class: the site's CSP refuses style attributes in HTML.
    expect(html).toContain('<th class="align-left">a</th>');
    expect(html).toContain('<td class="align-right">2</td>');
    expect(html).toContain('<li>one</li>');
    expectInert(html);
  });

  it('shows raw HTML as text: <script>, <img onerror>, <iframe>, <svg onload>', () => {
    const html = renderLessonBody(RAW_HTML);
    expect(html).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');
    expect(html).toContain('&lt;img src=x onerror=&quot;alert(1)&quot;&gt;');
    expectInert(html);
    expect(html).not.toMatch(/<b\b/);
    expect(html).not.toMatch(/<(script|img|iframe|svg)\b/);
  });

  it('keeps http, https, mailto and relative links', () => {
    const html = renderLessonBody(
      '[a](https://example.com/x?y=1#z) [b](http://example.com) [c](mailto:ann@example.com) [d](/course/abc) [e](notes.pdf) [f](#part-2) <https://auto.example>',
    );
    for (const href of [
      'https://example.com/x?y=1#z',
      'http://example.com',
      'mailto:ann@example.com',
      '/course/abc',
      'notes.pdf',
      '#part-2',
      'https://auto.example',
    ]) {
      expect(html).toContain(`href="${href}"`);
    }
  });

  it('drops javascript:, data:, vbscript: and file: links, keeping their text', () => {
    const sources = BAD_SCHEME_LINKS;
    for (const source of sources) {
      const html = renderLessonBody(source);
      expect(html, source).not.toContain('<a');
      expectInert(html);
    }
    expect(renderLessonBody('[click](javascript:alert(1))')).toBe('<p>click</p>\n');
  });

  it('drops links whose entities decode to javascript: or data:', () => {
    const sources = ENCODED_LINKS;
    for (const source of sources) {
      const html = renderLessonBody(source);
      expect(html, source).not.toMatch(/<a\b/);
      expectInert(html);
    }
  });

  it("shows an image without the lesson's images as its alt text only, whatever its source", () => {
    for (const source of IMAGES.slice(0, -1)) {
      expect(renderLessonBody(source), source).toBe('<p>alt</p>\n');
    }
    expect(renderLessonBody('a ![x](/a.png) b')).toBe('<p>a x b</p>\n');
    // Not an image at all (a space in the target): the source shows as text, escaped.
    expect(renderLessonBody(IMAGES.at(-1)!)).toBe('<p>![alt](data:image/svg+xml,&lt;svg onload=alert(1)&gt;)</p>\n');
  });

  // What file-answers.ts's lessonImages answers for a lesson whose one image is "Plan of the field.png".
  const urls: string[] = [];
  // As an attribute value: escaped.
  const lastSrc = () => urls.at(-1)!.replaceAll('&', '&amp;');
  const images: LessonImages = (name) => {
    if (name.toLowerCase() === 'no size.webp') return { src: '/course-files/f2?u=m1&e=9&s=sig', width: null, height: null };
    if (name.toLowerCase() !== 'plan of the field.png') return undefined;
    const url = `/course-files/f1?u=m1&e=9&s=sig${urls.length}`;
    urls.push(url);
    return { src: url, width: 640, height: 480 };
  };

  it("shows an image whose target names one of the lesson's images, through the URL it is given, with alt text and lazy loading", () => {
    const html = renderLessonBody('See ![The *field*, drawn](<Plan of the field.png> "A plan")', images);
    expect(html).toBe(`<p>See <img src="${lastSrc()}" alt="The field, drawn" title="A plan" width="640" height="480" loading="lazy" decoding="async"></p>\n`);
    // An image whose size could not be read declares none.
    expect(renderLessonBody('![w](no%20size.webp)', images)).toBe(
      '<p><img src="/course-files/f2?u=m1&amp;e=9&amp;s=sig" alt="w" loading="lazy" decoding="async"></p>\n',
    );
    expectInert(html);
    // Percent-encoded, in another case, or through a reference: the same file.
    for (const source of ['![p](Plan%20of%20the%20field.png)', '![p](PLAN%20OF%20THE%20FIELD.PNG)', '![p][plan]\n\n[plan]: <plan of the field.png>']) {
      const shown = renderLessonBody(source, images);
      expect(shown, source).toContain(`<img src="${lastSrc()}" alt="p"`);
      expectInert(shown);
    }
  });

  it('shows any other image as its alt text, escaped: other names, paths, schemes, entities, broken encodings', () => {
    for (const source of [
      '![alt](../Plan%20of%20the%20field.png)',
      '![alt](./Plan%20of%20the%20field.png)',
      '![alt](/course-files/other?u=a)',
      '![alt](https://example.com/Plan%20of%20the%20field.png)',
      '![alt](Plan%2Fof%20the%20field.png)',
      '![alt](Plan%of%20the%20field.png)',
      '![alt](other.png)',
      '![alt](plan.svg)',
      '![alt](&#106;avascript:alert(1))',
      '![alt](javascript:alert(1))',
      '![alt](data:image/png;base64,iVBORw0KGgo=)',
    ]) {
      expect(renderLessonBody(source, images), source).toBe('<p>alt</p>\n');
    }
    const html = renderLessonBody('![<script>alert(1)</script> &amp; "q" [in](javascript:x)](nothing.png)', images);
    expect(html).toBe('<p>&lt;script&gt;alert(1)&lt;/script&gt; &amp; &quot;q&quot; in</p>\n');
    expectInert(html);
  });

  it('keeps a shown image inert: its alt and title escaped, and an image in its alt only text', () => {
    const html = renderLessonBody('![a" onerror="alert(1) ![inner](Plan%20of%20the%20field.png)](Plan%20of%20the%20field.png "t\\" onload=\\"x")', images);
    expect(html.match(/<img/g)).toHaveLength(1);
    expect(html).toContain('alt="a&quot; onerror=&quot;alert(1) inner"');
    expect(html).toContain('title="t&quot; onload=&quot;x"');
    expectInert(html);
  });

  it('escapes a link title and text', () => {
    const html = renderLessonBody(ESCAPING_LINK);
    expect(html).toContain('href="https://example.com"');
    expect(html).toContain('title="a&quot; onmouseover=&quot;alert(1)"');
    expectInert(html);
  });
});

describe('which link targets may stay', () => {
  it('allows the three schemes in any case, and relative targets', () => {
    for (const href of ['https://a', 'HTTP://a', 'mailto:a@b', '/x', 'x/y:z', '?a=b:c', '#c:d', '']) expect(isAllowedHref(href), href).toBe(true);
  });

  it('refuses any other scheme, and anything with a colon before the path', () => {
    for (const href of ['javascript:x', 'data:x', 'tel:1', 'ftp://a', 'java%09script:x', ' javascript:x', 'x:y']) expect(isAllowedHref(href), href).toBe(false);
  });
});
