// POST /api/media/upload: multipart, streamed. The admin check comes before the body is read;
// each file streams to a hidden temporary file in its target folder and gets its name only when it
// is complete and checked; any refusal or abort removes what the request wrote (all or nothing).
import { randomUUID } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { mkdir, open, realpath, stat, unlink } from 'node:fs/promises';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import fastifyMultipart, { type MultipartFile } from '@fastify/multipart';
import { TRPCError } from '@trpc/server';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { extensionOf, formatBytes, invalidTypesMessage, MAX_UPLOAD_BYTES, MEDIA_EXTENSIONS, tooLargeMessage, type MediaCategory, type MediaFile } from '../../shared/media';
import { uploadFieldsInput } from '../../shared/media-schemas';
import { MESSAGES } from '../../shared/messages';
import { sendProcedureError } from '../rest/routes';
import { SUCCESS_ERROR_STYLE } from '../rest/errors';
import type { Context } from '../trpc/context';
import { requireAdmin } from '../trpc/init';
import { linkUnique, sanitizeFileName } from './file-names';
import { basePathFor } from './base-path';
import { contentMatchesExtension, SIGNATURE_BYTES } from './signatures';

const MAX_FILES = 50;
const WRITE_BUFFER_BYTES = 1024 * 1024;
const refuse = (code: 'PAYLOAD_TOO_LARGE' | 'UNSUPPORTED_MEDIA_TYPE' | 'BAD_REQUEST', message: string) => new TRPCError({ code, message });
// The stream stops at the limit, so the file's own size is never known here: only that it is over.
const tooLarge = (name: string) => refuse('PAYLOAD_TOO_LARGE', tooLargeMessage(`${name} (over ${formatBytes(MAX_UPLOAD_BYTES)})`));

async function targetFolder(base: string, category: MediaCategory): Promise<string> {
  const folder = path.join(base, category);
  try {
    await mkdir(folder, { recursive: true });
  } catch (error) {
    if (['ENOTDIR', 'EEXIST'].includes((error as NodeJS.ErrnoException).code ?? '')) {
      throw refuse('BAD_REQUEST', 'basePath must be a folder');
    }
    throw error;
  }
  // image/ (say) could be a symbolic link leading out of the base path.
  const real = await realpath(folder);
  if (real !== folder) throw refuse('BAD_REQUEST', `${category}/ must be a folder inside the base path`);
  return folder;
}

async function leadingBytes(file: string): Promise<Buffer> {
  const handle = await open(file, 'r');
  try {
    const { buffer, bytesRead } = await handle.read(Buffer.alloc(SIGNATURE_BYTES), 0, SIGNATURE_BYTES, 0);
    return buffer.subarray(0, bytesRead);
  } finally {
    await handle.close();
  }
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
    try {
      // flush: the bytes reach the disk before the file gets its name, so a crash right after
      // the answer never leaves a named but truncated file. A 1 MiB buffer lets the socket keep
      // flowing while a write is in flight, and the chunks that gather meanwhile go down in one
      // writev: with the default 16 KiB, reading and writing take turns at half the speed.
      await pipeline(part.file, createWriteStream(temporary, { flags: 'wx', flush: true, highWaterMark: WRITE_BUFFER_BYTES }));
    } catch (error) {
      if ((error as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') throw tooLarge(part.filename);
      throw error;
    }
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

export async function registerUploadRoute(app: FastifyInstance, createContext: (opts: { req: FastifyRequest }) => Context) {
  // In a scope of its own: the multipart plugin adds an async onResponse hook and request
  // decorations to every route of the scope it is registered in, and only this route needs them.
  await app.register(async (scope) => registerInScope(scope, createContext));
}

async function registerInScope(app: FastifyInstance, createContext: (opts: { req: FastifyRequest }) => Context) {
  await app.register(fastifyMultipart, {
    limits: { fileSize: MAX_UPLOAD_BYTES, files: MAX_FILES, fields: 10, fieldSize: 8192, parts: MAX_FILES + 10 },
    throwFileSizeLimit: true,
  });

  app.post('/api/media/upload', { config: { errorStyle: SUCCESS_ERROR_STYLE } }, async (request, reply) => {
    const ctx = createContext({ req: request });
    const saved: Array<{ file: MediaFile; absolute: string }> = [];
    let current = '';
    try {
      const admin = await requireAdmin(ctx);
      if (!request.isMultipart()) throw refuse('BAD_REQUEST', 'Expected a multipart/form-data upload');
      const fields: Record<string, unknown> = {};
      let folder: { base: string; path: string; category: MediaCategory } | undefined;
      for await (const part of request.parts()) {
        if (part.type === 'field') {
          if (folder) throw refuse('BAD_REQUEST', 'The fields mediaType and basePath must come before the files');
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
      ctx.log.info({ adminId: admin.id, files: saved.map((s) => s.file.path) }, 'admin uploaded media files');
      ctx.deps.publicSlider.invalidate();
      ctx.deps.thumbnails.fillIn(folder.base, saved.map((s) => s.file));
      return reply.send({ success: true, uploadedCount: saved.length, files: saved.map((s) => s.file) });
    } catch (error) {
      await Promise.all(saved.map((s) => unlink(s.absolute).catch(() => {})));
      const code = (error as { code?: string }).code;
      if (code === 'FST_FILES_LIMIT') return sendProcedureError(reply, refuse('PAYLOAD_TOO_LARGE', `At most ${MAX_FILES} files per upload`), SUCCESS_ERROR_STYLE);
      if (code === 'FST_REQ_FILE_TOO_LARGE') return sendProcedureError(reply, tooLarge(current), SUCCESS_ERROR_STYLE);
      return sendProcedureError(reply, error, SUCCESS_ERROR_STYLE);
    }
  });
}
