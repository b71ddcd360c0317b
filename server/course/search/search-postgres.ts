// The course search on PostgreSQL (search-index.ts): LIKE on lower(text), which the pg_trgm GIN
// indexes course_lesson_texts_trgm_idx and course_caption_cues_trgm_idx answer for 3+ characters
// (drizzle-pg/); the pattern escapes
// % _ and \, so the fragment is taken literally.
// Each statement is a round trip, which costs about what the search's queries do in PostgreSQL
// (issue 26's bench: 1-2 ms each, a p95 of 11-17 ms for 3-4 of them): the open lessons go as one
// array parameter, not one parameter each, and the lessons' texts, the walk's first lesson, the
// count and the sorted cues go in one statement (decision 034 and its amendments).
import { sql, type SQL } from 'drizzle-orm';
import type { NodePgDatabase } from 'drizzle-orm/node-postgres';
import { SEARCH_RESULTS_MAX } from '../../../shared/course';
import { courseCaptionCues, courseLessonTexts } from '../../db/schema';
import type { CourseSearchDialect, SearchFragment } from './search-dialect';
import { longestWord } from './search-part';

const cueContains = ({ pattern }: SearchFragment) => sql`lower(${courseCaptionCues.text}) like ${pattern} escape '\\'`;

/** pg_trgm's trigrams: a shorter fragment cannot use the index. */
const MIN_INDEXED_FRAGMENT = 3;

/** A column of an embedded query's rows: their selects take the tables' columns, under their own names. */
const column = (rows: 'texts' | 'first' | 'cues', of: { name: string }) => sql`${sql.identifier(rows)}.${sql.identifier(of.name)}`;

type Row = { kind: 'text' | 'count' | 'first' | 'cue'; n: number | null; lessonId: string | null; text: string | null; at: number | null };

/** Rows of an embedded query of search.ts, as the statement's columns: `kind`, then n, lessonId, text and at. */
const textRows = sql`select 'text' as kind, null::int as n, ${column('texts', courseLessonTexts.lessonId)} as "lessonId",
  ${column('texts', courseLessonTexts.text)} as "text", null::float8 as "at"`;
const cueRows = (kind: 'first' | 'cue', rows: 'first' | 'cues') =>
  sql`select ${sql.raw(`'${kind}'`)}, null, ${column(rows, courseCaptionCues.lessonId)}, ${column(rows, courseCaptionCues.text)}, ${column(rows, courseCaptionCues.startSeconds)}`;

const cueKey = sql`${courseCaptionCues.fileId}, ${courseCaptionCues.position}`;
const [fileId, position, cueText] = [courseCaptionCues.fileId, courseCaptionCues.position, courseCaptionCues.text].map((c) => sql.identifier(c.name));
const count = (of: 'few' | 'first' | 'part') => sql`(select count(*) from ${sql.identifier(of)})`;

/**
 * `lookup(limit, gate)`: the keys of at most `limit` (at most `atMost`) cues that hold the
 * fragment, found only when `gate` holds; with the CTE it needs, if any. A fragment of several
 * words is looked up by its longest word (search-part.ts), whose trigrams are fewer and rarer:
 * when fewer than `atMost` cues hold that word (`part`), strpos checks the whole fragment on those
 * alone; else the whole fragment is looked up.
 */
function cueLookup(fragment: SearchFragment, atMost: number): { ctes: SQL[]; lookup: (limit: number, gate: SQL) => SQL } {
  const whole = (limit: number, gate: SQL) => sql`select ${cueKey} from ${courseCaptionCues} where ${cueContains(fragment)} and ${gate} limit ${limit}`;
  const word = longestWord(fragment.folded, MIN_INDEXED_FRAGMENT);
  // pg_trgm makes trigrams of the letters its database's locale knows, ASCII alone in the "C" one
  // the tests and the bench run: a word of other letters could leave the index nothing to look up.
  if (word === undefined || !/^[a-z0-9]+$/.test(word)) return { ctes: [], lookup: whole };
  const candidates = sql`${count('part')} < ${atMost}`;
  return {
    // Letters and digits only: nothing in the word is a LIKE wildcard or its escape.
    ctes: [
      sql`part as (select ${cueKey}, ${courseCaptionCues.text} from ${courseCaptionCues} where ${cueContains({ folded: word, pattern: `%${word}%` })} limit ${atMost})`,
    ],
    lookup: (limit, gate) =>
      sql`(select ${fileId}, ${position} from part where strpos(lower(${cueText}), ${fragment.folded}) > 0 and ${candidates} and ${gate} limit ${limit})
        union all (${whole(limit, sql`not ${candidates} and ${gate}`)})`,
  };
}

export const postgresCourseSearch: CourseSearchDialect = {
  // One lesson (the walk's first run) as an equality, which PostgreSQL looks up by the lessons' key:
  // with an array it joined every lesson (0.3 ms more, in issue 26's bench).
  lessonIn: (lessonId, ids) => (ids.length === 1 ? sql`${lessonId} = ${ids[0]}` : sql`${lessonId} = any(${sql.param(ids)}::text[])`),
  lessonTextContains: ({ pattern }) => sql`lower(${courseLessonTexts.text}) like ${pattern} escape '\\'`,
  // One statement, one round trip, four kinds of rows: the lessons' texts; the walk's first run
  // (`first`, the first lesson's first hits); the count (one row, even when nothing else matches)
  // and the sorted cues. In the order PostgreSQL runs them:
  // - `few`, at most 20 cues that hold the fragment, through the index: cheap both ways, as the
  //   planner reads a common word's cues until 20 match (250 for "energy" in issue 26's bench)
  //   and looks a rare one up by its trigrams. Fewer than 20 are all the matches.
  // - `first`, only when `few` found 20: the first lesson holding 20 answers alone (0.5 ms in
  //   PostgreSQL for "energy", against 1.5-2 ms for the count's 2,500 cues and a second round trip
  //   for the walk, before).
  // - `matched`, only when the first lesson holds fewer: at most `atMost` matches, counted.
  // - the sorted cues over the matches found, by their key, only when fewer than `atMost`: the
  //   index is not asked twice for a rare fragment.
  // Each gate reads no row of its query (an InitPlan), so PostgreSQL checks it once, before running
  // the query (a one-time filter), and runs it only when it holds: a gate in a lateral join's ON
  // clause, say, was checked per row after the query had sorted every match. UNION ALL appends
  // the rows in this order, each kind in its query's; search.ts sorts them together anyway.
  firstHits: async (db, fragment, queries, atMost) => {
    const max = SEARCH_RESULTS_MAX;
    const { ctes, lookup } = cueLookup(fragment, atMost);
    const steps = [
      ...ctes,
      sql`few as (${lookup(max, sql`true`)})`,
      sql`first as (select * from ${queries.firstLesson} as run where ${count('few')} = ${max})`,
      sql`matched as (select * from few where ${count('few')} < ${max} union all (${lookup(atMost, sql`${count('few')} = ${max} and ${count('first')} < ${max}`)}))`,
      sql`counted as (select count(*)::int as n from matched)`,
    ];
    const matched = sql`(${cueKey}) in (select * from matched) and (select n from counted) < ${atMost}`;
    const { rows } = await (db as unknown as NodePgDatabase).execute<Row>(
      sql`with ${sql.join(steps, sql`, `)}
        ${textRows} from ${queries.texts} as texts
        union all
        ${cueRows('first', 'first')} from first
        union all select 'count', n, null, null, null from counted
        union all ${cueRows('cue', 'cues')} from ${queries.cues(matched)} as cues`,
    );
    const hits = (kind: Row['kind']) => rows.filter((row) => row.kind === kind);
    const cueHits = (kind: 'first' | 'cue') => hits(kind).map(({ lessonId, text, at }) => ({ lessonId: lessonId!, text: text!, at: at! }));
    const texts = hits('text').map(({ lessonId, text }) => ({ lessonId: lessonId!, text: text! }));
    if (hits('first').length === max) return { texts, cues: cueHits('first') };
    if (hits('count')[0]!.n! >= atMost) return { texts, cues: undefined };
    return { texts, cues: cueHits('cue') };
  },
  // strpos, which no index answers: the walk's few lessons' cues come by the lessons' index, where
  // LIKE would have the planner build a bitmap of every match in the course to AND with it.
  cueRowContains: ({ folded }) => sql`strpos(lower(${courseCaptionCues.text}), ${folded}) > 0`,
};
