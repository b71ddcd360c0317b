// GET /course-files/{fileId}?u&e&s: a lesson's file through its signed URL (CONTRACT §4 "Course
// files"). The signature says which member the URL was handed to, in which session and until when;
// the member, the file and the one access rule are read again at every request, so a downgrade, a
// suspension, a deletion, the file's removal or the end of every session of the member ("sign out
// everywhere", a new password, two-factor turned on) stops an issued URL at once. Range (206), ETag and Last-Modified
// come from @fastify/send, as for /media. Not a procedure: it streams.
import send from '@fastify/send';
import type { FastifyInstance } from 'fastify';
import { MESSAGES } from '../../../shared/messages';
import type { AppDeps } from '../../app-deps';
import { contentDisposition } from '../../http/content-disposition';
import { sendError } from '../../http/error-bodies';
import { MEDIA_CSP } from '../../media/serve-route';
import { lessonAccess, lockedMessage } from '../access';
import { COURSE_FILES_PREFIX } from './file-urls';
import { findFileForMember } from './files-data';

export const FILE_LINK_MESSAGES = {
  invalid: 'This file link is not valid',
  expired: 'This file link has expired: open the lesson again for a new one',
  member: 'This file link is no longer valid for its member',
  signedOut: 'This file link ended with its session: open the lesson again for a new one',
} as const;

/** How a course file goes out once its request is checked (here and the stream route): ranges and validators, no folders, no dotfiles; the route sets Cache-Control. */
export const COURSE_FILE_SENDING = { dotfiles: 'deny', index: false, acceptRanges: true, etag: true, lastModified: true, cacheControl: false } as const;

export function registerCourseFileRoute(app: FastifyInstance, deps: AppDeps) {
  app.get<{ Params: { fileId: string }; Querystring: Record<string, unknown> }>(`${COURSE_FILES_PREFIX}/:fileId`, async (request, reply) => {
    const { fileId } = request.params;
    const link = deps.courseFiles.urls.check(fileId, request.query);
    if (link.state !== 'valid') return sendError(reply, 403, FILE_LINK_MESSAGES[link.state]);
    const found = await findFileForMember(deps.db, fileId, link.userId);
    if (!found) return sendError(reply, 404, MESSAGES.notFound);
    const { member } = found;
    if (!member || member.status !== 'active') return sendError(reply, 403, FILE_LINK_MESSAGES.member);
    // Handed to a session that has ended since with all the member's others, as a token is refused (request-context.ts).
    if (link.sessionIssuedAtMs < member.sessionsValidFrom) return sendError(reply, 403, FILE_LINK_MESSAGES.signedOut);
    const viewer = { role: member.role, tier: member.membershipTier, paidSince: member.paidSince };
    const access = lessonAccess(viewer, found.lesson, found.module, deps.clock());
    // A draft now (unpublished since the URL was given): as if it did not exist, as the lesson call says.
    if (access.state === 'hidden') return sendError(reply, 404, MESSAGES.notFound);
    if (access.state === 'locked') return sendError(reply, 403, lockedMessage(access));

    const { file } = found;
    const result = await send(request.raw, `/${encodeURIComponent(file.storedName)}`, { ...COURSE_FILE_SENDING, root: deps.courseFiles.root });
    // The row is there but its bytes are not (removed by hand, or a disk gone): as good as unknown.
    if (result.type === 'error') return sendError(reply, 404, MESSAGES.notFound);
    return (
      reply
        .code(result.statusCode)
        .headers(result.headers)
        // The type recorded at upload, from the checked extension, not a guess from the stored name.
        .header('content-type', file.contentType)
        .header('content-disposition', contentDisposition(file.role === 'attachment' ? 'attachment' : 'inline', file.name))
        // Only this member's browser may keep it, and it asks again (the access rule) before reusing it.
        .header('cache-control', 'private, no-cache')
        .header('x-content-type-options', 'nosniff')
        .header('content-security-policy', MEDIA_CSP)
        .send(result.stream)
    );
  });
}
