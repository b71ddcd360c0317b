// The course search's one dialect-specific part (DESIGN "Past one machine"): the conditions "this
// lesson's text contains the fragment" and "this caption cue's text contains it", each found
// through the database's own substring index.
// - search-sqlite.ts: the FTS5 trigram tables course_lesson_search and course_cue_search
//   (drizzle/, kept by triggers);
// - search-postgres.ts: pg_trgm GIN indexes on lower(text), kept by PostgreSQL.
// Both fold ASCII letters only, as the users' search does: lower() on SQLite, and on PostgreSQL's
// "C" text, folds exactly those, and the query is folded the same way (foldAscii).
import type { SQL } from 'drizzle-orm';
import type { Db } from '../db/client';
import { dialect } from '../db/dialect';
import { postgresCourseSearch } from './search-postgres';
import { sqliteCourseSearch } from './search-sqlite';

/** A query made into a search: folded as the index folds, and as a LIKE pattern taken literally. */
export interface SearchFragment {
  folded: string;
  pattern: string;
}

export interface CourseSearchDialect {
  /** Holds for the rows of course_lesson_texts whose text contains the fragment. */
  lessonTextContains(fragment: SearchFragment): SQL;
  /** Holds for the rows of course_caption_cues whose text contains the fragment. */
  cueTextContains(fragment: SearchFragment): SQL;
  /**
   * How many caption cues of the whole course contain the fragment, counted through the index and
   * no further than `atMost`; undefined when the fragment is too short for the index.
   */
  countCueMatches(db: Db, fragment: SearchFragment, atMost: number): Promise<number | undefined>;
  /** cueTextContains checked on each row, without the index: for a walk through one lesson's cues. */
  cueRowContains(fragment: SearchFragment): SQL;
}

export const courseSearch: CourseSearchDialect = dialect === 'postgres' ? postgresCourseSearch : sqliteCourseSearch;
