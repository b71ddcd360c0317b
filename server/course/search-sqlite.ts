// The course search on SQLite (search-index.ts): course_lesson_search and course_cue_search, FTS5
// trigram tables over lower(text) keyed by the rowid of course_lesson_texts and of
// course_caption_cues (drizzle/, hand-written), for 3+ characters;
// shorter fragments have no trigram, and are checked row by row with instr(), which takes the
// fragment literally as a phrase does.
import { inArray, sql } from 'drizzle-orm';
import type { SQLiteColumn, SQLiteTable } from 'drizzle-orm/sqlite-core';
import { courseCaptionCues, courseLessonTexts } from '../db/schema';
import type { CourseSearchDialect, SearchFragment } from './search-index';

/** Trigram tokens: a shorter fragment cannot use the index. */
const MIN_INDEXED_FRAGMENT = 3;

// An FTS5 string in double quotes is one phrase, which the trigram tokenizer matches as a
// substring; a quote inside is doubled, and nothing else in it is an operator.
const phrase = (folded: string) => `"${folded.replace(/"/g, '""')}"`;

const indexed = ({ folded }: SearchFragment) => [...folded].length >= MIN_INDEXED_FRAGMENT;

/** The rowids of `index`'s rows (an FTS5 table keyed by a table's rowid) that hold the fragment. */
const hits = (index: 'course_lesson_search' | 'course_cue_search', { folded }: SearchFragment) =>
  sql`select rowid from ${sql.identifier(index)} where ${sql.identifier(index)} match ${phrase(folded)}`;

const rowContains = (text: SQLiteColumn, { folded }: SearchFragment) => sql`instr(lower(${text}), ${folded}) > 0`;

/** `table`'s rows whose `text` holds the fragment, through `index` where it can. */
const contains = (table: SQLiteTable, text: SQLiteColumn, index: 'course_lesson_search' | 'course_cue_search', fragment: SearchFragment) =>
  indexed(fragment) ? sql`${table}.rowid in (${hits(index, fragment)})` : rowContains(text, fragment);

export const sqliteCourseSearch: CourseSearchDialect = {
  lessonIn: (column, ids) => inArray(column, ids),
  lessonTextContains: (fragment) => contains(courseLessonTexts, courseLessonTexts.text, 'course_lesson_search', fragment),
  // The queries one after the other: calls into the same process, so nothing to gain by one.
  // The index holds one row per cue: counting there reads no cue, and the limit stops it early.
  firstHits: async (db, fragment, queries, atMost) => {
    const texts = await queries.texts;
    if (!indexed(fragment)) return { texts, cues: undefined };
    const [{ n }] = db.all<{ n: number }>(sql`select count(*) as n from (${hits('course_cue_search', fragment)} limit ${atMost})`) as [{ n: number }];
    return { texts, cues: n < atMost ? await queries.cues(contains(courseCaptionCues, courseCaptionCues.text, 'course_cue_search', fragment)) : undefined };
  },
  cueRowContains: (fragment) => rowContains(courseCaptionCues.text, fragment),
};
