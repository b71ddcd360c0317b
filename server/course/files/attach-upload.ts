// What every way of uploading a lesson file shares (CONTRACT §4 "Admin calls", §7 "Resumable
// uploads"): the multipart call (file-upload-route.ts) and the tus upload's last PATCH
// (tus-uploads.ts) both admit a file by its lesson, role and name (admitFile), and both hand the
// received bytes to attachUpload, which checks them (content, captions' cues, media's duration, an
// image's size), gives them their stored name and commits their row with the audit entry. A
// refusal leaves nothing stored; the received bytes stay the caller's to remove.
import { randomUUID } from 'node:crypto';
import { readFile, stat } from 'node:fs/promises';
import path from 'node:path';
import { TRPCError } from '@trpc/server';
import { parseFile } from 'music-metadata';
import sharp from 'sharp';
import type { z } from 'zod';
import type { courseFileFieldsInput } from '../../../shared/course-schemas';
import { isPlayed } from '../../../shared/course';
import { extensionOf } from '../../../shared/media';
import type { AppDeps } from '../../app-deps';
import { recordAudit } from '../../audit/record';
import { courseProgress } from '../../db/schema';
import { holdWrites } from '../../db/transaction';
import { commitThenPublish } from '../../events/after-commit';
import { linkUnique, sanitizeFileName } from '../../media/file-names';
import { contentMatchesExtension, leadingBytes } from '../../media/signatures';
import type { SessionUser } from '../../trpc/context';
import type { FastifyBaseLogger } from 'fastify';
import { findLesson, type CourseLesson } from '../content/content-data';
import { fileUploadedSummary, lessonTarget } from '../course-audit';
import { readCaptionCues, type CaptionCue } from './captions';
import { contentTypeOf, extensionsFor, wrongContentMessage, wrongTypeMessage } from './file-types';
import { removeStoredFiles, storedNameOf } from './files-disk';
import { addFile, type CourseFileRow } from './files-data';

export type UploadFields = z.output<typeof courseFileFieldsInput>;

type RefusalCode = 'UNSUPPORTED_MEDIA_TYPE' | 'BAD_REQUEST' | 'NOT_FOUND';
export const refuse = (code: RefusalCode, message: string) => new TRPCError({ code, message });
export const noSuchLesson = (id: string) => refuse('NOT_FOUND', `No lesson with id '${id}'`);

/** A file's name as it is kept (sanitised: no path, no control characters, cut to fit) and the extension that decides its type. */
export interface AdmittedName {
  name: string;
  extension: string;
}

/**
 * Whether `lesson` takes a file of `fields.role` named `clientName`, before a byte of it is read:
 * a text or quiz lesson has no media (400), and the extension must be one the role takes (415).
 */
export function admitFile(lesson: CourseLesson, fields: UploadFields, clientName: string): AdmittedName {
  if (fields.role === 'media' && !isPlayed(lesson.kind)) throw refuse('BAD_REQUEST', `role: a ${lesson.kind} lesson has no media file`);
  const name = sanitizeFileName(clientName);
  const extension = extensionOf(name);
  if (!extensionsFor(fields.role, lesson.kind).includes(extension))
    throw refuse('UNSUPPORTED_MEDIA_TYPE', wrongTypeMessage(clientName, fields.role, lesson.kind));
  return { name, extension };
}

/** What a checked file brings besides its bytes: captions' cues, media's duration, an image's size. */
interface Checked {
  cues?: CaptionCue[];
  durationSeconds?: number | null;
  pixels?: { width: number; height: number } | null;
}

const IMAGE_EXTENSIONS = new Set(['png', 'jpg', 'jpeg', 'webp']);

/** An image attachment's size as shown (a JPEG's EXIF orientation 5 to 8 turns it), for a lesson body's <img>; null if unreadable. */
async function imageSize(file: string): Promise<{ width: number; height: number } | null> {
  try {
    const { width, height, orientation } = await sharp(file).metadata();
    return (orientation ?? 1) >= 5 ? { width: height, height: width } : { width, height };
  } catch {
    // The leading bytes matched (checked before): a damaged image is still a download.
    return null;
  }
}

async function checkContent(received: string, { name, extension }: AdmittedName, role: UploadFields['role']): Promise<Checked> {
  if (!contentMatchesExtension(extension, await leadingBytes(received))) throw refuse('UNSUPPORTED_MEDIA_TYPE', wrongContentMessage(name, extension));
  if (role === 'captions') {
    // At most 1 MiB (the role's limit): read whole.
    const cues = readCaptionCues(await readFile(received, 'utf8'));
    if (!cues) throw refuse('UNSUPPORTED_MEDIA_TYPE', `Invalid file type: ${name}. A captions file must be WebVTT, starting with WEBVTT.`);
    return { cues };
  }
  if (role === 'media') {
    try {
      const { format } = await parseFile(received, { duration: true, skipCovers: true });
      return { durationSeconds: format.duration === undefined || !Number.isFinite(format.duration) ? null : Math.round(format.duration) };
    } catch {
      throw refuse('UNSUPPORTED_MEDIA_TYPE', `Invalid file type: ${name}. It could not be read as ${extension} audio or video.`);
    }
  }
  if (IMAGE_EXTENSIONS.has(extension)) return { pixels: await imageSize(received) };
  return {};
}

export interface ReceivedUpload {
  admin: SessionUser;
  lessonId: string;
  fields: UploadFields;
  admitted: AdmittedName;
  /** Where the whole file's bytes are, in COURSE_FILES_ROOT's file system (a hard link gives them their stored name). */
  received: string;
  log: FastifyBaseLogger;
}

/** A checked file under its stored name, whose row is not committed yet: commitUpload's, or discardUpload's. */
export interface StoredUpload {
  upload: ReceivedUpload;
  file: CourseFileRow;
  checked: Checked;
}

/** Checks the received bytes and gives them their stored name (the new file's id); nothing is stored if they are refused. */
export async function storeUpload(deps: AppDeps, upload: ReceivedUpload): Promise<StoredUpload> {
  const { fields, admitted } = upload;
  const { root } = deps.courseFiles;
  const checked = await checkContent(upload.received, admitted, fields.role);
  const id = randomUUID();
  // An id is new, but link() would still refuse to replace a file rather than overwrite it.
  const storedName = await linkUnique(upload.received, root, storedNameOf(id, admitted.extension));
  try {
    const { size } = await stat(path.join(root, storedName));
    const file: CourseFileRow = {
      id,
      lessonId: upload.lessonId,
      role: fields.role,
      name: admitted.name,
      storedName,
      size,
      contentType: contentTypeOf(admitted.extension),
      lang: fields.lang ?? null,
      label: fields.label ?? null,
      width: checked.pixels?.width ?? null,
      height: checked.pixels?.height ?? null,
      createdAt: Date.now(),
    };
    return { upload, file, checked };
  } catch (error) {
    await removeStoredFiles(root, [storedName], upload.log);
    throw error;
  }
}

/** Removes a stored file whose row will not be committed. */
export const discardUpload = (deps: AppDeps, stored: StoredUpload) => removeStoredFiles(deps.courseFiles.root, [stored.file.storedName], stored.upload.log);

/**
 * Commits a stored file's row, replacing a media file's predecessor (whose bytes then leave the
 * disk), with the audit entry course.file.upload; if it cannot, the stored file goes. The file and
 * the lesson as they are after the commit.
 */
export async function commitUpload(deps: AppDeps, stored: StoredUpload): Promise<{ file: CourseFileRow; lesson: CourseLesson }> {
  const { upload, file, checked } = stored;
  const { admin, log } = upload;
  let replaced: string[];
  let lesson: CourseLesson;
  try {
    ({ replaced, lesson } = await commitThenPublish(deps, async (tx, events) => {
      // A media file brings the lesson's duration, which the insights' totals count by (decision 032).
      if (file.role === 'media') await holdWrites(tx, courseProgress);
      const added = await addFile(tx, events, { file, ...checked });
      // Deleted while the file came in.
      if (added === 'no-lesson') throw noSuchLesson(upload.lessonId);
      const after = (await findLesson(tx, upload.lessonId))!;
      await recordAudit(tx, {
        actor: admin,
        action: 'course.file.upload',
        target: lessonTarget(upload.lessonId),
        summary: fileUploadedSummary(after.title, file, added.replaced),
      });
      return { replaced: added.replaced, lesson: after };
    }));
  } catch (error) {
    await discardUpload(deps, stored);
    throw error;
  }
  // Committed: the file is the lesson's now, whatever happens next.
  await removeStoredFiles(deps.courseFiles.root, replaced, log);
  log.info({ adminId: admin.id, lessonId: upload.lessonId, fileId: file.id, role: file.role }, 'admin uploaded a lesson file');
  return { file, lesson };
}

/** storeUpload then commitUpload: the received bytes become the lesson's file, or nothing is stored. */
export async function attachUpload(deps: AppDeps, upload: ReceivedUpload): Promise<{ file: CourseFileRow; lesson: CourseLesson }> {
  return commitUpload(deps, await storeUpload(deps, upload));
}
