// What the audit trail says about a change to the course's modules and lessons.
import { formatBytes } from '../../shared/media';
import { changesSummary, count, quoted } from '../audit/summary';
import type { CourseLesson, CourseModule } from './content/content-data';
import type { CourseFileRow } from './files/files-data';

export const moduleTarget = (id: string) => ({ type: 'module', id }) as const;
export const lessonTarget = (id: string) => ({ type: 'lesson', id }) as const;
export const COURSE_TARGET = { type: 'course', id: 'modules' } as const;

const yesNo = (value: boolean) => (value ? 'yes' : 'no');
const chars = (text: string) => count([...text].length, 'character');

/** "created module “Beyond Newton” (published, opens after 0 days)" */
export const moduleCreatedSummary = (module: CourseModule) =>
  `created module ${quoted(module.title)} (${module.published ? 'published' : 'draft'}, opens after ${count(module.opensAfterDays, 'day')})`;

/** "“Beyond Newton”: changed title “Beyond Newton” → “Past Newton”, published yes → no" */
export const moduleUpdatedSummary = (before: CourseModule, after: CourseModule) =>
  `${quoted(before.title)}: ${changesSummary(
    [
      { label: 'title', before: quoted(before.title), after: quoted(after.title) },
      before.summary === after.summary ? [] : 'summary',
      { label: 'opens after days', before: before.opensAfterDays, after: after.opensAfterDays },
      { label: 'published', before: yesNo(before.published), after: yesNo(after.published) },
    ].flat(),
  )}`;

export const moduleDeletedSummary = (module: CourseModule) => `deleted module ${quoted(module.title)}`;

/** "reordered the 10 modules: “A”, “B”, … " */
export const modulesReorderedSummary = (modules: readonly CourseModule[]) =>
  `reordered the ${count(modules.length, 'module')}: ${modules.map((module) => quoted(module.title)).join(', ')}`;

/** "created text lesson “Welcome” in “Beyond Newton” (draft)" */
export const lessonCreatedSummary = (lesson: CourseLesson, moduleTitle: string) =>
  `created ${lesson.kind} lesson ${quoted(lesson.title)} in ${quoted(moduleTitle)} (${lesson.published ? 'published' : 'draft'}${lesson.freePreview ? ', free preview' : ''})`;

export const lessonUpdatedSummary = (before: CourseLesson, after: CourseLesson, moduleTitle: (id: string) => string) =>
  `${quoted(before.title)}: ${changesSummary(
    [
      { label: 'module', before: quoted(moduleTitle(before.moduleId)), after: quoted(moduleTitle(after.moduleId)) },
      { label: 'title', before: quoted(before.title), after: quoted(after.title) },
      { label: 'kind', before: before.kind, after: after.kind },
      before.summary === after.summary ? [] : 'summary',
      before.body === after.body ? [] : `body (${chars(after.body)})`,
      { label: 'free preview', before: yesNo(before.freePreview), after: yesNo(after.freePreview) },
      { label: 'published', before: yesNo(before.published), after: yesNo(after.published) },
    ].flat(),
  )}`;

export const lessonDeletedSummary = (lesson: CourseLesson) => `deleted ${lesson.kind} lesson ${quoted(lesson.title)}`;

export const lessonsReorderedSummary = (moduleTitle: string, lessons: readonly CourseLesson[]) =>
  `reordered the ${count(lessons.length, 'lesson')} of ${quoted(moduleTitle)}: ${lessons.map((lesson) => quoted(lesson.title)).join(', ')}`;

const fileWords = (file: CourseFileRow) =>
  `${file.role === 'captions' ? `captions ${quoted(file.label ?? '')} (${file.lang})` : file.role} ${quoted(file.name)}`;

/** "“Welcome”: uploaded media “talk.mp4” (12.0 MB), replacing “old.mp4”" */
export const fileUploadedSummary = (lessonTitle: string, file: CourseFileRow, replaced: readonly string[]) =>
  `${quoted(lessonTitle)}: uploaded ${fileWords(file)} (${formatBytes(file.size)})${replaced.length > 0 ? ', replacing the previous media' : ''}`;

/** "“Welcome”: queued the transcode of media “talk.mp4” again (it was failed)" */
export const fileTranscodeSummary = (lessonTitle: string, file: { name: string }, before: string) =>
  `${quoted(lessonTitle)}: queued the transcode of media ${quoted(file.name)} again (it was ${before})`;

export const fileDeletedSummary = (lessonTitle: string, file: CourseFileRow) => `${quoted(lessonTitle)}: deleted ${fileWords(file)}`;
