// A comment's Markdown as members read it (CONTRACT §9 "Comments"): rendered once, when it is
// written, by the same library as a lesson's body (course/content/markdown.ts), with an allow-list
// of its own that is much shorter. Only emphasis (em, strong), code (inline, indented and fenced
// blocks), links and line breaks survive; every other Markdown construct (headings, lists, quotes,
// images, tables) is never parsed, so its source shows as the text it is. Raw HTML is off, so a tag
// in the source is text too. A link keeps only an absolute http:, https: or mailto: target (no
// relative one: a comment has no page of its own to be relative to); any other link is dropped and
// its text stays. Every kept link gets rel="nofollow ugc noopener": it is a member's, not the site's.
import markdownIt, { type MarkdownIt, type Token } from 'markdown-it';

const ALLOWED_TARGET = /^(https?:|mailto:)/i;

/** Whether a comment's link target may stay: only an absolute http, https or mailto one. */
export const isCommentHref = (href: string): boolean => ALLOWED_TARGET.test(href.trim());

export const COMMENT_LINK_REL = 'nofollow ugc noopener';

/** The inline children with every disallowed link unwrapped (its text kept) and `rel` on the others. */
function cleanInline(children: Token[]): Token[] {
  const kept: Token[] = [];
  // Whether each open link was dropped, so that its close goes too.
  const open: boolean[] = [];
  for (const token of children) {
    if (token.type === 'link_open') {
      const dropped = !isCommentHref(String(token.attrGet('href') ?? ''));
      open.push(dropped);
      if (dropped) continue;
      // Only href (and a title) from the source; rel is ours.
      token.attrs = (token.attrs ?? []).filter(([name]) => name === 'href' || name === 'title');
      token.attrSet('rel', COMMENT_LINK_REL);
      kept.push(token);
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

function createRenderer(): MarkdownIt {
  // 'zero' parses paragraphs and text only; the rules enabled below are the whole allow-list.
  const md = markdownIt('zero', { html: false, linkify: true, breaks: true, typographer: false });
  md.enable(['emphasis', 'backticks', 'code', 'fence', 'link', 'autolink', 'linkify', 'escape', 'entity', 'newline']);
  // Every target through the parser, so that a refused link loses only its target, not its text:
  // the rule below decides, with the allow-list, not markdown-it's deny-list.
  md.validateLink = () => true;
  md.core.ruler.push('comment_safety', (state) => {
    for (const token of state.tokens) {
      if (token.type === 'inline' && token.children) token.children = cleanInline(token.children);
      // A fence's info string would become a class: code is code, whatever language it says it is.
      if (token.type === 'fence') token.info = '';
    }
  });
  return md;
}

const renderer = createRenderer();

/** The comment's HTML: inert, whatever its source. */
export const renderComment = (markdown: string): string => renderer.render(markdown);
