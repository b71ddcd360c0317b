// The course's words and limits (CONTRACT §4 "The course"), shared by the server and the client.

export const LESSON_KINDS = ['text', 'video', 'audio', 'quiz'] as const;
export type LessonKind = (typeof LESSON_KINDS)[number];
/** The kinds that play a media file: the others (text, quiz) have none, nor captions. */
export type PlayedKind = 'video' | 'audio';
export const isPlayed = (kind: LessonKind): kind is PlayedKind => kind === 'video' || kind === 'audio';

/** What a lesson's file is to it (CONTRACT §4 "Admin calls"): its one media file, a captions track, or a download. */
export const COURSE_FILE_ROLES = ['media', 'captions', 'attachment'] as const;
export type CourseFileRole = (typeof COURSE_FILE_ROLES)[number];

/** CONTRACT §7: where a media file's transcode into HLS stands. */
export const TRANSCODE_STATES = ['queued', 'running', 'done', 'failed'] as const;
export type TranscodeState = (typeof TRANSCODE_STATES)[number];

/** The extensions each role takes (CONTRACT §4 "Admin calls"); a media file must also fit its lesson's kind. */
export const COURSE_MEDIA_EXTENSIONS = {
  video: ['mp4', 'm4v', 'webm', 'mov'],
  audio: ['mp3', 'm4a', 'aac', 'ogg', 'oga', 'opus', 'wav', 'flac'],
} as const;
export const CAPTIONS_EXTENSIONS = ['vtt'] as const;
export const ATTACHMENT_EXTENSIONS = ['pdf', 'epub', 'zip', 'txt', 'md', 'png', 'jpg', 'jpeg', 'webp', 'mp3', 'm4a'] as const;
/** Captions take 1 MiB, attachments 200 MB; media take COURSE_FILE_MAX_BYTES (the server's setting, 8 GiB unless set; 2 GiB through the one-request multipart call). */
export const CAPTIONS_MAX_BYTES = 1024 * 1024;
export const ATTACHMENT_MAX_BYTES = 209_715_200;
/** A captions track's language: a BCP 47 tag such as en, pt-BR or zh-Hant. */
export const CAPTIONS_LANG_PATTERN = /^[A-Za-z]{2,3}(-[A-Za-z0-9]{1,8})*$/;
export const CAPTIONS_LANG_MAX_LENGTH = 35;
export const CAPTIONS_LABEL_MAX_LENGTH = 100;

/** Why a lesson in the outline is locked for its viewer (CONTRACT §4 "Who sees what"). */
export const LOCK_REASONS = ['sign-in', 'architect', 'opens'] as const;
export type LockReason = (typeof LOCK_REASONS)[number];

export const COURSE_TITLE_MAX_LENGTH = 200;
export const COURSE_SUMMARY_MAX_LENGTH = 1000;
export const LESSON_BODY_MAX_LENGTH = 200_000;
export const OPENS_AFTER_DAYS_MAX = 3650;

export const COURSE_MESSAGES = {
  forArchitects: 'This lesson is for Architects',
  /** `day` is YYYY-MM-DD (UTC). */
  opensOn: (day: string) => `This module opens on ${day}`,
  moduleHasLessons: 'Move or delete its lessons first',
  moduleDeleted: 'Module deleted',
  lessonDeleted: 'Lesson deleted',
  certificateNotEarned: 'Complete every lesson to earn the certificate',
  /** `wait` in words: "40 seconds". */
  tooManySearches: (wait: string) => `Too many searches. Please try again in ${wait}.`,
} as const;

/** What a certificate names the course. */
export const COURSE_NAME = 'Quantum Path: the ten-part course';

/** The largest position or played time a progress save takes, in seconds (a week: past any lesson's media). */
export const PROGRESS_SECONDS_MAX = 604_800;
/** A video or audio lesson completes by itself once this share of its duration has been played. */
export const AUTO_COMPLETE_SHARE = 0.9;
export const SEARCH_QUERY_MIN_LENGTH = 2;
export const SEARCH_QUERY_MAX_LENGTH = 100;
export const SEARCH_RESULTS_MAX = 20;

/** A certificate's public page. */
export const certificatePath = (id: string) => `/certificates/${id}`;

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
