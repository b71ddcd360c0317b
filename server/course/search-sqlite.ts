// The course search on SQLite (search-index.ts): course_lesson_search, an FTS5 trigram table over
// lower(text) keyed by course_lesson_texts' rowid (drizzle/, hand-written), for 3+ characters;
// shorter fragments have no trigram, and are checked row by row with instr(), which takes the
// fragment literally as a phrase does.
import { sql } from 'drizzle-orm';
import { courseLessonTexts } from '../db/schema';
import type { CourseSearchDialect } from './search-index';

/** Trigram tokens: a shorter fragment cannot use the index. */
const MIN_INDEXED_FRAGMENT = 3;

// An FTS5 string in double quotes is one phrase, which the trigram tokenizer matches as a
// substring; a quote inside is doubled, and nothing else in it is an operator.
const phrase = (folded: string) => `"${folded.replace(/"/g, '""')}"`;

export const sqliteCourseSearch: CourseSearchDialect = {
  lessonTextContains: ({ folded }) =>
    [...folded].length >= MIN_INDEXED_FRAGMENT
      ? sql`${courseLessonTexts}.rowid in (select rowid from course_lesson_search where course_lesson_search match ${phrase(folded)})`
      : sql`instr(lower(${courseLessonTexts.text}), ${folded}) > 0`,
};
