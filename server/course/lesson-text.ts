// What the course search reads of a lesson (CONTRACT §4 GET /api/course/search): its title,
// summary and the text of its body as members read it, so that a search for words matches words
// and never the Markdown marks between them ("**quantum** field" is found by "quantum field").
// Written with the lesson, in its transaction (content-data.ts); its row goes with the lesson.
import markdownIt, { type Token } from 'markdown-it';
import type { Tx } from '../db/client';
import { courseLessonTexts } from '../db/schema';

// The same dialect as the renderer (markdown.ts), raw HTML off: what it shows as text is text here.
const parser = markdownIt('default', { html: false, linkify: false, typographer: false });

const BLOCK_TEXT = new Set(['fence', 'code_block']);
const BREAKS = new Set(['softbreak', 'hardbreak']);

function inlineText(children: readonly Token[]): string {
  // An image shows no text (markdown.ts drops images): its alt text is its children's, skipped.
  return children
    .filter((token) => token.type !== 'image')
    .map((token) => (BREAKS.has(token.type) ? ' ' : token.type === 'text' || token.type === 'code_inline' ? token.content : ''))
    .join('');
}

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

/** Writes the lesson's searched text, in the transaction that wrote the lesson. */
export async function writeLessonText(tx: Tx, lesson: TextOfLesson): Promise<void> {
  const text = lessonText(lesson);
  await tx.insert(courseLessonTexts).values({ lessonId: lesson._id, text }).onConflictDoUpdate({ target: courseLessonTexts.lessonId, set: { text } });
}
