// What the course search reads of a lesson (CONTRACT §4 GET /api/course/search): its title,
// summary and the text of its body as members read it, so that a search for words matches words
// and never the Markdown marks between them ("**quantum** field" is found by "quantum field").
// Written with the lesson, in its transaction (content-data.ts); its row goes with the lesson.
import markdownIt, { type Token } from 'markdown-it';
import { eq } from 'drizzle-orm';
import type { Tx } from '../../db/client';
import { courseLessonTexts } from '../../db/schema';
import { indexLessonGrams } from './search-grams';

// The same dialect as the renderer (markdown.ts), raw HTML off: what it shows as text is text here.
const parser = markdownIt('default', { html: false, linkify: false, typographer: false });

const BLOCK_TEXT = new Set(['fence', 'code_block']);
const BREAKS = new Set(['softbreak', 'hardbreak']);

function tokenText(token: Token): string {
  if (BREAKS.has(token.type)) return ' ';
  if (token.type === 'text' || token.type === 'code_inline') return token.content;
  // An image's alt text: what members read in its place, or with it (markdown.ts).
  if (token.type === 'image') return parser.renderer.renderInlineAsText(token.children ?? [], parser.options, {});
  return '';
}

const inlineText = (children: readonly Token[]) => children.map(tokenText).join('');

/** The body's text, one line per block. */
export function bodyText(markdown: string): string {
  const lines: string[] = [];
  for (const token of parser.parse(markdown, {})) {
    if (token.type === 'inline') lines.push(inlineText(token.children ?? []));
    else if (BLOCK_TEXT.has(token.type)) lines.push(token.content.replace(/\n+$/, ''));
  }
  return lines.filter((line) => line.trim() !== '').join('\n');
}

export interface TextOfLesson {
  _id: string;
  title: string;
  summary: string;
  body: string;
}

/** The text searched: title, summary and body text, a line apart, so that no match spans two of them by accident. */
export const lessonText = (lesson: Omit<TextOfLesson, '_id'>) => [lesson.title, lesson.summary, bodyText(lesson.body)].join('\n');

/**
 * The version of lessonText's making; a change to what it reads of a lesson counts it up, and each
 * start rewrites every row of an older one (lesson-text-refresh.ts). 1: the body's text with its
 * images' alt text (0: rows from before it was kept, the raw Markdown of the migration among them).
 */
export const LESSON_TEXT_VERSION = 1;

/** Writes the lesson's searched text, in the transaction that wrote the lesson. */
export async function writeLessonText(tx: Tx, lesson: TextOfLesson): Promise<void> {
  const row = { text: lessonText(lesson), version: LESSON_TEXT_VERSION };
  // Many edits (a move, publishing, the kind) leave the text as it was, and so its grams.
  const [before] = await tx.select({ text: courseLessonTexts.text }).from(courseLessonTexts).where(eq(courseLessonTexts.lessonId, lesson._id));
  await tx
    .insert(courseLessonTexts)
    .values({ lessonId: lesson._id, ...row })
    .onConflictDoUpdate({ target: courseLessonTexts.lessonId, set: row });
  if (before?.text !== row.text) await indexLessonGrams(tx, lesson._id);
}
