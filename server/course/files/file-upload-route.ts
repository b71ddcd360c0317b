// POST /api/admin/course/lessons/{id}/files: one lesson file, multipart, streamed (CONTRACT §4
// "Admin calls", with §2's upload discipline). The admin check and the lesson's existence come
// before the body is read; the file streams to a hidden temporary file in COURSE_FILES_ROOT
// (server/media/upload-body.ts); then attach-upload.ts, which the tus upload shares, checks it
// (content, captions' cues, media's duration), gives it its stored name (its id: never another
// file's) and commits its row. Any refusal or abort leaves nothing; a media file's predecessor
// leaves the disk after the commit.
import { randomUUID } from 'node:crypto';
import { unlink } from 'node:fs/promises';
import path from 'node:path';
import fastifyMultipart, { type MultipartFile } from '@fastify/multipart';
import { TRPCError } from '@trpc/server';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { courseFileUploadAnswer } from '../../../shared/answer-schemas';
import { courseFileFieldsInput, lessonIdInput } from '../../../shared/course-schemas';
import { MAX_UPLOAD_BYTES } from '../../../shared/media';
import type { AppDeps } from '../../app-deps';
import { MULTIPART_FILE_MAX_BYTES } from '../../config';
import { asIs } from '../../http/answers';
import { DEFAULT_ERROR_STYLE, sendProcedureError } from '../../http/error-bodies';
import type { OperationDoc } from '../../http/operation';
import { bodyParts, receiveFile } from '../../media/upload-body';
import type { ContextFactory } from '../../trpc/context';
import { requireAdmin } from '../../trpc/init';
import { findLesson } from '../content/content-data';
import { admitFile, commitUpload, discardUpload, noSuchLesson, refuse, storeUpload, type ReceivedUpload, type StoredUpload } from './attach-upload';
import { limitFor } from './file-types';
import { toAdminFile } from './files-data';
import { withQuiz } from '../quiz/lesson-quiz';

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

/** Streams one file to a temporary file, checks it and gives it its stored name (attach-upload.ts); the temporary file never outlives this. */
async function saveFile(part: MultipartFile, deps: AppDeps, upload: Omit<ReceivedUpload, 'received'>) {
  const { fields } = upload;
  const temporary = path.join(deps.courseFiles.root, `.upload-${randomUUID()}`);
  try {
    await receiveFile(part, temporary, limitFor(fields.role, Math.min(deps.config.courseFileMaxBytes, MULTIPART_FILE_MAX_BYTES)));
    return await storeUpload(deps, { ...upload, received: temporary });
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
      let stored: StoredUpload | undefined;
      try {
        const admin = await requireAdmin(ctx);
        const params = lessonIdInput.safeParse(request.params);
        if (!params.success) throw new TRPCError({ code: 'BAD_REQUEST', cause: params.error });
        const lesson = await findLesson(deps.db, params.data.id);
        if (!lesson) throw noSuchLesson(params.data.id);
        if (!request.isMultipart()) throw refuse('BAD_REQUEST', 'Expected a multipart/form-data upload');
        const raw: Record<string, unknown> = {};
        for await (const part of bodyParts(request)) {
          if (part.type === 'field') {
            if (stored) throw refuse('BAD_REQUEST', 'The fields role, lang and label must come before the file');
            if (part.valueTruncated) throw refuse('BAD_REQUEST', `${part.fieldname} is too long`);
            raw[part.fieldname] = part.value;
            continue;
          }
          if (stored) throw refuse('BAD_REQUEST', 'One file per upload');
          const fields = courseFileFieldsInput.safeParse(raw);
          if (!fields.success) throw new TRPCError({ code: 'BAD_REQUEST', cause: fields.error });
          let admitted;
          try {
            admitted = admitFile(lesson, fields.data, part.filename);
          } catch (error) {
            part.file.resume();
            throw error;
          }
          stored = await saveFile(part, deps, { admin, lessonId: lesson._id, fields: fields.data, admitted, log: ctx.log });
        }
        if (!stored) throw refuse('BAD_REQUEST', 'No file to upload');
        // The whole body is read: now the row (commitUpload removes the file if it cannot commit).
        const ready = stored;
        stored = undefined;
        const attached = await commitUpload(deps, ready);
        return reply.code(201).send(answer.body({ file: toAdminFile(attached.file), lesson: await withQuiz(deps.db, attached.lesson) }));
      } catch (error) {
        if (stored) await discardUpload(deps, stored);
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
