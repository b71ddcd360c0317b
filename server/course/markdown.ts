// A lesson's Markdown body as members read it (CONTRACT §4 "Content"; DESIGN "Security habits"):
// rendered on the server by markdown-it with raw HTML off, so `<script>` and every other tag in
// the source comes out as text. What markdown-it would still turn into markup is checked here:
// - links keep only http:, https:, mailto: and relative targets; any other link is dropped and
//   its text stays as plain text (markdown-it has decoded entities first, so `&#106;avascript:`
//   is seen as javascript:);
// - images are dropped: images may come only from the lesson's own files, and lessons have no
//   files until the files slice;
// - a table's column alignment becomes a class, not a `style` attribute, which the site's CSP
//   refuses in HTML.
// The browser inserts this HTML as it is; it never builds markup from a lesson itself.
import markdownIt, { type MarkdownIt, type Token } from 'markdown-it';

const ALLOWED_SCHEMES = new Set(['http:', 'https:', 'mailto:']);

/** Whether a link target may stay: one of the allowed schemes, or relative (no scheme before the first / ? or #). */
export function isAllowedHref(href: string): boolean {
  const head = href.trim().split(/[/?#]/, 1)[0]!;
  const colon = head.indexOf(':');
  if (colon === -1) return true;
  return ALLOWED_SCHEMES.has(head.slice(0, colon + 1).toLowerCase());
}

/** The inline children with every disallowed link unwrapped (its text kept) and every image removed. */
function cleanInline(children: Token[]): Token[] {
  const kept: Token[] = [];
  // Whether each open link was dropped, so that its close goes too.
  const open: boolean[] = [];
  for (const token of children) {
    if (token.type === 'image') continue;
    if (token.type === 'link_open') {
      const dropped = !isAllowedHref(String(token.attrGet('href') ?? ''));
      open.push(dropped);
      if (!dropped) kept.push(token);
      continue;
    }
    if (token.type === 'link_close') {
      if (!open.pop()) kept.push(token);
      continue;
    }
    kept.push(token);
  }
  return kept;
}

const ALIGNMENT = /^text-align:(left|center|right)$/;

function createRenderer(): MarkdownIt {
  // 'default': CommonMark with GFM tables and strikethrough; html: false shows raw HTML as text.
  const md = markdownIt('default', { html: false, linkify: false, typographer: false });
  // Let every target through the parser, so that a refused link loses only its target, not its
  // text: the rule below decides, with the allow-list, not markdown-it's deny-list.
  md.validateLink = () => true;
  md.core.ruler.push('course_safety', (state) => {
    for (const token of state.tokens) {
      if (token.type === 'inline' && token.children) token.children = cleanInline(token.children);
      if (token.type === 'th_open' || token.type === 'td_open') {
        const style = token.attrGet('style');
        // markdown-it writes an alignment as the style text-align:left, center or right.
        if (style !== null) {
          token.attrs = (token.attrs ?? []).filter(([name]) => name !== 'style');
          const align = ALIGNMENT.exec(String(style))?.[1];
          if (align) token.attrJoin('class', `align-${align}`);
        }
      }
    }
  });
  return md;
}

const renderer = createRenderer();

export function renderLessonBody(markdown: string): string {
  return renderer.render(markdown);
}
