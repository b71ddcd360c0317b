// The course search on PostgreSQL (search-index.ts): LIKE on lower(text), which the pg_trgm GIN
// indexes course_lesson_texts_trgm_idx and course_caption_cues_trgm_idx answer for 3+ characters
// (drizzle-pg/); the pattern escapes
// % _ and \, so the fragment is taken literally.
// Each statement is a round trip, which costs about what the search's queries do in PostgreSQL
// (issue 26's bench: 1-2 ms each, a p95 of 11-17 ms for 3-4 of them): the open lessons go as one
// array parameter, not one parameter each, and the lessons' texts, the count and the sorted cues
// go in one statement (decision 034).
import { sql } from 'drizzle-orm';
import type { NodePgDatabase } from 'drizzle-orm/node-postgres';
import { courseCaptionCues, courseLessonTexts } from '../db/schema';
import type { CourseSearchDialect, SearchFragment } from './search-index';

const cueContains = ({ pattern }: SearchFragment) => sql`lower(${courseCaptionCues.text}) like ${pattern} escape '\\'`;

/** pg_trgm's trigrams: a shorter fragment cannot use the index. */
const MIN_INDEXED_FRAGMENT = 3;

/** A column of an embedded query's rows: their selects take the tables' columns, under their own names. */
const column = (rows: 'texts' | 'cues', of: { name: string }) => sql`${sql.identifier(rows)}.${sql.identifier(of.name)}`;

type Row = { kind: 'text' | 'count' | 'cue'; n: number | null; lessonId: string | null; text: string | null; at: number | null };

export const postgresCourseSearch: CourseSearchDialect = {
  // One lesson (the walk's first run) as an equality, which PostgreSQL looks up by the lessons' key:
  // with an array it joined every lesson (0.3 ms more, in issue 26's bench).
  lessonIn: (lessonId, ids) => (ids.length === 1 ? sql`${lessonId} = ${ids[0]}` : sql`${lessonId} = any(${sql.param(ids)}::text[])`),
  lessonTextContains: ({ pattern }) => sql`lower(${courseLessonTexts.text}) like ${pattern} escape '\\'`,
  // One statement, three kinds of rows: the lessons' texts, the count (one row, even when nothing
  // else matches), and the sorted cues, whose query has the count's condition among its own. That
  // condition reads no row of the query (an InitPlan), so PostgreSQL checks it first, once (a
  // one-time filter), and runs the query only when it holds: a gate in a lateral join's ON
  // clause, say, was checked per row after the query had sorted every match. UNION ALL appends
  // the rows in this order, each kind in its query's; search.ts sorts them together anyway.
  firstHits: async (db, fragment, queries, atMost) => {
    if ([...fragment.folded].length < MIN_INDEXED_FRAGMENT) return { texts: await queries.texts, cues: undefined };
    const few = sql`${cueContains(fragment)} and (select n from counted) < ${atMost}`;
    const { rows } = await (db as unknown as NodePgDatabase).execute<Row>(
      sql`with counted as (select count(*)::int as n from (select 1 from ${courseCaptionCues} where ${cueContains(fragment)} limit ${atMost}) as capped)
        select 'text' as kind, null::int as n, ${column('texts', courseLessonTexts.lessonId)} as "lessonId",
          ${column('texts', courseLessonTexts.text)} as "text", null::float8 as "at"
        from ${queries.texts} as texts
        union all
        select 'count', n, null, null, null from counted
        union all
        select 'cue', null, ${column('cues', courseCaptionCues.lessonId)}, ${column('cues', courseCaptionCues.text)}, ${column('cues', courseCaptionCues.startSeconds)}
        from ${queries.cues(few)} as cues`,
    );
    const hits = (kind: Row['kind']) => rows.filter((row) => row.kind === kind);
    const texts = hits('text').map(({ lessonId, text }) => ({ lessonId: lessonId!, text: text! }));
    if (hits('count')[0]!.n! >= atMost) return { texts, cues: undefined };
    return { texts, cues: hits('cue').map(({ lessonId, text, at }) => ({ lessonId: lessonId!, text: text!, at: at! })) };
  },
  // strpos, which no index answers: the walk's few lessons' cues come by the lessons' index, where
  // LIKE would have the planner build a bitmap of every match in the course to AND with it.
  cueRowContains: ({ folded }) => sql`strpos(lower(${courseCaptionCues.text}), ${folded}) > 0`,
};
