// The lesson editor's draft (issue 26 "Lessons", "The lesson editor"): what the form holds, what a
// save sends (the fields that changed, nothing else, so that two admins editing different fields
// of one lesson do not undo each other), and whether there is anything unsaved.
import type { LessonKind } from '@shared/course';
import type { AdminLesson, LessonUpdateInput } from './course-types';

export interface LessonDraft {
  moduleId: string;
  title: string;
  kind: LessonKind;
  summary: string;
  body: string;
  freePreview: boolean;
  published: boolean;
}

const FIELDS = ['moduleId', 'title', 'kind', 'summary', 'body', 'freePreview', 'published'] as const satisfies ReadonlyArray<keyof LessonDraft>;

export function draftOf(lesson: AdminLesson): LessonDraft {
  const { moduleId, title, kind, summary, body, freePreview, published } = lesson;
  return { moduleId, title, kind, summary, body, freePreview, published };
}

/** The update a save sends: the id and the fields that differ from the saved lesson; null when none does. */
export function changesOf(saved: AdminLesson, draft: LessonDraft): LessonUpdateInput | null {
  const changes: Partial<LessonDraft> = {};
  for (const field of FIELDS) {
    if (draft[field] !== saved[field]) Object.assign(changes, { [field]: draft[field] });
  }
  return Object.keys(changes).length === 0 ? null : { id: saved._id, ...changes };
}

/**
 * After a save, or when the lesson changed on the server (another admin, a file's duration): the
 * saved fields the admin had not touched follow the server, and the ones they are editing stay.
 */
export function rebase(previous: AdminLesson, draft: LessonDraft, current: AdminLesson): LessonDraft {
  const next = draftOf(current);
  for (const field of FIELDS) {
    if (draft[field] !== previous[field]) Object.assign(next, { [field]: draft[field] });
  }
  return next;
}
