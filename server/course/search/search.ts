// The course search (CONTRACT §4 GET /api/course/search): a case-insensitive substring, taken
// literally, in the text and the caption cues of the lessons the caller may open, at most 20
// results in course order (a lesson's own text before its cues, the cues in time order), each with
// the text around the match and, for a cue, its start.
import { and, asc, eq, type SQL } from 'drizzle-orm';
import { SEARCH_RESULTS_MAX } from '../../../shared/course';
import type { Db } from '../../db/client';
import { courseCaptionCues, courseLessons, courseLessonTexts, courseModules } from '../../db/schema';
import { foldAscii } from '../../users/search-index';
import { lessonAccess, type CourseViewer } from '../access';
import type { CourseTree } from '../content/content-data';
import { GRAM_LENGTH, lessonsHolding } from './search-grams';
import type { CueHit, SearchFragment, TextHit } from './search-dialect';
import { courseSearch } from './search-index';

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

interface OpenLesson {
  lessonTitle: string;
  moduleTitle: string;
  /** Its place in course order. */
  order: number;
}

/** The lessons the viewer may open, by id, with their module's title and their place in the course. */
function openLessons(tree: CourseTree, viewer: CourseViewer, now: number): Map<string, OpenLesson> {
  const open = new Map<string, OpenLesson>();
  for (const module of tree.modules) {
    for (const lesson of module.lessons) {
      if (lessonAccess(viewer, lesson, module, now).state === 'open')
        open.set(lesson._id, { lessonTitle: lesson.title, moduleTitle: module.title, order: open.size });
    }
  }
  return open;
}

const courseOrder = [asc(courseModules.position), asc(courseLessons.position), asc(courseLessons.id)];

/**
 * From this many caption cues that match in the whole course, the search walks the open lessons in
 * course order and stops at the 20th hit, instead of gathering every match and sorting them: a word
 * said in thousands of cues cost 200 to 400 ms that way (issue 26's bench: a common word in 29,000
 * cues of 400 one-hour transcripts), against a few ms when the first lesson holds 20. Fewer
 * matches are sorted whole, cheaply (decision 034).
 */
export const WALK_FROM_MATCHES = 200;

/** The first `limit` cues of the lessons `ids` that `contains` holds for, in course order (not yet run). */
function firstCueHits(db: Db, contains: SQL, ids: string[], limit: number) {
  return db
    .select({ lessonId: courseCaptionCues.lessonId, text: courseCaptionCues.text, at: courseCaptionCues.startSeconds })
    .from(courseCaptionCues)
    .innerJoin(courseLessons, eq(courseLessons.id, courseCaptionCues.lessonId))
    .innerJoin(courseModules, eq(courseModules.id, courseLessons.moduleId))
    .where(and(contains, courseSearch.lessonIn(courseCaptionCues.lessonId, ids)))
    .orderBy(...courseOrder, asc(courseCaptionCues.startSeconds), asc(courseCaptionCues.fileId), asc(courseCaptionCues.position))
    .limit(limit);
}

/**
 * The same, walking the open lessons `ids` (in course order) by the lessons' cue index, in runs of
 * 1, 2, 4… lessons: a common fragment is answered from the first lesson, and a walk to the end
 * takes about log2(lessons) queries, reading each cue once.
 */
async function walkedCueHits(db: Db, fragment: SearchFragment, ids: string[]): Promise<CueHit[]> {
  const hits: CueHit[] = [];
  for (let from = 0, run = 1; from < ids.length && hits.length < SEARCH_RESULTS_MAX; from += run, run *= 2) {
    hits.push(...(await firstCueHits(db, courseSearch.cueRowContains(fragment), ids.slice(from, from + run), SEARCH_RESULTS_MAX - hits.length)));
  }
  return hits;
}

/** The first lessons' texts among `ids` that `contains` holds for, in course order (not yet run). */
function firstTextHits(db: Db, contains: SQL, ids: string[]) {
  return db
    .select({ lessonId: courseLessonTexts.lessonId, text: courseLessonTexts.text })
    .from(courseLessonTexts)
    .innerJoin(courseLessons, eq(courseLessons.id, courseLessonTexts.lessonId))
    .innerJoin(courseModules, eq(courseModules.id, courseLessons.moduleId))
    .where(and(contains, courseSearch.lessonIn(courseLessonTexts.lessonId, ids)))
    .orderBy(...courseOrder)
    .limit(SEARCH_RESULTS_MAX);
}

/**
 * A 2-character fragment, which no trigram index answers, through the letters index
 * (search-grams.ts): the texts of the open lessons whose text holds it, and the cues of those whose
 * cues do, in course order as far as the lesson where its 20th cue hit lies. A miss reads no row
 * but the index's; a lesson not yet indexed is read as if it held the fragment.
 */
async function gramHits(db: Db, fragment: SearchFragment, ids: string[]): Promise<{ texts: TextHit[]; cues: CueHit[] }> {
  const holding = await lessonsHolding(db, fragment.folded);
  const textIds = ids.filter((id) => {
    const held = holding(id);
    return held === 'unknown' || held.inText;
  });
  const cueIds: string[] = [];
  let known = 0;
  for (const id of ids) {
    if (known >= SEARCH_RESULTS_MAX) break;
    const held = holding(id);
    if (held !== 'unknown' && held.cues === 0) continue;
    cueIds.push(id);
    if (held !== 'unknown') known += held.cues;
  }
  const [texts, cues] = await Promise.all([
    textIds.length ? firstTextHits(db, courseSearch.lessonTextContains(fragment), textIds) : [],
    cueIds.length ? firstCueHits(db, courseSearch.cueRowContains(fragment), cueIds, SEARCH_RESULTS_MAX) : [],
  ]);
  return { texts, cues };
}

/** 3+ characters: through the trigram index, or walking the lessons once the fragment is common. */
async function trigramHits(db: Db, fragment: SearchFragment, ids: string[]): Promise<{ texts: TextHit[]; cues: CueHit[] }> {
  const first = await courseSearch.firstHits(
    db,
    fragment,
    {
      texts: firstTextHits(db, courseSearch.lessonTextContains(fragment), ids),
      cues: (contains) => firstCueHits(db, contains, ids, SEARCH_RESULTS_MAX),
      firstLesson: firstCueHits(db, courseSearch.cueRowContains(fragment), ids.slice(0, 1), SEARCH_RESULTS_MAX),
    },
    WALK_FROM_MATCHES,
  );
  return { texts: first.texts, cues: first.cues ?? (await walkedCueHits(db, fragment, ids)) };
}

export async function searchCourse(db: Db, tree: CourseTree, viewer: CourseViewer, query: string, now: number): Promise<SearchResult[]> {
  const open = openLessons(tree, viewer, now);
  if (open.size === 0) return [];
  const fragment = searchFragment(query);
  const ids = [...open.keys()];
  // Each list alone is at most 20 long in course order, so the first 20 of both together are among them.
  const { texts: textHits, cues: cueHits } = await ([...fragment.folded].length === GRAM_LENGTH ? gramHits : trigramHits)(db, fragment, ids);
  const hits = [...textHits.map((hit) => ({ ...hit, at: null })), ...cueHits];
  const place = (hit: { lessonId: string; at: number | null }) => [open.get(hit.lessonId)!.order, hit.at ?? -1] as const;
  hits.sort((a, b) => place(a)[0] - place(b)[0] || place(a)[1] - place(b)[1]);
  return hits.slice(0, SEARCH_RESULTS_MAX).map((hit) => {
    const { lessonTitle, moduleTitle } = open.get(hit.lessonId)!;
    return { lessonId: hit.lessonId, lessonTitle, moduleTitle, snippet: snippetOf(hit.text, fragment.folded), at: hit.at };
  });
}
