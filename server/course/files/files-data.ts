// A lesson's files (CONTRACT §4 "Course files"): the only code that touches course_files and
// course_caption_cues. Every write runs in its caller's transaction; the bytes on disk are the
// caller's to remove, after the commit (files-disk.ts): so a refused or rolled-back change never
// loses a file, and a committed one never leaves a row without its file.
import { and, asc, eq, sql } from 'drizzle-orm';
import type { CourseFileRole, TranscodeState } from '../../../shared/course';
import type { Db, Tx } from '../../db/client';
import { preparedPerDatabase } from '../../db/prepared';
import { courseCaptionCues, courseFiles, courseLessons, courseModules, courseStreams, users } from '../../db/schema';
import type { PendingEvents } from '../../events/after-commit';
import type { AccessLesson, AccessModule } from '../access';
import { queueTranscode, stopTranscode } from '../transcode-queue';
import type { CaptionCue } from './captions';
import { indexLessonGrams } from '../search/search-grams';
import { memberStandingColumns, type MemberStanding } from '../../users/data';

export interface CourseFileRow {
  id: string;
  lessonId: string;
  role: CourseFileRole;
  /** The client's name made safe: what a download is called. */
  name: string;
  /** The file's name in COURSE_FILES_ROOT. */
  storedName: string;
  size: number;
  contentType: string;
  lang: string | null;
  label: string | null;
  /** Image attachments: their size in pixels, if it could be read. */
  width: number | null;
  height: number | null;
  createdAt: number;
}

/** A file as the admin's calls answer it. */
export interface AdminCourseFile {
  _id: string;
  role: CourseFileRole;
  name: string;
  size: number;
  lang: string | null;
  label: string | null;
}

/** A file as the admin's course tree lists it: a media file with its transcode (CONTRACT §7). */
export interface AdminListedFile extends AdminCourseFile {
  transcode: { state: TranscodeState; percent: number; error: string | null } | null;
}

export const toAdminFile = (row: CourseFileRow): AdminCourseFile => ({
  _id: row.id,
  role: row.role,
  name: row.name,
  size: row.size,
  lang: row.lang,
  label: row.label,
});

// By role (attachment, captions, media: their names' order), each in upload order: the order the admin's list and the lesson's captions and attachments come in.
const fileOrder = [asc(courseFiles.lessonId), asc(courseFiles.role), asc(courseFiles.createdAt), asc(courseFiles.id)];

export async function listLessonFiles(db: Pick<Db, 'select'>, lessonId: string): Promise<CourseFileRow[]> {
  return db
    .select()
    .from(courseFiles)
    .where(eq(courseFiles.lessonId, lessonId))
    .orderBy(...fileOrder);
}

/** A media file's transcode as the Course Manager shows it; one without a row yet (the start-up back-fill queues it) is queued. */
const transcodeOf = (stream: { state: TranscodeState; percent: number; error: string | null } | null): AdminListedFile['transcode'] =>
  stream ? { state: stream.state, percent: stream.percent, error: stream.error } : { state: 'queued', percent: 0, error: null };

/** Every lesson's files, by lesson id (GET /api/admin/course), each media file with its transcode (CONTRACT §7). */
export async function filesByLesson(db: Db): Promise<Map<string, AdminListedFile[]>> {
  const rows = await db
    .select({ file: courseFiles, stream: { state: courseStreams.state, percent: courseStreams.percent, error: courseStreams.error } })
    .from(courseFiles)
    .leftJoin(courseStreams, eq(courseStreams.fileId, courseFiles.id))
    .orderBy(...fileOrder);
  const byLesson = new Map<string, AdminListedFile[]>();
  for (const { file, stream } of rows) {
    const files = byLesson.get(file.lessonId) ?? [];
    files.push({ ...toAdminFile(file), transcode: file.role === 'media' ? transcodeOf(stream) : null });
    byLesson.set(file.lessonId, files);
  }
  return byLesson;
}

// Prepared: every request of a playing lesson video asks it.
const fileForServingQuery = preparedPerDatabase((db) =>
  db
    .select({
      file: courseFiles,
      lesson: { published: courseLessons.published, freePreview: courseLessons.freePreview },
      module: { published: courseModules.published, opensAfterDays: courseModules.opensAfterDays },
      member: memberStandingColumns,
    })
    .from(courseFiles)
    .innerJoin(courseLessons, eq(courseLessons.id, courseFiles.lessonId))
    .innerJoin(courseModules, eq(courseModules.id, courseLessons.moduleId))
    // The member of a signed URL (none for the transcode's own reads: the placeholder is '').
    .leftJoin(users, eq(users.id, sql.placeholder('memberId')))
    .where(eq(courseFiles.id, sql.placeholder('id')))
    .prepare(),
);

export interface FileForServing {
  file: CourseFileRow;
  lesson: AccessLesson;
  module: AccessModule;
}

/** A file with what the access rule needs of its lesson and module, in one query. */
export async function findFileForServing(db: Db, fileId: string): Promise<FileForServing | undefined> {
  const [row] = await fileForServingQuery(db, '').execute({ id: fileId, memberId: '' });
  return row && { file: row.file, lesson: row.lesson, module: row.module };
}

/**
 * The same, with the standing of member `memberId` (null: no such user), in the same query: the
 * signed file and stream routes ask it at every request, a segment every 2 s of every viewer.
 */
export async function findFileForMember(db: Db, fileId: string, memberId: string): Promise<(FileForServing & { member: MemberStanding | null }) | undefined> {
  const [row] = await fileForServingQuery(db, '').execute({ id: fileId, memberId });
  return row;
}

// Well under SQLite's and PostgreSQL's limits on a statement's parameters (6 a cue).
const CUES_PER_INSERT = 500;

export interface NewCourseFile {
  file: CourseFileRow;
  /** Captions: their cues. */
  cues?: readonly CaptionCue[];
  /** Media: the lesson's duration, read from it (null if it could not be). */
  durationSeconds?: number | null;
}

/**
 * Adds a file to its lesson; a media file replaces the lesson's media, whose stored names come
 * back for the caller to remove from disk once this has committed (removeStoredFiles takes their
 * HLS output too), and is queued for its transcode into HLS, the old one's stopped (CONTRACT §7).
 * 'no-lesson' if the lesson is gone (deleted while the file streamed in).
 */
export async function addFile(tx: Tx, events: PendingEvents, added: NewCourseFile): Promise<{ replaced: string[] } | 'no-lesson'> {
  const { file } = added;
  // First, a write to the lesson's row: on PostgreSQL it holds the row until the commit, so two
  // media uploads to one lesson at once take turns and the second sees (and replaces) the first's
  // media; SQLite runs transactions one at a time anyway.
  const lessonChange = file.role === 'media' ? { updatedAt: file.createdAt, durationSeconds: added.durationSeconds ?? null } : { updatedAt: file.createdAt };
  const [lesson] = await tx.update(courseLessons).set(lessonChange).where(eq(courseLessons.id, file.lessonId)).returning({ id: courseLessons.id });
  if (!lesson) return 'no-lesson';
  let replaced: string[] = [];
  if (file.role === 'media') {
    const old = await tx
      .delete(courseFiles)
      .where(and(eq(courseFiles.lessonId, file.lessonId), eq(courseFiles.role, 'media')))
      .returning({ id: courseFiles.id, storedName: courseFiles.storedName });
    replaced = old.map((row) => row.storedName);
    for (const row of old) await stopTranscode(tx, events, row.id);
    // The duration is in the outline.
    events.publish('course-changed');
  }
  await tx.insert(courseFiles).values(file);
  if (file.role === 'media') await queueTranscode(tx, events, file.id, file.createdAt);
  const cues = added.cues ?? [];
  for (let from = 0; from < cues.length; from += CUES_PER_INSERT) {
    await tx.insert(courseCaptionCues).values(
      cues.slice(from, from + CUES_PER_INSERT).map((cue, i) => ({
        fileId: file.id,
        lessonId: file.lessonId,
        position: from + i,
        startSeconds: cue.startSeconds,
        endSeconds: cue.endSeconds,
        text: cue.text,
      })),
    );
  }
  if (cues.length > 0) await indexLessonGrams(tx, file.lessonId);
  return { replaced };
}

/** Deletes a file's row and cues (and stops a media file's transcode); the deleted row (its stored name for the caller to remove after the commit), or undefined: no such file. */
export async function deleteFile(tx: Tx, events: PendingEvents, fileId: string, at = Date.now()): Promise<CourseFileRow | undefined> {
  await tx.delete(courseCaptionCues).where(eq(courseCaptionCues.fileId, fileId));
  const [row] = await tx.delete(courseFiles).where(eq(courseFiles.id, fileId)).returning();
  if (!row) return undefined;
  const lessonChange = row.role === 'media' ? { updatedAt: at, durationSeconds: null } : { updatedAt: at };
  await tx.update(courseLessons).set(lessonChange).where(eq(courseLessons.id, row.lessonId));
  if (row.role === 'media') {
    events.publish('course-changed');
    await stopTranscode(tx, events, row.id);
  }
  if (row.role === 'captions') await indexLessonGrams(tx, row.lessonId);
  return row;
}

/**
 * Deletes every file row and cue of a lesson (its media's transcode stopped), in the transaction
 * that deletes the lesson itself next (whose deletion takes its letters index rows too); their
 * stored names, for the caller to remove after the commit.
 */
export async function deleteLessonFiles(tx: Tx, events: PendingEvents, lessonId: string): Promise<string[]> {
  await tx.delete(courseCaptionCues).where(eq(courseCaptionCues.lessonId, lessonId));
  const rows = await tx
    .delete(courseFiles)
    .where(eq(courseFiles.lessonId, lessonId))
    .returning({ id: courseFiles.id, role: courseFiles.role, storedName: courseFiles.storedName });
  for (const row of rows) if (row.role === 'media') await stopTranscode(tx, events, row.id);
  return rows.map((row) => row.storedName);
}
