// The central error handler: a client's mistake keeps its status, and a readable message where the
// message is known to be meant for the client; anything else is logged in full and answered as a
// bare "Internal Server Error" (no stack, SQL or path).
import { STATUS_CODES } from 'node:http';
import type { FastifyError, FastifyInstance } from 'fastify';
import { MESSAGES } from '../../shared/messages';
import { DEFAULT_ERROR_STYLE, sendError } from './error-bodies';

/**
 * The refusals whose messages go to the client as they are: Fastify's and its multipart plugin's,
 * fixed texts about the request's body, type, URL or form. Any other 4xx error says only its
 * status: its message was written for a log, and may hold a path or a value (@fastify/send's
 * 404 names the absolute path of the file it did not find).
 */
const CLIENT_MESSAGES = new Set([
  'FST_ERR_CTP_BODY_TOO_LARGE',
  'FST_ERR_CTP_EMPTY_JSON_BODY',
  'FST_ERR_CTP_INVALID_CONTENT_LENGTH',
  'FST_ERR_CTP_INVALID_JSON_BODY',
  'FST_ERR_CTP_INVALID_MEDIA_TYPE',
  'FST_ERR_VALIDATION',
  'FST_ERR_BAD_URL',
  'FST_PARTS_LIMIT',
  'FST_FILES_LIMIT',
  'FST_FIELDS_LIMIT',
  'FST_REQ_FILE_TOO_LARGE',
  'FST_PROTO_VIOLATION',
  'FST_INVALID_MULTIPART_CONTENT_TYPE',
  'FST_INVALID_JSON_FIELD_ERROR',
  'FST_MP_PREMATURE_CLOSE',
]);

export function registerErrorHandler(app: FastifyInstance) {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    const style = request.routeOptions.config?.errorStyle ?? DEFAULT_ERROR_STYLE;
    const status = error.statusCode ?? 500;
    if (status >= 400 && status < 500) {
      request.log.info({ code: error.code, status }, error.message);
      const text = CLIENT_MESSAGES.has(error.code) ? error.message : (STATUS_CODES[status] ?? 'Bad Request');
      return sendError(reply, status, text, style);
    }
    request.log.error({ err: error }, 'request failed');
    return sendError(reply, 500, MESSAGES.internalError, style);
  });
}
