// GET /api/course/lessons/{id}/comments/events (CONTRACT §9; decision 055): a lesson's discussion
// as it changes, in text/event-stream. A route of its own because it streams: the opening is a
// procedure (discussionStreamRouter), so a refusal is the list call's own 401/403/404 JSON before
// any byte of the stream; then the registry (comment-streams.ts) feeds it until the client goes,
// the reader may no longer read, or the app closes.
import type { FastifyInstance } from 'fastify';
import { commentIdInput } from '../../shared/discussion-schemas';
import { DEFAULT_ERROR_STYLE, sendProcedureError } from '../http/error-bodies';
import type { OperationDoc } from '../http/operation';
import type { ContextFactory } from '../trpc/context';
import { createCallerFactory } from '../trpc/init';
import { MAX_STREAMS_PER_MEMBER, STREAM_MESSAGES, type CommentStreams } from './comment-streams';
import { discussionStreamRouter } from './discussion-router';

const TOO_MANY_RETRY_SECONDS = 30;

export const COMMENT_EVENTS_PATH = '/api/course/lessons/:id/comments/events';

const createStreamCaller = createCallerFactory(discussionStreamRouter);

const eventsDoc: OperationDoc = {
  tag: 'Discussion',
  summary: "A lesson's discussion as it changes: each comment posted, changed or removed, as the caller may see it",
  description:
    'Read with fetch streaming (EventSource cannot send the bearer header). `event: ready` (`data: {}`) at once and whenever events may have been missed: ' +
    'load the first page then. `event: comment` (`data: {"comment": Comment}`): a top-level thread as the caller may see it, replies included: replace the one with that _id or insert it. ' +
    '`event: removed` (`data: {"_id": ...}`): a thread the caller may no longer see. `: keep-alive` lines every 25 s. ' +
    '`event: closed` (`data: {"message": ...}`) and the end: the session ended or the lesson is no longer open to the caller; do not reconnect. ' +
    'Any other end (a restart): reconnect with backoff. Same access rule as reading the lesson.',
  access: 'member',
  query: commentIdInput,
  success: { content: 'text/event-stream', description: 'Server-sent events: ready, comment, removed, closed, and keep-alive comment lines' },
  refusals: {
    403: 'As for reading the lesson: "This lesson is for Architects", or "This module opens on YYYY-MM-DD" (UTC).',
    404: 'No lesson with that id, or a draft.',
  },
  // At most MAX_STREAMS_PER_MEMBER open at once per member and process (comment-streams.ts).
  limited: true,
};

export function registerCommentEventsRoute(app: FastifyInstance, createContext: ContextFactory, streams: CommentStreams): void {
  app.get<{ Params: { id: string } }>(
    COMMENT_EVENTS_PATH,
    { exposeHeadRoute: false, config: { errorStyle: DEFAULT_ERROR_STYLE, openapi: eventsDoc } },
    async (request, reply) => {
      let reader;
      try {
        reader = await createStreamCaller(createContext({ req: request })).open({ id: request.params.id });
      } catch (error) {
        return sendProcedureError(reply, error, DEFAULT_ERROR_STYLE);
      }
      if (streams.openBy(reader.userId) >= MAX_STREAMS_PER_MEMBER) {
        request.log.warn({ userId: reader.userId, lessonId: request.params.id }, 'refused a discussion stream past the member’s limit');
        // No clock frees a place, a closed tab does: the wait is a hint for the client's next try.
        return reply.code(429).header('retry-after', String(TOO_MANY_RETRY_SECONDS)).send({ message: STREAM_MESSAGES.tooMany });
      }
      request.log.info({ userId: reader.userId, lessonId: request.params.id }, 'member opened a lesson discussion stream');
      return (
        reply
          .header('content-type', 'text/event-stream; charset=utf-8')
          .header('cache-control', 'no-store')
          // A proxy that buffers answers (nginx does unless told) would hold the events back.
          .header('x-accel-buffering', 'no')
          .send(streams.open(request.params.id, reader))
      );
    },
  );
}
