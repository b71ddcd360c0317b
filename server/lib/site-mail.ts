// A mail of the site in its two parts, plain text and HTML, from one list of paragraphs: both say
// the same, both carry the site's name, and a link is written out in full in the text part.
import { SITE_NAME } from '../../shared/constants';
import type { Mail } from './mailer';

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

export interface SiteMailContent {
  to: string;
  subject: string;
  paragraphs: string[];
  /** The mail's one link, after the first paragraph. */
  link?: { label: string; url: string };
  /** After the signature, in small words: how to stop mails of this kind (a course mail's unsubscribe). */
  footer?: { text: string; link: { label: string; url: string } };
}

export function siteMail({ to, subject, paragraphs, link, footer }: SiteMailContent): Mail {
  const [first = '', ...rest] = paragraphs;
  const signature = `${SITE_NAME}`;
  const text = [
    first,
    ...(link ? [`${link.label}: ${link.url}`] : []),
    ...rest,
    `— ${signature}`,
    ...(footer ? [`${footer.text} ${footer.link.label}: ${footer.link.url}`] : []),
  ].join('\n\n');
  const html = [
    `<p>${escapeHtml(first)}</p>`,
    ...(link ? [`<p><a href="${escapeHtml(link.url)}">${escapeHtml(link.label)}</a></p>`] : []),
    ...rest.map((paragraph) => `<p>${escapeHtml(paragraph)}</p>`),
    `<p>— ${escapeHtml(signature)}</p>`,
    ...(footer ? [`<p><small>${escapeHtml(footer.text)} <a href="${escapeHtml(footer.link.url)}">${escapeHtml(footer.link.label)}</a></small></p>`] : []),
  ].join('\n');
  return { to, subject: `${subject} · ${SITE_NAME}`, text, html };
}
