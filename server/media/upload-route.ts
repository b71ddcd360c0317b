// POST /api/media/upload: multipart, streamed. The admin check comes before the body is read;
// each file streams to a hidden temporary file in its target folder (upload-body.ts) and gets its
// name only when it is complete and checked; any refusal or abort removes what the request wrote
// (all or nothing).
import { randomUUID } from 'node:crypto';
import { mkdir, stat, unlink } from 'node:fs/promises';
import path from 'node:path';
import fastifyMultipart, { type MultipartFile } from '@fastify/multipart';
import { TRPCError } from '@trpc/server';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { uploadAnswer } from '../../shared/answer-schemas';
import { extensionOf, invalidTypesMessage, MAX_UPLOAD_BYTES, MEDIA_EXTENSIONS, type MediaCategory, type MediaFile } from '../../shared/media';
import { uploadFieldsInput } from '../../shared/media-schemas';
import { MESSAGES } from '../../shared/messages';
import { besideSuccess } from '../http/answers';
import { sendProcedureError, SUCCESS_ERROR_STYLE } from '../http/error-bodies';
import type { OperationDoc } from '../http/operation';
import { requireAdmin } from '../trpc/init';
import type { ContextFactory } from '../trpc/context';
import { linkUnique, sanitizeFileName } from './file-names';
import { basePathFor } from './base-path';
import { recordLibraryChange } from './library-changes';
import { mediaTarget, uploadedSummary } from './media-audit';
import { isRealFolder, pathRefusal } from './paths';
import { contentMatchesExtension, leadingBytes } from './signatures';
import { bodyParts, receiveFile, tooLarge } from './upload-body';

const MAX_FILES = 50;
const answer = besideSuccess(uploadAnswer);

const uploadDoc: OperationDoc = {
  tag: 'Media',
  summary: 'Upload files to the library',
  description:
    'The fields mediaType and basePath come before the files. Each file streams to disk, is checked by its extension and its content against ' +
    "the media type's list, keeps a sanitised version of its name and never replaces a file (a numeric suffix is added). " +
    'A refused or aborted upload keeps none of its files.',
  access: 'admin',
  form: uploadFieldsInput.extend({ files: z.array(z.file()).describe('Repeat the field for each file') }),
  success: { json: answer.schema },
  refusals: {
    400: 'Or a field comes after a file, or there is no file.',
    413: `A file is over 200 MB, or there are more than ${MAX_FILES} files.`,
    415: "A file's extension is not in the media type's list, or its content is not what its extension says.",
  },
};

const refuse = (code: 'PAYLOAD_TOO_LARGE' | 'UNSUPPORTED_MEDIA_TYPE' | 'BAD_REQUEST', message: string) => new TRPCError({ code, message });

async function targetFolder(base: string, category: MediaCategory): Promise<string> {
  const folder = path.join(base, category);
  try {
    await mkdir(folder, { recursive: true });
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code ?? '';
    if (code === 'ENOTDIR') throw refuse('BAD_REQUEST', 'basePath must be a folder');
    // A file or a symbolic link leading nowhere (or round in a loop) in image/'s place: said below.
    if (!['EEXIST', 'ENOENT', 'ELOOP'].includes(code)) throw error;
  }
  // image/ (say) could be a symbolic link leading out of the base path.
  if (!(await isRealFolder(folder))) throw refuse('BAD_REQUEST', `${category}/ must be a folder inside the base path`);
  return folder;
}

async function saveFile(part: MultipartFile, folder: string, category: MediaCategory): Promise<MediaFile> {
  const name = sanitizeFileName(part.filename);
  const extension = extensionOf(name);
  // The extension decides (the library and /media go by it) and the content must match it
  // (signatures.ts). The type the browser declares is a guess from the name that differs between
  // platforms (.ogg is audio/ogg in Chrome even for a video), so it neither admits nor refuses.
  if (!MEDIA_EXTENSIONS[category].includes(extension)) {
    part.file.resume();
    throw refuse('UNSUPPORTED_MEDIA_TYPE', invalidTypesMessage(part.filename, category));
  }
  const temporary = path.join(folder, `.upload-${randomUUID()}`);
  try {
    await receiveFile(part, temporary);
    if (!contentMatchesExtension(extension, await leadingBytes(temporary))) {
      throw refuse('UNSUPPORTED_MEDIA_TYPE', `Invalid file types: ${part.filename}. Its content is not a .${extension} file.`);
    }
    const finalName = await linkUnique(temporary, folder, name);
    const { size } = await stat(path.join(folder, finalName));
    return { path: `${category}/${finalName}`, name: finalName, size, category };
  } finally {
    await unlink(temporary).catch(() => {});
  }
}

export async function registerUploadRoute(app: FastifyInstance, createContext: ContextFactory) {
  // In a scope of its own: the multipart plugin adds an async onResponse hook and request
  // decorations to every route of the scope it is registered in, and only this route needs them.
  await app.register(async (scope) => registerInScope(scope, createContext));
}

async function registerInScope(app: FastifyInstance, createContext: ContextFactory) {
  await app.register(fastifyMultipart, {
    limits: { fileSize: MAX_UPLOAD_BYTES, files: MAX_FILES, fields: 10, fieldSize: 8192, parts: MAX_FILES + 10 },
    throwFileSizeLimit: true,
  });

  // ownBody: multipart, and files up to 200 MB each (server/http/body-rules.ts leaves it alone).
  app.post('/api/media/upload', { config: { errorStyle: SUCCESS_ERROR_STYLE, ownBody: true, openapi: uploadDoc } }, async (request, reply) => {
    const ctx = createContext({ req: request });
    const saved: Array<{ file: MediaFile; absolute: string }> = [];
    let current = '';
    try {
      const admin = await requireAdmin(ctx);
      if (!request.isMultipart()) throw refuse('BAD_REQUEST', 'Expected a multipart/form-data upload');
      const fields: Record<string, unknown> = {};
      let folder: { base: string; path: string; category: MediaCategory } | undefined;
      for await (const part of bodyParts(request)) {
        if (part.type === 'field') {
          if (folder) throw refuse('BAD_REQUEST', 'The fields mediaType and basePath must come before the files');
          // The parser cuts a field at fieldSize: a cut basePath would name another folder.
          if (part.valueTruncated) throw refuse('BAD_REQUEST', `${part.fieldname} is too long`);
          fields[part.fieldname] = part.value;
          continue;
        }
        if (!folder) {
          const parsed = uploadFieldsInput.safeParse(fields);
          if (!parsed.success) throw new TRPCError({ code: 'BAD_REQUEST', cause: parsed.error });
          const base = await basePathFor(ctx.deps, parsed.data.basePath);
          folder = { base, path: await targetFolder(base, parsed.data.mediaType), category: parsed.data.mediaType };
        }
        current = part.filename;
        const file = await saveFile(part, folder.path, folder.category);
        saved.push({ file, absolute: path.join(folder.path, file.name) });
      }
      if (!folder || saved.length === 0) throw refuse('BAD_REQUEST', MESSAGES.noFilesToUpload);
      // Every file has its name now; should the entry fail, the catch below removes them again.
      const paths = saved.map((s) => s.file.path);
      await recordLibraryChange(ctx.deps, { actor: admin, action: 'media.upload', target: mediaTarget(folder.base), summary: uploadedSummary(paths) });
      ctx.log.info({ adminId: admin.id, files: paths }, 'admin uploaded media files');
      ctx.deps.thumbnails.fillIn(
        folder.base,
        saved.map((s) => s.file),
      );
      return reply.send(answer.body({ uploadedCount: saved.length, files: saved.map((s) => s.file) }));
    } catch (error) {
      await Promise.all(saved.map((s) => unlink(s.absolute).catch(() => {})));
      return sendProcedureError(reply, asRefusal(error, current), SUCCESS_ERROR_STYLE);
    }
  });
}

/** The refusal an upload's failure stands for, if it is one; otherwise the error itself (a 500). */
function asRefusal(error: unknown, currentFile: string): unknown {
  const code = (error as { code?: string }).code;
  if (code === 'FST_FILES_LIMIT') return refuse('PAYLOAD_TOO_LARGE', `At most ${MAX_FILES} files per upload`);
  if (code === 'FST_REQ_FILE_TOO_LARGE') return tooLarge(currentFile);
  // A base path close to the longest path the file system takes leaves no room for a file name in it.
  const refusal = pathRefusal(error, 'basePath');
  return refusal ? refuse('BAD_REQUEST', refusal) : error;
}
