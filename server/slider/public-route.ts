// GET /api/slider/public, the hottest route (every page view): the answer comes from memory
// (public-data.ts) with an ETag, so a browser that has it gets an empty 304.
//
// It is written straight to the socket with headers made once per answer (the security headers
// included, since the hijacked reply skips the onSend hook): Fastify's reply pipeline, run on
// every request, cost a third of this route's throughput (scripts/bench/slider-public.ts).
import type { FastifyInstance } from 'fastify';
import { publicSliderDataSchema } from '../../shared/answer-schemas';
import { inData } from '../http/answers';
import { DATA_SECURITY_HEADERS, HSTS_HEADER } from '../http/security-headers';
import type { OperationDoc } from '../openapi/operation';
import { SUCCESS_ERROR_STYLE } from '../http/error-bodies';
import type { AppDeps } from '../app-deps';
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
  body: Buffer;
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
  const body = Buffer.from(entry.json);
  // no-cache: keep it, but ask every time; the ETag makes asking cheap.
  const notModified = {
    ...DATA_SECURITY_HEADERS,
    ...(https ? { 'strict-transport-security': HSTS_HEADER } : {}),
    etag: entry.etag,
    'cache-control': 'no-cache',
  };
  return { body, notModified, full: { ...notModified, 'content-type': 'application/json; charset=utf-8', 'content-length': body.length } };
}

export function registerPublicSliderRoute(app: FastifyInstance, deps: AppDeps) {
  const prepared = new WeakMap<PublicSliderEntry, PreparedAnswer>();
  const https = deps.config.appUrl.startsWith('https:');
  // Logged at warn and above only: one info line per page view would cost more than the answer.
  // A failure before the answer goes out (the library unreadable) reaches the central error handler, in this route's style.
  const config = { errorStyle: SUCCESS_ERROR_STYLE, openapi: publicSliderDoc };
  app.get('/api/slider/public', { logLevel: 'warn', config }, async (request, reply) => {
    const entry = await deps.publicSlider.get();
    let answer = prepared.get(entry);
    if (!answer) prepared.set(entry, (answer = prepare(entry, https)));
    reply.hijack();
    if (matches(request.headers['if-none-match'], entry.etag)) {
      reply.raw.writeHead(304, answer.notModified).end();
    } else {
      // A HEAD request gets the headers only: node:http leaves the body out by itself.
      reply.raw.writeHead(200, answer.full).end(answer.body);
    }
  });
}
