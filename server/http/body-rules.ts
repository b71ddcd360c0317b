// What /api and /trpc take as a body (CONTRACT §3): JSON only (415), at most BODY_LIMIT_BYTES
// (413), refused from the headers before a byte of the body is read. Only the upload route takes
// multipart. Fastify's bodyLimit (set from the same figure in app.ts) stops a chunked JSON body
// that claims no length at the limit as it streams in.
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { formatBytes } from '../../shared/media';
import { DEFAULT_ERROR_STYLE, sendError } from '../rest/errors';

const JSON_ROUTES = /^\/(api|trpc)(\/|\?|$)/;
export const UPLOAD_URL = '/api/media/upload';

const isJson = (contentType: string | undefined) => contentType?.split(';')[0]!.trim().toLowerCase() === 'application/json';

function refuse(request: FastifyRequest, reply: FastifyReply, status: number, text: string) {
  request.log.info({ status, contentType: request.headers['content-type'], contentLength: request.headers['content-length'] }, text);
  sendError(reply, status, text, request.routeOptions.config?.errorStyle ?? DEFAULT_ERROR_STYLE);
}

export function registerBodyRules(app: FastifyInstance, limitBytes: number, lingerMs: number) {
  app.addHook('onRequest', (request, reply, done) => {
    const { headers } = request;
    const length = headers['content-length'];
    const hasBody = headers['transfer-encoding'] !== undefined || (length !== undefined && length !== '0');
    if (!hasBody || request.routeOptions.url === UPLOAD_URL || !JSON_ROUTES.test(request.url)) return done();
    if (!isJson(headers['content-type'])) return refuse(request, reply, 415, 'Request bodies must be JSON (Content-Type: application/json)');
    if (limitBytes > 0 && Number(length) > limitBytes) return refuse(request, reply, 413, `Request body too large (at most ${formatBytes(limitBytes)})`);
    done();
  });

  // An answer sent before its request's body has all arrived (a refusal, a 401 to an upload):
  // Node reads and throws away the rest, gigabytes perhaps. We let it do so for `lingerMs` only,
  // time for the client to read the answer (closing at once would reset the connection under it
  // while it still sends, and the answer would be lost), then close the connection.
  app.addHook('onSend', (request, reply, payload, done) => {
    const { raw } = request;
    if (!raw.complete) {
      reply.raw.once('finish', () => {
        setTimeout(() => {
          if (!raw.complete) raw.socket.destroy();
        }, lingerMs).unref();
      });
    }
    done(null, payload);
  });
}
