// GET /media/{path}: the files of the current base path, read fresh on every request (a changed
// base path needs no restart). GET /thumbs/{path}: the WebP thumbnail of a library image, made on
// demand if the upload or scan has not made it yet. Range requests (206), ETag and Last-Modified
// come from @fastify/send; urls that carry ?v= (the last scan's time) are cached for good.
import path from 'node:path';
import send from '@fastify/send';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { MESSAGES } from '../../shared/messages';
import { sendError } from '../http/error-bodies';
import type { AppDeps } from '../app-deps';
import { resolveLibraryFile, type LibraryPath } from './paths';
import { basePathFor } from './base-path';

// No scripts, no plugins, no forms: an uploaded SVG opened directly stays an inert picture. The
// course's signed files go out under the same policy (server/course/files/file-serve-route.ts).
export const MEDIA_CSP = "default-src 'none'; img-src 'self' data:; media-src 'self'; style-src 'unsafe-inline'; sandbox";

type FileFinder = (deps: AppDeps, base: string, file: LibraryPath) => Promise<string | null>;

function registerFileRoute(app: FastifyInstance, deps: AppDeps, prefix: string, find: FileFinder) {
  app.get(`${prefix}/*`, async (request: FastifyRequest, reply: FastifyReply) => {
    const notFound = () => sendError(reply, 404, MESSAGES.notFound);
    let base: string;
    try {
      base = await basePathFor(deps, undefined);
    } catch {
      return notFound();
    }
    const file = await resolveLibraryFile(base, (request.params as { '*': string })['*']);
    const absolute = file && (await find(deps, base, file));
    if (!absolute) return notFound();
    const versioned = typeof (request.query as Record<string, unknown>).v === 'string';
    const result = await send(request.raw, `/${encodeURIComponent(path.basename(absolute))}`, {
      root: path.dirname(absolute),
      dotfiles: 'deny',
      index: false,
      acceptRanges: true,
      etag: true,
      lastModified: true,
      maxAge: versioned ? '365d' : 0,
      immutable: versioned,
    });
    if (result.type === 'error') return notFound();
    return reply.code(result.statusCode).headers(result.headers).header('content-security-policy', MEDIA_CSP).send(result.stream);
  });
}

export function registerServeRoute(app: FastifyInstance, deps: AppDeps) {
  registerFileRoute(app, deps, '/media', async (_deps, _base, file) => file.absolute);
  registerFileRoute(app, deps, '/thumbs', async ({ thumbnails }, base, file) =>
    file.category === 'image' ? thumbnails.ensure(base, file.relative, file.absolute) : null,
  );
}
