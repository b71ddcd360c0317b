// Logger options: Fastify's pino, with reset tokens cut out of logged URLs (a token in a log is a
// key to somebody's account) and no request headers (Authorization) logged at all.
import type { FastifyRequest } from 'fastify';
import type { DestinationStream, LoggerOptions } from 'pino';

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
    },
  };
}
