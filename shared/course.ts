// The course's words and limits (CONTRACT §4 "The course"), shared by the server and the client.

export const LESSON_KINDS = ['text', 'video', 'audio'] as const;
export type LessonKind = (typeof LESSON_KINDS)[number];

/** What a lesson's file is to it (CONTRACT §4 "Admin calls"): its one media file, a captions track, or a download. */
export const COURSE_FILE_ROLES = ['media', 'captions', 'attachment'] as const;
export type CourseFileRole = (typeof COURSE_FILE_ROLES)[number];

/** Why a lesson in the outline is locked for its viewer (CONTRACT §4 "Who sees what"). */
export const LOCK_REASONS = ['sign-in', 'architect', 'opens'] as const;
export type LockReason = (typeof LOCK_REASONS)[number];

export const COURSE_TITLE_MAX_LENGTH = 200;
export const COURSE_SUMMARY_MAX_LENGTH = 1000;
export const LESSON_BODY_MAX_LENGTH = 200_000;
export const OPENS_AFTER_DAYS_MAX = 3650;

export const DAY_MS = 86_400_000;

export const COURSE_MESSAGES = {
  forArchitects: 'This lesson is for Architects',
  /** `day` is YYYY-MM-DD (UTC). */
  opensOn: (day: string) => `This module opens on ${day}`,
  moduleHasLessons: 'Move or delete its lessons first',
  moduleDeleted: 'Module deleted',
  lessonDeleted: 'Lesson deleted',
} as const;

/** One lesson of the outline as its viewer sees it: never its body or its files. */
export interface OutlineLesson {
  _id: string;
  title: string;
  summary: string;
  kind: LessonKind;
  durationSeconds: number | null;
  freePreview: boolean;
  locked: boolean;
  reason: LockReason | null;
}

export interface OutlineModule {
  _id: string;
  title: string;
  summary: string;
  position: number;
  /** The day (YYYY-MM-DD, UTC) the module opens for this viewer, an Architect; null for anyone else. */
  opensAt: string | null;
  lessons: OutlineLesson[];
}

export interface CourseOutline {
  modules: OutlineModule[];
}
