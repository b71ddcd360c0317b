// Logger options: Fastify's pino, with secrets cut out of logged URLs (a link's token or a file
// URL's signature in a log is a key to somebody's account or files), no request headers
// (Authorization) logged at all, and errors logged without what a failed query carried
// (logged-errors.ts); and one line per request, when its answer has gone.
import { LogController, type FastifyReply, type FastifyRequest } from 'fastify';
import type { DestinationStream, LoggerOptions } from 'pino';
import { serializeError } from './logged-errors';

const REDACTED = '[redacted]';

/**
 * The path segments after which a mailed link's token follows: the pages /reset-password/{token},
 * /verify-email/{token} and /confirm-email/{token} (answered by the SPA fallback) and the API's
 * /api/auth/reset-password/{token}. A new link with a token in its path adds its name here
 * (logged-secrets.test.ts reads the client's routes and the OpenAPI document to hold them to it).
 */
const TOKEN_AFTER = new Set(['reset-password', 'verify-email', 'confirm-email']);

/**
 * The path segment after which a file id and then a signed prefix's token follow: a lesson's HLS
 * stream, /api/course/streams/{fileId}/{token}/{name} (course/stream/stream-urls.ts). Everything
 * between the id and the last segment goes, so the line still says which file and which part.
 */
const SIGNED_PREFIX_AFTER = 'streams';

/** The query parameters that carry a secret: a signed course file URL's signature (s), and any token. */
const SECRET_PARAMETERS = new Set(['s', 'token']);

const decoded = (text: string): string => {
  try {
    return decodeURIComponent(text.replaceAll('+', ' '));
  } catch {
    return text;
  }
};

/**
 * The URL with every token and signature it carries replaced by "[redacted]", read as the routes
 * read it: a link's name in any case (the client's router ignores it) or percent-encoded, a query
 * parameter's name decoded. Everything after a link's name goes, so no spelling of the path keeps
 * its token; the rest of the URL stays as it came, so a line still says which page or route it was.
 */
export function redactUrl(url: string): string {
  const queryAt = url.indexOf('?');
  const segments = (queryAt < 0 ? url : url.slice(0, queryAt)).split('/');
  const tokenAt = segments.findIndex((segment) => TOKEN_AFTER.has(decoded(segment).toLowerCase()));
  const prefixAt = segments.findIndex((segment) => decoded(segment).toLowerCase() === SIGNED_PREFIX_AFTER);
  let pathname = tokenAt < 0 || tokenAt === segments.length - 1 ? segments.join('/') : `${segments.slice(0, tokenAt + 1).join('/')}/${REDACTED}`;
  if (tokenAt < 0 && prefixAt >= 0 && segments.length > prefixAt + 2) {
    const last = segments.length > prefixAt + 3 ? [segments[segments.length - 1]!] : [];
    pathname = [...segments.slice(0, prefixAt + 2), REDACTED, ...last].join('/');
  }
  if (queryAt < 0) return pathname;
  const query = url
    .slice(queryAt + 1)
    .split('&')
    .map((pair) => {
      const name = pair.split('=', 1)[0]!;
      return SECRET_PARAMETERS.has(decoded(name)) ? `${name}=${REDACTED}` : pair;
    })
    .join('&');
  return `${pathname}?${query}`;
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

  override routeNotFound(request: FastifyRequest): void {
    // Fastify's own says the raw URL; the app's not-found handler replaces it, but not for every context.
    if (!this.isLogDisabled(request)) request.log.info(`Route ${request.method}:${redactUrl(request.url)} not found`);
  }

  override requestCompleted(error: Error | null | undefined, request: FastifyRequest, reply: FastifyReply) {
    if (this.isLogDisabled(request)) return;
    const line = { req: request, res: reply, responseTime: reply.elapsedTime };
    if (error) reply.log.error({ ...line, err: error }, 'request errored');
    else reply.log.info(line, 'request completed');
  }
}
