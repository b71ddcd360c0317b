// POST /api/admin/course/lessons/{id}/files: one lesson file, multipart, streamed (CONTRACT §4
// "Admin calls", with §2's upload discipline). The admin check and the lesson's existence come
// before the body is read; the file streams to a hidden temporary file in COURSE_FILES_ROOT
// (server/media/upload-body.ts), is checked (extension, content, captions' cues, media's
// duration), gets its stored name (its id: never another file's), and then its row commits. Any
// refusal or abort leaves nothing; a media file's predecessor leaves the disk after the commit.
import { randomUUID } from 'node:crypto';
import { readFile, stat, unlink } from 'node:fs/promises';
import path from 'node:path';
import fastifyMultipart, { type MultipartFile } from '@fastify/multipart';
import { TRPCError } from '@trpc/server';
import type { FastifyInstance } from 'fastify';
import { parseFile } from 'music-metadata';
import sharp from 'sharp';
import { z } from 'zod';
import { courseFileUploadAnswer } from '../../../shared/answer-schemas';
import { courseFileFieldsInput, lessonIdInput } from '../../../shared/course-schemas';
import { extensionOf, MAX_UPLOAD_BYTES } from '../../../shared/media';
import type { AppDeps } from '../../app-deps';
import { MULTIPART_FILE_MAX_BYTES } from '../../config';
import { recordAudit } from '../../audit/record';
import { courseProgress } from '../../db/schema';
import { holdWrites } from '../../db/transaction';
import { commitThenPublish } from '../../events/after-commit';
import { asIs } from '../../http/answers';
import { DEFAULT_ERROR_STYLE, sendProcedureError } from '../../http/error-bodies';
import type { OperationDoc } from '../../http/operation';
import { linkUnique, sanitizeFileName } from '../../media/file-names';
import { contentMatchesExtension, leadingBytes } from '../../media/signatures';
import { bodyParts, receiveFile } from '../../media/upload-body';
import type { ContextFactory } from '../../trpc/context';
import { requireAdmin } from '../../trpc/init';
import { readCaptionCues, type CaptionCue } from './captions';
import { findLesson, type CourseLesson } from '../content/content-data';
import { fileUploadedSummary, lessonTarget } from '../course-audit';
import { contentTypeOf, extensionsFor, limitFor, wrongContentMessage, wrongTypeMessage } from './file-types';
import { removeStoredFiles, storedNameOf } from './files-disk';
import { addFile, toAdminFile, type CourseFileRow } from './files-data';

const answer = asIs(courseFileUploadAnswer);

const uploadDoc: OperationDoc = {
  tag: 'Course Manager',
  summary: "Upload a lesson's media file, a captions file or an attachment",
  description:
    'The fields come before the one file: role, then lang and label for captions. The file streams to disk and is checked by its extension and ' +
    'its content; captions must be WebVTT (starting with WEBVTT), and a media file must fit the lesson’s kind (video or audio) and replaces its ' +
    'previous media; the lesson’s durationSeconds is read from it. A refused or aborted upload keeps nothing.',
  access: 'admin',
  form: courseFileFieldsInput.extend({ file: z.file().describe('One file, after the fields') }),
  success: { status: 201, json: answer.schema },
  refusals: {
    400: 'Or a field comes after the file, there is no file or more than one, or the lesson is a text lesson and role is media.',
    404: 'No lesson with that id.',
    413: 'The file is over its limit: media COURSE_FILE_MAX_BYTES or 2 GiB, whichever is less (larger files go up in pieces, by tus), captions 1 MiB, attachments 200 MB.',
    415: "The file's extension is not one its role takes, or its content is not what the extension says (or not readable audio or video).",
  },
};

const refuse = (code: 'UNSUPPORTED_MEDIA_TYPE' | 'BAD_REQUEST' | 'NOT_FOUND', message: string) => new TRPCError({ code, message });
const noSuchLesson = (id: string) => refuse('NOT_FOUND', `No lesson with id '${id}'`);

type Fields = z.output<typeof courseFileFieldsInput>;

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

async function checkContent(temporary: string, name: string, extension: string, role: Fields['role']): Promise<Checked> {
  if (!contentMatchesExtension(extension, await leadingBytes(temporary))) throw refuse('UNSUPPORTED_MEDIA_TYPE', wrongContentMessage(name, extension));
  if (role === 'captions') {
    // At most 1 MiB (the role's limit): read whole.
    const cues = readCaptionCues(await readFile(temporary, 'utf8'));
    if (!cues) throw refuse('UNSUPPORTED_MEDIA_TYPE', `Invalid file type: ${name}. A captions file must be WebVTT, starting with WEBVTT.`);
    return { cues };
  }
  if (role === 'media') {
    try {
      const { format } = await parseFile(temporary, { duration: true, skipCovers: true });
      return { durationSeconds: format.duration === undefined || !Number.isFinite(format.duration) ? null : Math.round(format.duration) };
    } catch {
      throw refuse('UNSUPPORTED_MEDIA_TYPE', `Invalid file type: ${name}. It could not be read as ${extension} audio or video.`);
    }
  }
  if (IMAGE_EXTENSIONS.has(extension)) return { pixels: await imageSize(temporary) };
  return {};
}

/** Streams, checks and names one file; its row is the caller's to commit. The temporary file never outlives this. */
async function saveFile(part: MultipartFile, deps: AppDeps, lesson: CourseLesson, fields: Fields): Promise<{ row: CourseFileRow; checked: Checked }> {
  const { root } = deps.courseFiles;
  const name = sanitizeFileName(part.filename);
  const extension = extensionOf(name);
  if (!extensionsFor(fields.role, lesson.kind).includes(extension)) {
    part.file.resume();
    throw refuse('UNSUPPORTED_MEDIA_TYPE', wrongTypeMessage(part.filename, fields.role, lesson.kind));
  }
  const id = randomUUID();
  const temporary = path.join(root, `.upload-${randomUUID()}`);
  try {
    await receiveFile(part, temporary, limitFor(fields.role, Math.min(deps.config.courseFileMaxBytes, MULTIPART_FILE_MAX_BYTES)));
    const checked = await checkContent(temporary, part.filename, extension, fields.role);
    // An id is new, but link() would still refuse to replace a file rather than overwrite it.
    const storedName = await linkUnique(temporary, root, storedNameOf(id, extension));
    const { size } = await stat(path.join(root, storedName));
    const row: CourseFileRow = {
      id,
      lessonId: lesson._id,
      role: fields.role,
      name,
      storedName,
      size,
      contentType: contentTypeOf(extension),
      lang: fields.lang ?? null,
      label: fields.label ?? null,
      width: checked.pixels?.width ?? null,
      height: checked.pixels?.height ?? null,
      createdAt: Date.now(),
    };
    return { row, checked };
  } finally {
    await unlink(temporary).catch(() => {});
  }
}

export async function registerCourseFileUploadRoute(app: FastifyInstance, deps: AppDeps, createContext: ContextFactory) {
  // In a scope of its own, as the media upload's (server/media/upload-route.ts).
  await app.register(async (scope) => registerInScope(scope, deps, createContext));
}

async function registerInScope(app: FastifyInstance, deps: AppDeps, createContext: ContextFactory) {
  await app.register(fastifyMultipart, {
    // The parser's limit is the largest any role takes; each role's own is counted as the file streams (file-types.ts).
    limits: {
      fileSize: Math.max(Math.min(deps.config.courseFileMaxBytes, MULTIPART_FILE_MAX_BYTES), MAX_UPLOAD_BYTES),
      files: 2,
      fields: 5,
      fieldSize: 1024,
      parts: 8,
    },
    throwFileSizeLimit: true,
  });

  app.post<{ Params: { id: string } }>(
    '/api/admin/course/lessons/:id/files',
    { config: { errorStyle: DEFAULT_ERROR_STYLE, ownBody: true, openapi: uploadDoc } },
    async (request, reply) => {
      const ctx = createContext({ req: request });
      let saved: CourseFileRow | undefined;
      try {
        const admin = await requireAdmin(ctx);
        const params = lessonIdInput.safeParse(request.params);
        if (!params.success) throw new TRPCError({ code: 'BAD_REQUEST', cause: params.error });
        const lesson = await findLesson(deps.db, params.data.id);
        if (!lesson) throw noSuchLesson(params.data.id);
        if (!request.isMultipart()) throw refuse('BAD_REQUEST', 'Expected a multipart/form-data upload');
        const raw: Record<string, unknown> = {};
        let checked: Checked = {};
        for await (const part of bodyParts(request)) {
          if (part.type === 'field') {
            if (saved) throw refuse('BAD_REQUEST', 'The fields role, lang and label must come before the file');
            if (part.valueTruncated) throw refuse('BAD_REQUEST', `${part.fieldname} is too long`);
            raw[part.fieldname] = part.value;
            continue;
          }
          if (saved) throw refuse('BAD_REQUEST', 'One file per upload');
          const fields = courseFileFieldsInput.safeParse(raw);
          if (!fields.success) throw new TRPCError({ code: 'BAD_REQUEST', cause: fields.error });
          if (fields.data.role === 'media' && lesson.kind === 'text') throw refuse('BAD_REQUEST', 'role: a text lesson has no media file');
          ({ row: saved, checked } = await saveFile(part, deps, lesson, fields.data));
        }
        if (!saved) throw refuse('BAD_REQUEST', 'No file to upload');
        const file = saved;
        const { replaced, after } = await commitThenPublish(deps, async (tx, events) => {
          // A media file brings the lesson's duration, which the insights' totals count by (decision 032).
          if (file.role === 'media') await holdWrites(tx, courseProgress);
          const added = await addFile(tx, events, { file, ...checked });
          // Deleted while the file streamed in.
          if (added === 'no-lesson') throw noSuchLesson(lesson._id);
          const after = (await findLesson(tx, lesson._id))!;
          await recordAudit(tx, {
            actor: admin,
            action: 'course.file.upload',
            target: lessonTarget(lesson._id),
            summary: fileUploadedSummary(after.title, file, added.replaced),
          });
          return { replaced: added.replaced, after };
        });
        // Committed: the file is the lesson's now, whatever happens next.
        saved = undefined;
        await removeStoredFiles(deps.courseFiles.root, replaced, ctx.log);
        ctx.log.info({ adminId: admin.id, lessonId: lesson._id, fileId: file.id, role: file.role }, 'admin uploaded a lesson file');
        return reply.code(201).send(answer.body({ file: toAdminFile(file), lesson: after }));
      } catch (error) {
        if (saved) await removeStoredFiles(deps.courseFiles.root, [saved.storedName], ctx.log);
        return sendProcedureError(reply, asRefusal(error), DEFAULT_ERROR_STYLE);
      }
    },
  );
}

/** The refusal an upload's failure stands for, if it is one; otherwise the error itself (a 500). */
function asRefusal(error: unknown): unknown {
  const code = (error as { code?: string }).code;
  if (code === 'FST_FILES_LIMIT') return refuse('BAD_REQUEST', 'One file per upload');
  if (code === 'FST_FIELDS_LIMIT' || code === 'FST_PARTS_LIMIT')
    return refuse('BAD_REQUEST', 'Too many fields: role, then lang and label for captions, then one file');
  return error;
}
