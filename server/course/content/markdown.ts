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
//
// A body is rendered once per version (its text: the cache below is keyed by its hash) with its
// images left open, and each reader's images are filled in after: a 200,000-character body of
// tables took 300 to 500 ms to render, on every read (issue 33; decision 042).
import { createHash } from 'node:crypto';
import { LRUCache } from 'lru-cache';
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

/** An image of a body rendered for no one yet: the file it names, and the rest of what shows it. */
interface OpenImage {
  /** The name its target stands for, percent-decoded; undefined when it decodes to none. */
  name: string | undefined;
  /** Its <img>'s attributes after src (alt, title), rendered. */
  attributes: string;
  /** Its alt text as HTML text: what shows in its place when the lesson has no such image. */
  altText: string;
}

/** A body rendered with its images left open: the HTML around them, one piece more than images. */
interface RenderedBody {
  pieces: string[];
  images: OpenImage[];
  /** About how many characters it holds, for the cache's bound. */
  size: number;
}

// markdown-it's env: where the rule below leaves the images it opened.
type RenderEnv = Env & { images: OpenImage[] };

// Where an image goes in the rendered HTML. markdown-it replaces U+0000 in its source (and a body
// may hold no control character but tab and newline), so the mark stands for nothing else.
const IMAGE_MARK = '\u0000';

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

/**
 * The image left open for each reader (fillImages): its place in the HTML, and what shows it there,
 * its own file through the reader's URL, or else its alt text alone. The <img> is what markdown-it
 * renders for it: the alt as text, then its attributes in order, escaped.
 */
function openImage(image: Token, state: StateCore): Token {
  const { escapeHtml } = state.md.utils;
  const alt = state.md.renderer.renderInlineAsText(image.children ?? [], state.md.options, state.env);
  const attributes = (image.attrs ?? [])
    .filter(([name]) => name !== 'src')
    .map(([name, value]) => ` ${escapeHtml(name)}="${escapeHtml(name === 'alt' ? alt : String(value))}"`)
    .join('');
  (state.env as RenderEnv).images.push({ name: targetName(String(image.attrGet('src') ?? '')), attributes, altText: escapeHtml(alt) });
  // Written out as it is (the html option concerns the source only).
  const mark = new state.Token('html_inline', '', 0);
  mark.content = IMAGE_MARK;
  return mark;
}

/** The inline children with every disallowed link unwrapped (its text kept) and every image not the lesson's own turned into its alt text. */
function cleanInline(children: Token[], state: StateCore): Token[] {
  const kept: Token[] = [];
  // Whether each open link was dropped, so that its close goes too.
  const open: boolean[] = [];
  for (const token of children) {
    if (token.type === 'image') {
      kept.push(openImage(token, state));
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

function renderForNoOne(markdown: string): RenderedBody {
  const env: RenderEnv = { images: [] };
  const pieces = renderer.render(markdown, env).split(IMAGE_MARK);
  if (pieces.length !== env.images.length + 1) throw new Error(`a lesson body rendered ${env.images.length} images into ${pieces.length - 1} places`);
  const size =
    pieces.reduce((sum, piece) => sum + piece.length, 0) + env.images.reduce((sum, image) => sum + image.attributes.length + image.altText.length + 64, 0);
  return { pieces, images: env.images, size };
}

// Rendered bodies by the hash of their text: a new version is a new key, so nothing is ever
// invalidated, and a process that missed an edit still never answers the old HTML for the new text.
// Bounded by size (UTF-16 code units: about 32 MB at most); the least read go first.
const RENDERED_CHARACTERS = 16_000_000;
const rendered = new LRUCache<string, RenderedBody>({ maxSize: RENDERED_CHARACTERS, sizeCalculation: (body) => Math.max(1, body.size) });

function renderedBody(markdown: string): RenderedBody {
  const key = createHash('sha256').update(markdown).digest('base64url');
  let body = rendered.get(key);
  if (body === undefined) {
    body = renderForNoOne(markdown);
    rendered.set(key, body);
  }
  return body;
}

/** The rendered body with each open image shown as `images` says, or as its alt text. */
function fillImages({ pieces, images: open }: RenderedBody, images: LessonImages): string {
  const { escapeHtml } = renderer.utils;
  const html = [pieces[0]!];
  open.forEach((image, i) => {
    const shown = image.name === undefined ? undefined : images(image.name);
    if (shown === undefined) html.push(image.altText);
    else {
      const size = shown.width !== null && shown.height !== null ? ` width="${shown.width}" height="${shown.height}"` : '';
      html.push(`<img src="${escapeHtml(shown.src)}"${image.attributes}${size} loading="lazy" decoding="async">`);
    }
    html.push(pieces[i + 1]!);
  });
  return html.join('');
}

/** The body as members read it; `images` lets it show the lesson's own image attachments (none by default). */
export function renderLessonBody(markdown: string, images: LessonImages = NO_IMAGES): string {
  return fillImages(renderedBody(markdown), images);
}
