// The course search on PostgreSQL (search-index.ts): LIKE on lower(text), which the pg_trgm GIN
// indexes course_lesson_texts_trgm_idx and course_caption_cues_trgm_idx answer for 3+ characters
// (drizzle-pg/); the pattern escapes
// % _ and \, so the fragment is taken literally.
// Each statement is a round trip, which costs more than the search's queries themselves (issue
// 26's bench: 1-2 ms each in PostgreSQL, a p95 of 11-17 ms for 3-4 of them): the open lessons go
// as one array parameter, not one parameter each, and the count and the sorted query go together.
import { sql } from 'drizzle-orm';
import type { NodePgDatabase } from 'drizzle-orm/node-postgres';
import { courseCaptionCues, courseLessonTexts } from '../db/schema';
import type { CourseSearchDialect, SearchFragment } from './search-index';

const cueContains = ({ pattern }: SearchFragment) => sql`lower(${courseCaptionCues.text}) like ${pattern} escape '\\'`;

/** pg_trgm's trigrams: a shorter fragment cannot use the index. */
const MIN_INDEXED_FRAGMENT = 3;

/** A column of the sorted query's rows: its select takes the cues' columns, under their own names. */
const hitsColumn = (column: { name: string }) => sql`hits.${sql.identifier(column.name)}`;

export const postgresCourseSearch: CourseSearchDialect = {
  lessonIn: (column, ids) => sql`${column} = any(${sql.param(ids)}::text[])`,
  lessonTextContains: ({ pattern }) => sql`lower(${courseLessonTexts.text}) like ${pattern} escape '\\'`,
  // One statement: the count, as one row that comes back even when no cue of the open lessons
  // matches, joined to the sorted query's rows, which PostgreSQL runs only when the count is under
  // `atMost` (a condition on the lateral's outer row alone, so a one-time filter).
  fewCueHits: async (db, fragment, sorted, atMost) => {
    if ([...fragment.folded].length < MIN_INDEXED_FRAGMENT) return undefined;
    const { rows } = await (db as unknown as NodePgDatabase).execute<{ n: number; lessonId: string | null; text: string; at: number }>(
      sql`with counted as (select count(*)::int as n from (select 1 from ${courseCaptionCues} where ${cueContains(fragment)} limit ${atMost}) as capped)
        select counted.n, ${hitsColumn(courseCaptionCues.lessonId)} as "lessonId", ${hitsColumn(courseCaptionCues.text)} as "text",
          ${hitsColumn(courseCaptionCues.startSeconds)} as "at"
        from counted left join lateral (select * from ${sorted(cueContains(fragment))} as sorted where counted.n < ${atMost}) as hits on true`,
    );
    if (rows[0]!.n >= atMost) return undefined;
    return rows.flatMap(({ lessonId, text, at }) => (lessonId === null ? [] : [{ lessonId, text, at }]));
  },
  // strpos, which no index answers: the walk's few lessons' cues come by the lessons' index, where
  // LIKE would have the planner build a bitmap of every match in the course to AND with it.
  cueRowContains: ({ folded }) => sql`strpos(lower(${courseCaptionCues.text}), ${folded}) > 0`,
};
