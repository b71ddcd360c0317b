// The tus routes of the Course Manager's resumable uploads (CONTRACT §7): POST and OPTIONS at
// /api/admin/course/uploads, HEAD, PATCH and DELETE at /api/admin/course/uploads/{id}, in a
// scope of their own whose bodies no parser reads: tus streams a PATCH's bytes to the upload's
// file itself, at any size (the site's JSON body rules skip them: `ownBody`).
//
// Before tus sees a request, the site decides who may make it: an admin's session (section 2's
// 401 and 403 otherwise); at creation, the lesson, the role, the name and the length, refused as
// the multipart call refuses them (404, 400, 415, 413) before a byte is taken; after it, the
// upload's owner, for whom alone it exists (404 for anyone else). Then the request goes to tus as
// a web Request (handleWeb), and tus's answer comes back through Fastify, so that it gets the
// site's headers and a refusal the site's body, {message}, in words a person reads.
import type { IncomingMessage } from 'node:http';
import { finished } from 'node:stream';
import { ERRORS, Metadata } from '@tus/utils';
import { TRPCError } from '@trpc/server';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { courseFileFieldsInput, lessonIdInput } from '../../../shared/course-schemas';
import { plainText } from '../../../shared/text';
import type { AppDeps } from '../../app-deps';
import { declaresBody } from '../../http/body-rules';
import { DEFAULT_ERROR_STYLE, sendError, sendProcedureError } from '../../http/error-bodies';
import type { OperationDoc } from '../../http/operation';
import type { ContextFactory } from '../../trpc/context';
import { requireAdmin } from '../../trpc/init';
import { findLesson } from '../content/content-data';
import { admitFile, noSuchLesson, refuse } from './attach-upload';
import { limitFor } from './file-types';
import { recordOf, type UploadRecord } from './tus-store';
import { UPLOADS_PATH, type Caller, type CourseUploads } from './tus-uploads';
import { tusDocs } from './tus-docs';

const UPLOAD_ID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
const noSuchUpload = (id: string) => refuse('NOT_FOUND', `No upload with id '${id}'`);

/** The creation's refusals, in the multipart call's order: the fields, the lesson, the name, the length. */
async function recordForCreation(deps: AppDeps, request: FastifyRequest, ownerId: string): Promise<UploadRecord> {
  const header = (name: string) => request.headers[name] as string | undefined;
  if (header('upload-defer-length') !== undefined || header('upload-concat') !== undefined)
    throw refuse('BAD_REQUEST', 'Upload-Length is required: the whole file’s size in bytes, so that its limit is checked before a byte is sent');
  const lengthText = header('upload-length');
  if (lengthText === undefined || !/^\d{1,16}$/.test(lengthText)) throw refuse('BAD_REQUEST', 'Upload-Length is required: the file’s size in bytes');
  let metadata: Record<string, string | null>;
  try {
    metadata = Metadata.parse(header('upload-metadata'));
  } catch {
    throw refuse('BAD_REQUEST', 'Upload-Metadata is not valid: comma-separated keys, each with its value in Base64');
  }
  const fields = courseFileFieldsInput.safeParse({ role: metadata.role ?? undefined, lang: metadata.lang ?? undefined, label: metadata.label ?? undefined });
  if (!fields.success) throw new TRPCError({ code: 'BAD_REQUEST', cause: fields.error });
  const lessonId = lessonIdInput.safeParse({ id: metadata.lessonId });
  if (metadata.lessonId === undefined || metadata.lessonId === null) throw refuse('BAD_REQUEST', 'lessonId is required in Upload-Metadata');
  if (!lessonId.success) throw noSuchLesson(metadata.lessonId);
  if (!metadata.filename) throw refuse('BAD_REQUEST', 'filename is required in Upload-Metadata');
  const lesson = await findLesson(deps.db, lessonId.data.id);
  if (!lesson) throw noSuchLesson(lessonId.data.id);
  const admitted = admitFile(lesson, fields.data, metadata.filename);
  const limit = limitFor(fields.data.role, deps.config.courseFileMaxBytes);
  if (Number(lengthText) > limit.maxBytes) throw limit.refusal(metadata.filename);
  return {
    owner: ownerId,
    lessonId: lesson._id,
    role: fields.data.role,
    filename: admitted.name,
    extension: admitted.extension,
    lang: fields.data.lang,
    label: fields.data.label,
  };
}

// Text in the path like any field's (issue 25): a control character is a 400 naming the id.
const uploadParams = z.object({ id: z.string().check(plainText('id')).optional() });

/** The upload `id` if the caller owns it; a 404 for anyone else, as for an id that never was. */
async function requireOwnUpload(uploads: CourseUploads, id: string, ownerId: string): Promise<void> {
  if (!UPLOAD_ID.test(id)) throw noSuchUpload(id);
  const upload = await uploads.store.getUpload(id).catch(() => null);
  if (!upload || recordOf(upload)?.owner !== ownerId) throw noSuchUpload(id);
}

/** At most this many of the socket's pieces (64 KiB each at most) wait for tus to read them. */
const WAITING_PIECES = 16;

/**
 * The body as a web stream, each piece handed on as Node's HTTP parser gave it. Readable.toWeb does
 * the same but copies every piece first, to detach it from Buffer's shared pool, which a parsed
 * body's pieces never come from: for a 2 GiB upload, 2 GiB copied for nothing (decision 047).
 * Otherwise as toWeb: paused until read, ended or failed with the request, a cancel destroys it.
 */
function webBody(raw: IncomingMessage): ReadableStream<Uint8Array> {
  let over = false;
  return new ReadableStream<Uint8Array>(
    {
      start(controller) {
        raw.pause();
        finished(raw, (error) => {
          if (over) return;
          over = true;
          if (error) controller.error(error);
          else controller.close();
        });
        raw.on('data', (piece: Buffer) => {
          controller.enqueue(piece);
          if ((controller.desiredSize ?? 0) <= 0) raw.pause();
        });
      },
      pull() {
        raw.resume();
      },
      cancel(reason) {
        over = true;
        raw.destroy(reason instanceof Error ? reason : undefined);
      },
    },
    new CountQueuingStrategy({ highWaterMark: WAITING_PIECES }),
  );
}

/** The request as tus reads it: a web Request whose body is the socket's stream, unread so far. */
function webRequest(request: FastifyRequest): Request {
  const headers = new Headers();
  for (const [name, value] of Object.entries(request.headers)) {
    for (const one of [value ?? []].flat()) headers.append(name, one);
  }
  const hasBody = (request.method === 'PATCH' || request.method === 'POST') && declaresBody(request.raw.headers);
  return new Request(new URL(request.url, 'http://site.invalid'), {
    method: request.method,
    headers,
    ...(hasBody ? { body: webBody(request.raw), duplex: 'half' } : {}),
  } as RequestInit);
}

const TUS_WORDS = new Map<string, { status?: number; message: string }>([
  [ERRORS.INVALID_OFFSET.body, { message: 'Upload-Offset is not where the upload stands: ask with HEAD for its Upload-Offset and send from there.' }],
  [ERRORS.FILE_NOT_FOUND.body, { message: 'No upload with that id' }],
  [ERRORS.FILE_NO_LONGER_EXISTS.body, { message: 'This upload expired or was removed: start it again.' }],
  [ERRORS.ABORTED.body, { message: 'This request was stopped: another request of the same upload took over.' }],
  [ERRORS.ERR_LOCK_TIMEOUT.body, { status: 423, message: 'Another request is writing to this upload: try again in a moment.' }],
  [ERRORS.ERR_SIZE_EXCEEDED.body, { message: 'The request carries more bytes than the upload’s Upload-Length.' }],
  [ERRORS.MISSING_OFFSET.body, { status: 400, message: 'Upload-Offset is required: where these bytes go in the file.' }],
  [ERRORS.INVALID_CONTENT_TYPE.body, { status: 400, message: 'Content-Type must be application/offset+octet-stream.' }],
  ['Tus-Resumable Required\n', { message: 'Tus-Resumable: 1.0.0 is required (the version of the tus protocol).' }],
]);

const HOP_BY_HOP = new Set(['content-length', 'content-type', 'connection', 'transfer-encoding']);

/** tus's answer, sent through Fastify; a refusal as {message}, and never a fault's details. */
async function sendTusAnswer(request: FastifyRequest, reply: FastifyReply, response: Response) {
  for (const [name, value] of response.headers) if (!HOP_BY_HOP.has(name)) void reply.header(name, value);
  const text = await response.text();
  if (response.status < 400) return reply.code(response.status).send(text === '' ? undefined : text);
  const words = TUS_WORDS.get(text);
  const status = words?.status ?? response.status;
  // A client gone mid-PATCH (a pause, a closed tab) is no fault of the server: what arrived is kept, for a resume.
  if (status >= 500 && request.raw.readableAborted)
    return sendError(reply, 400, 'The upload was cut off: ask with HEAD where it stands, and go on from there.');
  if (status >= 500 && status !== 501) return sendError(reply, 500, 'Internal Server Error');
  const badHeaders = /^Invalid ([a-z-]+(?: [a-z-]+)*)\n$/.exec(text)?.[1];
  const message = words?.message ?? (badHeaders ? `A tus header is not valid: ${badHeaders.replaceAll(' ', ', ')}` : text.trim());
  return sendError(reply, status, message);
}

export async function registerCourseUploadRoutes(app: FastifyInstance, deps: AppDeps, createContext: ContextFactory, uploads: CourseUploads) {
  await app.register(async (scope) => {
    // Nothing reads a body here but tus, whatever its type or size.
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser('*', (_request, _payload, done) => done(null));

    const handle = async (request: FastifyRequest<{ Params: { id?: string } }>, reply: FastifyReply) => {
      const ctx = createContext({ req: request });
      let caller: Caller;
      try {
        const admin = await requireAdmin(ctx);
        caller = { admin, log: ctx.log };
        if (request.method === 'POST') caller.record = await recordForCreation(deps, request, admin.id);
        const params = uploadParams.safeParse(request.params);
        if (!params.success) throw new TRPCError({ code: 'BAD_REQUEST', cause: params.error });
        const { id } = params.data;
        if (id !== undefined) await requireOwnUpload(uploads, id, admin.id);
      } catch (error) {
        return sendProcedureError(reply, error, DEFAULT_ERROR_STYLE);
      }
      const web = webRequest(request);
      uploads.callers.set(web, caller);
      return sendTusAnswer(request, reply, await uploads.tus.handleWeb(web));
    };

    const config = (openapi: OperationDoc) => ({ errorStyle: DEFAULT_ERROR_STYLE, ownBody: true, openapi });
    for (const method of ['POST', 'OPTIONS'] as const) scope.route({ method, url: UPLOADS_PATH, config: config(tusDocs[method]), handler: handle });
    for (const method of ['HEAD', 'PATCH', 'DELETE'] as const)
      scope.route({ method, url: `${UPLOADS_PATH}/:id`, config: config(tusDocs[method]), handler: handle });
  });
}
