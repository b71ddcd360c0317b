// The course search (CONTRACT §4 GET /api/course/search): a case-insensitive substring, taken
// literally, in the text of the lessons the caller may open, at most 20 results in course order,
// each with the text around the match.
import { and, asc, eq, inArray } from 'drizzle-orm';
import { SEARCH_RESULTS_MAX } from '../../shared/course';
import type { Db } from '../db/client';
import { courseLessons, courseLessonTexts, courseModules } from '../db/schema';
import { foldAscii } from '../users/search-index';
import { lessonAccess, type CourseViewer } from './access';
import type { CourseTree } from './content-data';
import { courseSearch, type SearchFragment } from './search-index';

export interface SearchResult {
  lessonId: string;
  lessonTitle: string;
  moduleTitle: string;
  snippet: string;
  at: number | null;
}

const escapeLike = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

export function searchFragment(query: string): SearchFragment {
  const folded = foldAscii(query);
  return { folded, pattern: `%${escapeLike(folded)}%` };
}

/** Characters of context on each side of the match. */
const CONTEXT = 60;

/**
 * The text around the first match of `folded` in `text`, on one line, cut at spaces where it is
 * cut, with an ellipsis on each cut side. foldAscii keeps every character where it was, so the
 * match's place in the folded text is its place in the text.
 */
export function snippetOf(text: string, folded: string): string {
  const at = foldAscii(text).indexOf(folded);
  if (at === -1)
    return text
      .slice(0, 2 * CONTEXT)
      .replace(/\s+/g, ' ')
      .trim();
  let start = Math.max(0, at - CONTEXT);
  let end = Math.min(text.length, at + folded.length + CONTEXT);
  if (start > 0) {
    const space = text.indexOf(' ', start);
    if (space !== -1 && space < at) start = space + 1;
  }
  if (end < text.length) {
    const space = text.lastIndexOf(' ', end);
    if (space >= at + folded.length) end = space;
  }
  const middle = text.slice(start, end).replace(/\s+/g, ' ').trim();
  return `${start > 0 ? '… ' : ''}${middle}${end < text.length ? ' …' : ''}`;
}

/** The lessons the viewer may open, by id, with their module's title. */
function openLessons(tree: CourseTree, viewer: CourseViewer, now: number): Map<string, { lessonTitle: string; moduleTitle: string }> {
  const open = new Map<string, { lessonTitle: string; moduleTitle: string }>();
  for (const module of tree.modules) {
    for (const lesson of module.lessons) {
      if (lessonAccess(viewer, lesson, module, now).state === 'open') open.set(lesson._id, { lessonTitle: lesson.title, moduleTitle: module.title });
    }
  }
  return open;
}

export async function searchCourse(db: Db, tree: CourseTree, viewer: CourseViewer, query: string, now: number): Promise<SearchResult[]> {
  const open = openLessons(tree, viewer, now);
  if (open.size === 0) return [];
  const fragment = searchFragment(query);
  const hits = await db
    .select({ lessonId: courseLessonTexts.lessonId, text: courseLessonTexts.text })
    .from(courseLessonTexts)
    .innerJoin(courseLessons, eq(courseLessons.id, courseLessonTexts.lessonId))
    .innerJoin(courseModules, eq(courseModules.id, courseLessons.moduleId))
    .where(and(courseSearch.lessonTextContains(fragment), inArray(courseLessonTexts.lessonId, [...open.keys()])))
    .orderBy(asc(courseModules.position), asc(courseLessons.position), asc(courseLessons.id))
    .limit(SEARCH_RESULTS_MAX);
  return hits.map((hit) => ({ lessonId: hit.lessonId, ...open.get(hit.lessonId)!, snippet: snippetOf(hit.text, fragment.folded), at: null }));
}
