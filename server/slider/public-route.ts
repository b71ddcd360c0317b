// GET /api/slider/public, the hottest route (every page view): the answer comes from memory
// (public-data.ts) with an ETag, so a browser that has it gets an empty 304.
//
// It is written straight to the socket with headers made once per answer (the security headers
// included, since no onSend hook runs). Once built, it is given before Fastify sees the request
// (http/front-door.ts): Fastify's routing, request objects, logger and hooks cost more than the
// answer itself (decision 022, scripts/bench/slider-public.ts).
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyInstance } from 'fastify';
import { publicSliderDataSchema } from '../../shared/answer-schemas';
import { inData } from '../http/answers';
import { DATA_SECURITY_HEADERS, HSTS_HEADER } from '../http/security-headers';
import type { OperationDoc } from '../http/operation';
import { SUCCESS_ERROR_STYLE } from '../http/error-bodies';
import type { AppDeps } from '../app-deps';
import type { FrontDoor } from '../http/front-door';
import type { PublicSliderEntry } from './public-data';

const publicSliderDoc: OperationDoc = {
  tag: 'Slider',
  summary: 'What the slideshow shows visitors',
  description:
    "slides are the active playlist's items whose files exist or, with none active or an empty one, the library's images then videos; " +
    "each url carries the last scan's version. config leaves out the base path.",
  access: 'public',
  success: { json: inData(publicSliderDataSchema).schema },
  etag: true,
};

interface PreparedAnswer {
  body: string;
  full: Record<string, string | number>;
  notModified: Record<string, string>;
}

function matches(ifNoneMatch: string | undefined, etag: string): boolean {
  if (!ifNoneMatch) return false;
  return ifNoneMatch.split(',').some((tag) => {
    const trimmed = tag.trim();
    return trimmed === '*' || trimmed === etag || trimmed === `W/${etag}`;
  });
}

function prepare(entry: PublicSliderEntry, https: boolean): PreparedAnswer {
  const body = entry.json;
  // no-cache: keep it, but ask every time; the ETag makes asking cheap.
  const notModified = {
    ...DATA_SECURITY_HEADERS,
    ...(https ? { 'strict-transport-security': HSTS_HEADER } : {}),
    etag: entry.etag,
    'cache-control': 'no-cache',
  };
  return { body, notModified, full: { ...notModified, 'content-type': 'application/json; charset=utf-8', 'content-length': Buffer.byteLength(body) } };
}

export function registerPublicSliderRoute(app: FastifyInstance, deps: AppDeps, frontDoor: FrontDoor) {
  const prepared = new WeakMap<PublicSliderEntry, PreparedAnswer>();
  const https = deps.config.appUrl.startsWith('https:');
  const send = (request: IncomingMessage, response: ServerResponse, entry: PublicSliderEntry) => {
    let answer = prepared.get(entry);
    if (!answer) prepared.set(entry, (answer = prepare(entry, https)));
    if (matches(request.headers['if-none-match'], entry.etag)) {
      response.writeHead(304, answer.notModified).end();
    } else {
      // A HEAD request gets the headers only: node:http leaves the body out by itself.
      response.writeHead(200, answer.full).end(answer.body);
    }
  };
  // The answer once it is built: straight from the server's request event (http/front-door.ts).
  frontDoor.add('/api/slider/public', (request, response) => {
    const entry = deps.publicSlider.ready();
    if (entry) send(request, response, entry);
    return entry !== undefined;
  });
  // The same answer through Fastify: while it is being built, and for app.inject().
  // Logged at warn and above only: one info line per page view would cost more than the answer.
  // A failure before the answer goes out (the library unreadable) reaches the central error handler, in this route's style.
  const config = { errorStyle: SUCCESS_ERROR_STYLE, openapi: publicSliderDoc };
  app.get('/api/slider/public', { logLevel: 'warn', config }, async (request, reply) => {
    const entry = await deps.publicSlider.get();
    reply.hijack();
    send(request.raw, reply.raw, entry);
  });
}
