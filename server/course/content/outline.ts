// The outline as one viewer sees it (CONTRACT §4 "Member calls"), and the lessons either side of
// one: both shaped from the course tree the outline cache keeps, by the one access rule.
import type { CourseOutline, OutlineLesson } from '../../../shared/course';
import { lessonAccess, moduleOpensAt, type CourseViewer } from '../access';
import type { CourseTree } from './content-data';

/**
 * Published modules and lessons only, for everyone (admins see drafts in their own view), each
 * lesson marked locked or not for this viewer, with the reason in one word.
 */
export function outlineFor(tree: CourseTree, viewer: CourseViewer | null, now: number): CourseOutline {
  return {
    modules: tree.modules
      .filter((module) => module.published)
      .map((module, position) => ({
        _id: module._id,
        title: module.title,
        summary: module.summary,
        position,
        opensAt: moduleOpensAt(viewer, module, now),
        lessons: module.lessons
          .filter((lesson) => lesson.published)
          .map((lesson): OutlineLesson => {
            const access = lessonAccess(viewer, lesson, module, now);
            const reason = access.state === 'locked' ? access.reason : null;
            const { _id, title, summary, kind, durationSeconds, freePreview } = lesson;
            return { _id, title, summary, kind, durationSeconds, freePreview, locked: reason !== null, reason };
          }),
      })),
  };
}

/** The lessons before and after `lessonId` in course order that the viewer may open, or null. */
export function neighbours(tree: CourseTree, viewer: CourseViewer | null, lessonId: string, now: number): { previousId: string | null; nextId: string | null } {
  const ids = tree.modules.flatMap((module) =>
    module.lessons.filter((lesson) => lesson._id === lessonId || lessonAccess(viewer, lesson, module, now).state === 'open').map((lesson) => lesson._id),
  );
  const at = ids.indexOf(lessonId);
  if (at === -1) return { previousId: null, nextId: null };
  return { previousId: ids[at - 1] ?? null, nextId: ids[at + 1] ?? null };
}
