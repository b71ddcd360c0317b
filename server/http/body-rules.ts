// What /api and /trpc take as a body (CONTRACT §3): JSON only (415), at most BODY_LIMIT_BYTES
// (413), refused from the headers before a byte of the body is read; a route with a smaller cap of
// its own (its bodyLimit: the Stripe webhook) is held to that. A route that streams its own body says
// so in its config (`ownBody`: the multipart upload). Fastify's bodyLimit (set from the same figure in app.ts) stops a chunked JSON body
// that claims no length at the limit as it streams in. An empty JSON body counts as no body.
import type { IncomingHttpHeaders } from 'node:http';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { formatBytes } from '../../shared/media';
import { DEFAULT_ERROR_STYLE, sendError } from './error-bodies';

const JSON_ROUTES = /^\/(api|trpc)(\/|\?|$)/;

/** Whether a request says it has a body (a length over 0, or chunks). */
export function declaresBody(headers: IncomingHttpHeaders): boolean {
  const length = headers['content-length'];
  return headers['transfer-encoding'] !== undefined || (length !== undefined && length !== '0');
}

const isJson = (contentType: string | undefined) => contentType?.split(';')[0]!.trim().toLowerCase() === 'application/json';

/**
 * A route may cap its body below the API's (the Stripe webhook: its route's bodyLimit); every other
 * route has Fastify's, which app.ts sets from the API's figure, so for them this is that figure.
 */
function ownLimit(routeLimit: number | undefined, limitBytes: number): number {
  return routeLimit !== undefined && routeLimit < (limitBytes || Number.MAX_SAFE_INTEGER) ? routeLimit : limitBytes;
}

function refuse(request: FastifyRequest, reply: FastifyReply, status: number, text: string) {
  request.log.info({ status, contentType: request.headers['content-type'], contentLength: request.headers['content-length'] }, text);
  sendError(reply, status, text, request.routeOptions.config?.errorStyle ?? DEFAULT_ERROR_STYLE);
}

export function registerBodyRules(app: FastifyInstance, limitBytes: number) {
  app.addHook('onRequest', (request, reply, done) => {
    const { headers } = request;
    // The route matched, not the URL as sent: the router decodes /%61pi/... into /api/....
    const { url: route, config } = request.routeOptions;
    if (!declaresBody(headers) || config?.ownBody || !JSON_ROUTES.test(route ?? request.url)) return done();
    if (!isJson(headers['content-type'])) return refuse(request, reply, 415, 'Request bodies must be JSON (Content-Type: application/json)');
    const limit = ownLimit(request.routeOptions.bodyLimit, limitBytes);
    if (limit > 0 && Number(headers['content-length']) > limit) return refuse(request, reply, 413, `Request body too large (at most ${formatBytes(limit)})`);
    done();
  });

  // An empty JSON body is no body: many clients send Content-Type: application/json on every
  // request, a bodiless POST such as logout included, and Fastify's parser refuses an empty one.
  // A route that takes a body then names its first missing field, as it does for no body at all.
  const { onProtoPoisoning = 'error', onConstructorPoisoning = 'error' } = app.initialConfig;
  const parseJson = app.getDefaultJsonParser(onProtoPoisoning, onConstructorPoisoning);
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body: string, parsed) =>
    body === '' ? parsed(null, undefined) : parseJson(request, body, parsed),
  );
}

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The route reads its body itself, whatever its type and size (the multipart upload). */
    ownBody?: boolean;
  }
}
