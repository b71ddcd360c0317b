// Logger options: Fastify's pino, with reset tokens cut out of logged URLs (a token in a log is a
// key to somebody's account), no request headers (Authorization) logged at all, and errors logged
// without what a failed query carried (logged-errors.ts); and one line per request, when its
// answer has gone.
import { LogController, type FastifyReply, type FastifyRequest } from 'fastify';
import type { DestinationStream, LoggerOptions } from 'pino';
import { serializeError } from './logged-errors';

export function redactUrl(url: string): string {
  return url.replace(/(\/reset-password\/)[^/?#]+/, '$1[redacted]');
}

export function loggerOptions(level: string, stream?: DestinationStream): LoggerOptions & { stream?: DestinationStream } {
  return {
    level,
    ...(stream ? { stream } : {}),
    serializers: {
      req: (request: FastifyRequest) => ({
        method: request.method,
        url: redactUrl(request.url),
        remoteAddress: request.ip,
      }),
      err: serializeError,
    },
  };
}

/**
 * One access line per request, written when it is answered: the request, the status and the time
 * taken. Fastify's own controller writes two, "incoming request" and "request completed", and the
 * second repeats what the first said; under load the pair cost about an eighth of a busy server's
 * CPU (issue 13's profile of the user list). Every other line of Fastify's stays as it is.
 */
export class OneLinePerRequest extends LogController {
  override incomingRequest(): void {
    // Said once, on completion (below); a request that never completes is logged by what ends it.
  }

  override requestCompleted(error: Error | null | undefined, request: FastifyRequest, reply: FastifyReply) {
    if (this.isLogDisabled(request)) return;
    const line = { req: request, res: reply, responseTime: reply.elapsedTime };
    if (error) reply.log.error({ ...line, err: error }, 'request errored');
    else reply.log.info(line, 'request completed');
  }
}
