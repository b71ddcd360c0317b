// The course search on PostgreSQL (search-index.ts): LIKE on lower(text), which the pg_trgm GIN
// indexes course_lesson_texts_trgm_idx and course_caption_cues_trgm_idx answer for 3+ characters
// (drizzle-pg/); the pattern escapes
// % _ and \, so the fragment is taken literally.
import { sql } from 'drizzle-orm';
import type { NodePgDatabase } from 'drizzle-orm/node-postgres';
import { courseCaptionCues, courseLessonTexts } from '../db/schema';
import type { CourseSearchDialect, SearchFragment } from './search-index';

const cueContains = ({ pattern }: SearchFragment) => sql`lower(${courseCaptionCues.text}) like ${pattern} escape '\\'`;

/** pg_trgm's trigrams: a shorter fragment cannot use the index. */
const MIN_INDEXED_FRAGMENT = 3;

export const postgresCourseSearch: CourseSearchDialect = {
  lessonTextContains: ({ pattern }) => sql`lower(${courseLessonTexts.text}) like ${pattern} escape '\\'`,
  cueTextContains: cueContains,
  countCueMatches: async (db, fragment, atMost) => {
    if ([...fragment.folded].length < MIN_INDEXED_FRAGMENT) return undefined;
    const { rows } = await (db as unknown as NodePgDatabase).execute<{ n: number }>(
      sql`select count(*)::int as n from (select 1 from ${courseCaptionCues} where ${cueContains(fragment)} limit ${atMost}) as hits`,
    );
    return rows[0]!.n;
  },
  // strpos, which no index answers: the walk's few lessons' cues come by the lessons' index, where
  // LIKE would have the planner build a bitmap of every match in the course to AND with it.
  cueRowContains: ({ folded }) => sql`strpos(lower(${courseCaptionCues.text}), ${folded}) > 0`,
};
