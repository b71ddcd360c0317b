// GET /api/openapi.json: the OpenAPI document of every /api route, built once, at its first
// request, from the descriptions the routes carry (config.openapi). GET /api/docs: Swagger UI showing
// it, with swagger-ui-dist's files served from node_modules (no CDN).
// Register before the routes it describes: it learns of them as they are added (onRoute).
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import send from '@fastify/send';
import type { FastifyInstance } from 'fastify';
import { projectRoot } from '../paths';
import { DEFAULT_ERROR_STYLE } from '../http/error-bodies';
import { DOCS_PAGE, DOCS_SCRIPT, DOCS_STYLE } from './docs-page';
import { buildOpenApiDocument, type DocumentedRoute } from './document';
import type { OperationDoc } from '../http/operation';

/** Where Swagger UI's files are read from, unless registerApiReference is told otherwise (tests). */
const SWAGGER_UI_DIR = path.dirname(createRequire(import.meta.url).resolve('swagger-ui-dist/package.json'));

const { version } = JSON.parse(readFileSync(path.join(projectRoot, 'package.json'), 'utf8')) as { version: string };

const reference = (summary: string, content: string, description: string): OperationDoc => ({
  tag: 'Reference',
  summary,
  access: 'public',
  success: { content, description },
});

/** The page's files: Swagger UI's own, read from its package, and the page's script and styles. */
const ASSETS: Array<{ name: string; type: string; text?: string }> = [
  { name: 'swagger-ui-bundle.js', type: 'text/javascript' },
  { name: 'swagger-ui.css', type: 'text/css' },
  { name: 'docs.js', type: 'text/javascript', text: DOCS_SCRIPT },
  { name: 'docs.css', type: 'text/css', text: DOCS_STYLE },
];

export function registerApiReference(app: FastifyInstance, swaggerUiDir = SWAGGER_UI_DIR) {
  const routes: DocumentedRoute[] = [];
  app.addHook('onRoute', ({ method, url, config }) => {
    if (!config?.openapi) return;
    for (const one of [method].flat()) routes.push({ method: one, url, errorStyle: config.errorStyle ?? DEFAULT_ERROR_STYLE, doc: config.openapi });
  });
  // Built at the first request, once every route is in: most starts (every test app's) never serve it.
  let document: string | undefined;
  const built = () => {
    // Fastify adds a HEAD beside every GET by itself, answering as the GET does; a HEAD of its own (tus's) is documented.
    const gets = new Set(routes.filter((route) => route.method === 'GET').map((route) => route.url));
    const documented = routes.filter((route) => route.method !== 'HEAD' || !gets.has(route.url));
    return JSON.stringify(buildOpenApiDocument(documented, { title: 'Quantum Path API', version }));
  };

  const openapi = reference('This document', 'application/json', 'An OpenAPI 3.1 document of every /api route');
  app.get('/api/openapi.json', { config: { openapi } }, (_request, reply) => reply.type('application/json; charset=utf-8').send((document ??= built())));

  const page = reference('The interactive reference: this document in Swagger UI', 'text/html', 'The page');
  app.get('/api/docs', { config: { openapi: page } }, (_request, reply) =>
    reply.type('text/html; charset=utf-8').header('cache-control', 'no-cache').send(DOCS_PAGE),
  );

  for (const asset of ASSETS) {
    const doc = reference(`A file of the reference page: ${asset.name}`, asset.type, 'The file');
    app.get(`/api/docs/${asset.name}`, { config: { openapi: doc } }, async (request, reply) => {
      if (asset.text !== undefined) {
        return reply.type(`${asset.type}; charset=utf-8`).header('cache-control', 'no-cache').send(asset.text);
      }
      const file = await send(request.raw, `/${asset.name}`, { root: swaggerUiDir, etag: true, lastModified: true, maxAge: 0 });
      // The site's own 404, never @fastify/send's error, whose message names the absolute path.
      if (file.type === 'error' && file.statusCode === 404) return reply.callNotFound();
      if (file.type === 'error') throw file.metadata.error;
      return reply.code(file.statusCode).headers(file.headers).type(`${asset.type}; charset=utf-8`).send(file.stream);
    });
  }
}
