// GET /api/slider/public, the hottest route (every page view): the answer comes from memory
// (public-data.ts) with an ETag, so a browser that has it gets an empty 304.
import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../trpc/context';

function matches(ifNoneMatch: string | undefined, etag: string): boolean {
  if (!ifNoneMatch) return false;
  return ifNoneMatch.split(',').some((tag) => {
    const trimmed = tag.trim();
    return trimmed === '*' || trimmed === etag || trimmed === `W/${etag}`;
  });
}

export function registerPublicSliderRoute(app: FastifyInstance, deps: AppDeps) {
  // Logged at warn and above only: one info line per page view would cost more than the answer.
  app.get('/api/slider/public', { logLevel: 'warn' }, async (request, reply) => {
    const { json, etag } = await deps.publicSlider.get();
    // no-cache: keep it, but ask every time; the ETag makes asking cheap.
    reply.header('etag', etag).header('cache-control', 'no-cache');
    if (matches(request.headers['if-none-match'], etag)) return reply.code(304).send();
    return reply.type('application/json; charset=utf-8').send(json);
  });
}
