// The course search on PostgreSQL (search-index.ts): LIKE on lower(text), which the pg_trgm GIN
// indexes course_lesson_texts_trgm_idx and course_caption_cues_trgm_idx answer for 3+ characters
// (drizzle-pg/); the pattern escapes
// % _ and \, so the fragment is taken literally.
import { sql } from 'drizzle-orm';
import { courseCaptionCues, courseLessonTexts } from '../db/schema';
import type { CourseSearchDialect } from './search-index';

export const postgresCourseSearch: CourseSearchDialect = {
  lessonTextContains: ({ pattern }) => sql`lower(${courseLessonTexts.text}) like ${pattern} escape '\\'`,
  cueTextContains: ({ pattern }) => sql`lower(${courseCaptionCues.text}) like ${pattern} escape '\\'`,
};
