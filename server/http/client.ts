// Serves the built client (dist/client) with a fallback to index.html for the SPA's routes.
// Unknown /api, /trpc, /media and /thumbs paths, and anything that is not a page request, stay JSON 404s.
import { randomBytes } from 'node:crypto';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import negotiate from '@fastify/accept-negotiator';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { MESSAGES } from '../../shared/messages';
import { sendError } from './error-bodies';
import { NoncedPage } from './nonced-page';
import { PageRenderer, type PageData } from './page-renderer';
import { pageContentSecurityPolicy } from './security-headers';

// vite.config.ts writes this into index.html wherever a nonce belongs.
const NONCE_PLACEHOLDER = 'CSP_NONCE_PLACEHOLDER';
// client/index.html's meta tag for the tRPC batch size the server takes (TRPC_MAX_BATCH).
const BATCH_PLACEHOLDER = 'TRPC_MAX_BATCH_PLACEHOLDER';

const NEVER_HTML = /^\/(api|trpc|media|thumbs)(\/|$)/;
// A missing /assets/old-chunk.js or /favicon.ico must stay a 404, not become the page.
const LOOKS_LIKE_FILE = /\.[a-z0-9]+$/i;

function wantsPage(request: FastifyRequest): boolean {
  const pathname = request.url.split('?')[0]!;
  return (request.method === 'GET' || request.method === 'HEAD') && !NEVER_HTML.test(pathname) && !LOOKS_LIKE_FILE.test(pathname);
}

// scripts/prerender-pages.mjs's RENDER_BUNDLE, inside the pages folder.
const RENDER_BUNDLE = path.join('render', 'prerender.js');

/** The visitor pages the server answers with, for the composition to render again when what they show changes. */
export interface VisitorPages {
  /**
   * Renders `pathname` again with `data` and answers with that page from then on; null goes back to
   * the build's page. `stillWanted` is asked once the render is done: a newer call may have overtaken it.
   */
  rerender(pathname: string, data: PageData | null, stillWanted?: () => boolean): Promise<void>;
}

export async function registerClient(app: FastifyInstance, clientDir: string | undefined, { trpcMaxBatch }: { trpcMaxBatch: number }): Promise<VisitorPages> {
  const hasClient = clientDir !== undefined && existsSync(path.join(clientDir, 'index.html'));
  if (hasClient) {
    await app.register(fastifyStatic, {
      root: clientDir,
      index: false,
      // Our own cache-control (setHeaders) instead of the plugin's max-age=0 on everything.
      cacheControl: false,
      wildcard: true,
      // The .br and .gz copies the build writes beside each asset (scripts/compress-client.mjs),
      // chosen by Accept-Encoding, with Vary: Accept-Encoding on every answer.
      preCompressed: true,
      setHeaders(reply, filePath) {
        // Vite fingerprints everything under assets/; the rest (index.html) must be revalidated.
        const immutable = filePath.startsWith(path.join(clientDir, 'assets') + path.sep);
        reply.header('cache-control', immutable ? 'public, max-age=31536000, immutable' : 'no-cache');
      },
    });
  } else {
    app.log.warn({ clientDir }, 'no built client found: pages are not served (run npm run build)');
  }

  // Read (and deflated) once: the pages are small, and each response fills in its own nonce.
  const fill = (file: string) => readFileSync(file, 'utf8').replace(BATCH_PLACEHOLDER, String(trpcMaxBatch));
  const template = hasClient ? fill(path.join(clientDir, 'index.html')) : '';
  const shell = new NoncedPage(template, NONCE_PLACEHOLDER);
  const pagesDir = hasClient ? path.join(clientDir, '..', 'pages') : undefined;
  const built = pagesDir ? readPrerenderedPages(pagesDir, fill) : new Map<string, NoncedPage>();
  const prerendered = new Map(built);
  const sendPage = (request: FastifyRequest, reply: FastifyReply) => {
    const nonce = randomBytes(18).toString('base64');
    const page = prerendered.get(request.url.split('?')[0]!) ?? shell;
    reply
      .header('cache-control', 'no-cache')
      .header('content-security-policy', pageContentSecurityPolicy(nonce))
      .header('vary', 'accept-encoding')
      .type('text/html; charset=utf-8');
    // Like the assets (decision 015), but gzip alone: brotli cannot be joined around a nonce (decision 044).
    const accepted = request.headers['accept-encoding'];
    if (typeof accepted === 'string' && negotiate(accepted.toLowerCase(), ['gzip']) === 'gzip') {
      return reply.header('content-encoding', 'gzip').send(page.gzip(nonce));
    }
    return reply.send(page.text(nonce));
  };
  if (hasClient) {
    // The static plugin answers a folder (/) with 403 when index is off, and would send
    // index.html with its placeholder unfilled: both get the page from here.
    app.get('/', sendPage);
    app.get('/index.html', (request, reply) => sendPage(request, reply));
  }

  app.setNotFoundHandler((request, reply) => {
    if (hasClient && wantsPage(request)) return sendPage(request, reply);
    // A prerendered form sent before the page's script took over (a quick Enter on a slow line):
    // forms say method="post", so what was typed never lands in a URL, a log or the history; the
    // body is left unread, and the page comes again, where the script now waits.
    const pathname = request.url.split('?')[0]!;
    if (request.method === 'POST' && prerendered.has(pathname)) return reply.redirect(pathname, 303);
    return sendError(reply, 404, MESSAGES.notFound);
  });

  const renderer = pagesDir && new PageRenderer(path.join(pagesDir, RENDER_BUNDLE), template);
  return {
    async rerender(pathname, data, stillWanted = () => true) {
      if (!renderer || !built.has(pathname)) return;
      if (data === null) {
        if (stillWanted()) prerendered.set(pathname, built.get(pathname)!);
        return;
      }
      if (!renderer.available) {
        app.log.warn({ pathname }, 'the build left no render bundle: the page keeps the text it was built with');
        return;
      }
      const page = new NoncedPage(await renderer.render(pathname, data), NONCE_PLACEHOLDER);
      if (stillWanted()) prerendered.set(pathname, page);
    },
  };
}

/**
 * The visitor pages the build prerendered (scripts/prerender-pages.mjs writes them beside the
 * client, out of the static plugin's reach), by path: index.html is '/', courses.html '/courses'.
 * Any other path gets the empty shell, which the client draws itself.
 */
function readPrerenderedPages(pagesDir: string, fill: (file: string) => string): Map<string, NoncedPage> {
  const pages = new Map<string, NoncedPage>();
  if (!existsSync(pagesDir)) return pages;
  for (const file of readdirSync(pagesDir)) {
    if (!file.endsWith('.html')) continue;
    const name = file.slice(0, -'.html'.length);
    pages.set(name === 'index' ? '/' : `/${name}`, new NoncedPage(fill(path.join(pagesDir, file)), NONCE_PLACEHOLDER));
  }
  return pages;
}
