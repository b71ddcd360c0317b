// The central error handler: a client's mistake keeps its status and a readable message; anything
// else is logged in full and answered as a bare "Internal Server Error" (no stack, SQL or path).
import type { FastifyError, FastifyInstance } from 'fastify';
import { MESSAGES } from '../../shared/messages';
import { DEFAULT_ERROR_STYLE, sendError } from './error-bodies';

export function registerErrorHandler(app: FastifyInstance) {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    const style = request.routeOptions.config?.errorStyle ?? DEFAULT_ERROR_STYLE;
    const status = error.statusCode ?? 500;
    if (status >= 400 && status < 500) {
      request.log.info({ code: error.code, status }, error.message);
      return sendError(reply, status, error.message, style);
    }
    request.log.error({ err: error }, 'request failed');
    return sendError(reply, 500, MESSAGES.internalError, style);
  });
}
