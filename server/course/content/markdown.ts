// A lesson's Markdown body as members read it (CONTRACT §4 "Content"; DESIGN "Security habits"):
// rendered on the server by markdown-it with raw HTML off, so `<script>` and every other tag in
// the source comes out as text. What markdown-it would still turn into markup is checked here:
// - links keep only http:, https:, mailto: and relative targets; any other link is dropped and
//   its text stays as plain text (markdown-it has decoded entities first, so `&#106;avascript:`
//   is seen as javascript:);
// - an image stays only if its target names one of the lesson's own image attachments
//   (`images`, file-answers.ts): it then shows that file through the viewer's signed URL, and the
//   target itself never reaches the HTML; any other image (a remote URL, data:, an unknown name,
//   an SVG, another lesson's file) shows its alt text only;
// - a table's column alignment becomes a class, not a `style` attribute, which the site's CSP
//   refuses in HTML.
// The browser inserts this HTML as it is; it never builds markup from a lesson itself.
import markdownIt, { type Env, type MarkdownIt, type StateCore, type Token } from 'markdown-it';

/** One of the lesson's images: its URL, and its size when known (so the page keeps its place before it loads). */
export interface LessonImage {
  src: string;
  width: number | null;
  height: number | null;
}

/**
 * The lesson's images: the image to show for a target that, percent-decoded, is `name`, or
 * undefined if no image attachment of the lesson has that name. Made per viewer (the URLs are
 * signed for them), so an HTML holding them is never kept for another.
 */
export type LessonImages = (name: string) => LessonImage | undefined;

const NO_IMAGES: LessonImages = () => undefined;

// markdown-it's env: what the rule below reads of this rendering.
type RenderEnv = Env & { images: LessonImages };

const ALLOWED_SCHEMES = new Set(['http:', 'https:', 'mailto:']);

/** Whether a link target may stay: one of the allowed schemes, or relative (no scheme before the first / ? or #). */
export function isAllowedHref(href: string): boolean {
  const head = href.trim().split(/[/?#]/, 1)[0]!;
  const colon = head.indexOf(':');
  if (colon === -1) return true;
  return ALLOWED_SCHEMES.has(head.slice(0, colon + 1).toLowerCase());
}

/** The name an image's target stands for: markdown-it has percent-encoded it, so `my%20plan.png` and `<my plan.png>` name one file. */
function targetName(src: string): string | undefined {
  try {
    return decodeURIComponent(src);
  } catch {
    // A stray % that encodes nothing: no file has that name.
    return undefined;
  }
}

/** The image as the lesson shows it: its own file through the viewer's URL, lazily loaded; else its alt text alone. */
function lessonImage(image: Token, state: StateCore): Token {
  const name = targetName(String(image.attrGet('src') ?? ''));
  const shown = name === undefined ? undefined : (state.env as RenderEnv).images(name);
  if (shown !== undefined) {
    image.attrSet('src', shown.src);
    if (shown.width !== null && shown.height !== null) {
      image.attrSet('width', String(shown.width));
      image.attrSet('height', String(shown.height));
    }
    image.attrSet('loading', 'lazy');
    image.attrSet('decoding', 'async');
    return image;
  }
  // The alt text as the <img> would carry it, written out as escaped text.
  const alt = new state.Token('text', '', 0);
  alt.content = state.md.renderer.renderInlineAsText(image.children ?? [], state.md.options, state.env);
  return alt;
}

/** The inline children with every disallowed link unwrapped (its text kept) and every image not the lesson's own turned into its alt text. */
function cleanInline(children: Token[], state: StateCore): Token[] {
  const kept: Token[] = [];
  // Whether each open link was dropped, so that its close goes too.
  const open: boolean[] = [];
  for (const token of children) {
    if (token.type === 'image') {
      kept.push(lessonImage(token, state));
      continue;
    }
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
      if (token.type === 'inline' && token.children) token.children = cleanInline(token.children, state);
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

/** The body as members read it; `images` lets it show the lesson's own image attachments (none by default). */
export function renderLessonBody(markdown: string, images: LessonImages = NO_IMAGES): string {
  const env: RenderEnv = { images };
  return renderer.render(markdown, env);
}
