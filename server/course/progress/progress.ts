// A member's progress over the course (CONTRACT §4 GET /api/course/progress), and whether it earns
// the certificate: shaped from the course tree (the outline cache) and the member's own rows, over
// the published lessons of published modules only.
import { AUTO_COMPLETE_SHARE, isPlayed } from '../../../shared/course';
import { isoTimeOrNull } from '../../lib/iso-time';
import { lessonAccess, type CourseViewer } from '../access';
import type { CourseTree, LessonHead } from '../content/content-data';
import type { ProgressRow, SavedProgress } from './progress-data';

export interface CourseProgress {
  completedLessons: number;
  totalLessons: number;
  percent: number;
  resume: { lessonId: string; positionSeconds: number } | null;
  modules: Array<{ _id: string; completedLessons: number; totalLessons: number }>;
}

/** The published modules, each with its published lessons: what progress and the certificate count. */
export function publishedCourse(tree: CourseTree): CourseTree['modules'] {
  return tree.modules.filter((module) => module.published).map((module) => ({ ...module, lessons: module.lessons.filter((lesson) => lesson.published) }));
}

/**
 * The played seconds at which a lesson completes by itself: 90 % of a video or audio lesson's
 * duration, in whole seconds; null for a lesson with nothing to play (text, or no media yet).
 */
export function autoCompleteAt(lesson: Pick<LessonHead, 'kind' | 'durationSeconds'>): number | null {
  if (!isPlayed(lesson.kind) || !lesson.durationSeconds) return null;
  return Math.ceil(lesson.durationSeconds * AUTO_COMPLETE_SHARE);
}

export function courseProgress(tree: CourseTree, viewer: CourseViewer, rows: readonly ProgressRow[], now: number): CourseProgress {
  const byLesson = new Map(rows.map((row) => [row.lessonId, row]));
  const modules = publishedCourse(tree);
  const done = (lesson: LessonHead) => byLesson.get(lesson._id)?.completedAt != null;
  const counts = modules.map((module) => ({
    _id: module._id,
    completedLessons: module.lessons.filter(done).length,
    totalLessons: module.lessons.length,
  }));
  const completedLessons = counts.reduce((sum, module) => sum + module.completedLessons, 0);
  const totalLessons = counts.reduce((sum, module) => sum + module.totalLessons, 0);

  // Incomplete lessons the member may open now, in course order.
  const openIncomplete = modules.flatMap((module) =>
    module.lessons.filter((lesson) => !done(lesson) && lessonAccess(viewer, lesson, module, now).state === 'open').map((lesson) => lesson._id),
  );
  const open = new Set(openIncomplete);
  const touchedLast = rows
    .filter((row) => open.has(row.lessonId))
    .reduce<ProgressRow | undefined>((last, row) => (!last || row.updatedAt > last.updatedAt ? row : last), undefined);
  const resumeId = touchedLast?.lessonId ?? openIncomplete[0];

  return {
    completedLessons,
    totalLessons,
    percent: totalLessons === 0 ? 0 : Math.floor((completedLessons * 100) / totalLessons),
    resume: resumeId === undefined ? null : { lessonId: resumeId, positionSeconds: byLesson.get(resumeId)?.positionSeconds ?? 0 },
    modules: counts,
  };
}

/**
 * When the member completed the course: the last completion among the published lessons, once
 * every one of them is complete; null before that, and for a course with no published lesson.
 */
export function courseCompletedAt(tree: CourseTree, rows: readonly ProgressRow[]): number | null {
  const completions = new Map(rows.map((row) => [row.lessonId, row.completedAt]));
  const lessons = publishedCourse(tree).flatMap((module) => module.lessons);
  if (lessons.length === 0) return null;
  let last = 0;
  for (const lesson of lessons) {
    const at = completions.get(lesson._id);
    if (at == null) return null;
    last = Math.max(last, at);
  }
  return last;
}

/** A lesson's progress as the API answers it (the lesson call and the save). */
export const progressAnswer = (saved: SavedProgress) => ({
  positionSeconds: saved.positionSeconds,
  playedSeconds: saved.playedSeconds,
  completedAt: isoTimeOrNull(saved.completedAt),
});
