// The course search's one dialect-specific part (DESIGN "Past one machine"): the conditions "this
// lesson's text contains the fragment" and "this caption cue's text contains it", each found
// through the database's own substring index.
// - search-sqlite.ts: the FTS5 trigram tables course_lesson_search and course_cue_search
//   (drizzle/, kept by triggers);
// - search-postgres.ts: pg_trgm GIN indexes on lower(text), kept by PostgreSQL.
// Both fold ASCII letters only, as the users' search does: lower() on SQLite, and on PostgreSQL's
// "C" text, folds exactly those, and the query is folded the same way (foldAscii).
import { dialect } from '../../db/dialect';
import type { CourseSearchDialect } from './search-dialect';
import { postgresCourseSearch } from './search-postgres';
import { sqliteCourseSearch } from './search-sqlite';

export const courseSearch: CourseSearchDialect = dialect === 'postgres' ? postgresCourseSearch : sqliteCourseSearch;
