// The course search on SQLite (search-index.ts): course_lesson_search and course_cue_search, FTS5
// trigram tables over lower(text) keyed by the rowid of course_lesson_texts and of
// course_caption_cues (drizzle/, hand-written), for 3+ characters;
// shorter fragments have no trigram, and are checked row by row with instr(), which takes the
// fragment literally as a phrase does.
import { and, eq, sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import type { SQLiteColumn, SQLiteTable } from 'drizzle-orm/sqlite-core';
import { courseCaptionCues, courseLessonTexts } from '../../db/schema';
import { gatedAnswer } from '../../db/sqlite-turns';
import type { CourseSearchDialect, SearchFragment } from './search-dialect';
import { longestWord } from './search-part';

/** Trigram tokens: a shorter fragment cannot use the index. */
const MIN_INDEXED_FRAGMENT = 3;

// An FTS5 string in double quotes is one phrase, which the trigram tokenizer matches as a
// substring; a quote inside is doubled, and nothing else in it is an operator.
const phrase = (folded: string) => `"${folded.replace(/"/g, '""')}"`;

const indexed = ({ folded }: SearchFragment) => [...folded].length >= MIN_INDEXED_FRAGMENT;

/** The rowids of `index`'s rows (an FTS5 table keyed by a table's rowid) that hold `folded`. */
const hits = (index: 'course_lesson_search' | 'course_cue_search', folded: string) =>
  sql`select rowid from ${sql.identifier(index)} where ${sql.identifier(index)} match ${phrase(folded)}`;

const rowContains = (text: SQLiteColumn, { folded }: SearchFragment) => sql`instr(lower(${text}), ${folded}) > 0`;

/** `table`'s rows whose `text` holds the fragment, through `index` where it can. */
const contains = (table: SQLiteTable, text: SQLiteColumn, index: 'course_lesson_search' | 'course_cue_search', fragment: SearchFragment) =>
  indexed(fragment) ? sql`${table}.rowid in (${hits(index, fragment.folded)})` : rowContains(text, fragment);

/** One of `values`, given as one JSON parameter: see lessonIn. */
const inJson = (column: SQLWrapper, values: ReadonlyArray<string | number>) => sql`${column} in (select value from json_each(${JSON.stringify(values)}))`;

export const sqliteCourseSearch: CourseSearchDialect = {
  // The open lessons (400 in issue 26's bench) as one JSON array, not one parameter each: Drizzle
  // built and SQLite parsed a 400-parameter IN list twice per search, about 1 ms of the process's
  // time (a CPU profile of the bench's searches), for the same plan (decision 034's amendment).
  // One lesson (the walk's first run) stays an equality.
  lessonIn: (column, ids) => (ids.length === 1 ? eq(column, ids[0]!) : inJson(column, ids)),
  lessonTextContains: (fragment) => contains(courseLessonTexts, courseLessonTexts.text, 'course_lesson_search', fragment),
  // The queries one after the other: calls into the same process, so nothing to gain by one.
  // The index holds one row per cue: the capped query reads no cue, and the limit stops it early.
  // Its rowids are the matches themselves when fewer than `atMost`: the sorted cues are read by
  // them, instead of matching the phrase a second time. A fragment of several words is first
  // looked up by its longest word (search-part.ts): when fewer than `atMost` cues hold that word,
  // they are all the candidates, and instr() checks the whole fragment on those alone; else the
  // whole fragment is looked up.
  firstHits: async (db, fragment, queries, atMost) => {
    const texts = await queries.texts;
    const firstRowids = async (folded: string) =>
      (await gatedAnswer(db.values<[number]>(sql`${hits('course_cue_search', folded)} limit ${atMost}`))).map(([rowid]) => rowid);
    const cuesOf = async (rowids: number[], check?: SQL) =>
      rowids.length === 0 ? [] : await queries.cues(and(inJson(sql`${courseCaptionCues}.rowid`, rowids), check)!);
    const part = longestWord(fragment.folded, MIN_INDEXED_FRAGMENT);
    if (part !== undefined) {
      const candidates = await firstRowids(part);
      if (candidates.length < atMost) return { texts, cues: await cuesOf(candidates, rowContains(courseCaptionCues.text, fragment)) };
    }
    const rowids = await firstRowids(fragment.folded);
    return { texts, cues: rowids.length < atMost ? await cuesOf(rowids) : undefined };
  },
  cueRowContains: (fragment) => rowContains(courseCaptionCues.text, fragment),
};
