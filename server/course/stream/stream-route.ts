// GET /api/course/streams/{fileId}/{token}/{name}: a lesson's HLS stream through its signed prefix
// (CONTRACT §7 "Delivery"). Every request, playlist or segment, asks what the file route asks
// (files/file-serve-route.ts): the signature, the member (still active, their session not ended),
// the file and the one access rule; so a member downgraded mid-stream is refused their next
// segment. Only the names ffmpeg writes are served, from the file's own folder, as written:
// @fastify/send streams them (Range, ETag), as it does the file route's.
import send from '@fastify/send';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { MESSAGES } from '../../../shared/messages';
import { plainText } from '../../../shared/text';
import type { AppDeps } from '../../app-deps';
import { DEFAULT_ERROR_STYLE, sendError } from '../../http/error-bodies';
import type { OperationDoc } from '../../http/operation';
import { MEDIA_CSP } from '../../media/serve-route';
import { lessonAccess, lockedMessage } from '../access';
import { COURSE_FILE_SENDING } from '../files/file-serve-route';
import { findFileForMember } from '../files/files-data';
import { streamFolder } from './stream-disk';
import { STREAMS_PREFIX } from './stream-urls';

export const STREAM_LINK_MESSAGES = {
  invalid: 'This stream link is not valid',
  expired: 'This stream link has expired: open the lesson again for a new one',
  member: 'This stream link is no longer valid for its member',
  signedOut: 'This stream link ended with its session: open the lesson again for a new one',
} as const;

/** The names ffmpeg writes (transcoder.ts), and nothing else: no folder, no dot, no other file. */
const STREAM_NAME = /^(?:master\.m3u8|v\d{1,2}\.m3u8|v\d{1,2}_\d{5,9}\.ts|poster\.jpg)$/;

const CONTENT_TYPES: Record<string, string> = {
  m3u8: 'application/vnd.apple.mpegurl',
  ts: 'video/mp2t',
  jpg: 'image/jpeg',
};

/**
 * Segments (about 0.1 to 1.3 MB) are read in pieces of this size, not @fastify/send's 64 KiB: each
 * piece is a read on the thread pool and a write to the socket, and those hand-offs were the largest
 * part of the route's time in the profile of 50 readers (decision 046, "figures"). Four at most per
 * segment; at most this much waits per response.
 */
const READ_PIECE_BYTES = 256 * 1024;

const streamDoc: OperationDoc = {
  tag: 'Course',
  summary: "A part of a lesson's HLS stream through its signed prefix: the master playlist, a rendition's playlist, a segment or the poster",
  description:
    'The lesson answer gives media.stream.url, the master playlist under a signed prefix; every other name is reached by a relative URL ' +
    'under the same prefix. Each request re-checks the signature, the member and the lesson as the signed file route does. ' +
    'Range gives 206; Cache-Control is private with a max-age no longer than the link has left.',
  access: 'public',
  success: { content: 'application/vnd.apple.mpegurl', description: 'The playlist, segment (video/mp2t) or poster (image/jpeg), as written' },
  refusals: {
    400: 'A part of the path holds a control character.',
    403: `The signature is tampered with, foreign or expired ("${STREAM_LINK_MESSAGES.expired}"), the member is no longer active or their session has ended, or the lesson is locked for them.`,
    404: 'No such file, stream or name, or the lesson is a draft.',
  },
};

// Text in the path like any field's (issue 25): a control character is a 400 naming its part.
const streamParams = z.object({
  fileId: z.string().check(plainText('fileId')),
  token: z.string().check(plainText('token')),
  name: z.string().check(plainText('name')),
});

export function registerCourseStreamRoute(app: FastifyInstance, deps: AppDeps) {
  app.get<{ Params: { fileId: string; token: string; name: string } }>(
    `${STREAMS_PREFIX}/:fileId/:token/:name`,
    { config: { errorStyle: DEFAULT_ERROR_STYLE, openapi: streamDoc } },
    async (request, reply) => {
      const params = streamParams.safeParse(request.params);
      if (!params.success) return sendError(reply, 400, params.error.issues[0]!.message);
      const { fileId, token, name } = params.data;
      // First, and before any query: a name ffmpeg never writes is nobody's.
      if (!STREAM_NAME.test(name)) return sendError(reply, 404, MESSAGES.notFound);
      const link = deps.courseStreams.urls.check(fileId, token);
      if (link.state !== 'valid') return sendError(reply, 403, STREAM_LINK_MESSAGES[link.state]);
      const found = await findFileForMember(deps.db, fileId, link.userId);
      if (!found || found.file.role !== 'media') return sendError(reply, 404, MESSAGES.notFound);
      const { member } = found;
      if (!member || member.status !== 'active') return sendError(reply, 403, STREAM_LINK_MESSAGES.member);
      if (link.sessionIssuedAtMs < member.sessionsValidFrom) return sendError(reply, 403, STREAM_LINK_MESSAGES.signedOut);
      const now = deps.clock();
      const access = lessonAccess({ role: member.role, tier: member.membershipTier, paidSince: member.paidSince }, found.lesson, found.module, now);
      if (access.state === 'hidden') return sendError(reply, 404, MESSAGES.notFound);
      if (access.state === 'locked') return sendError(reply, 403, lockedMessage(access));

      const result = await send(request.raw, `/${name}`, {
        ...COURSE_FILE_SENDING,
        highWaterMark: READ_PIECE_BYTES,
        root: streamFolder(deps.courseFiles.root, fileId),
      });
      // Not transcoded (yet), or removed since.
      if (result.type === 'error') return sendError(reply, 404, MESSAGES.notFound);
      // Kept by this member's browser at most as long as the link lives: what it fetches afresh is asked about again.
      const maxAge = Math.max(0, Math.floor((link.expiresAtMs - now) / 1000));
      return reply
        .code(result.statusCode)
        .headers(result.headers)
        .header('content-type', CONTENT_TYPES[name.slice(name.lastIndexOf('.') + 1)]!)
        .header('cache-control', `private, max-age=${maxAge}`)
        .header('x-content-type-options', 'nosniff')
        .header('content-security-policy', MEDIA_CSP)
        .send(result.stream);
    },
  );
}
