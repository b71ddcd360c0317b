// The visitor pages rendered to HTML (scripts/prerender-pages.mjs at build time, and the server
// again for /courses once an admin has changed the course: server/http/page-renderer.ts), so that
// their text paints before any script has run; main.tsx hydrates them. Same routes, same
// components: no second copy of any markup. Pages that depend on who is signed in render as for a visitor.
import { StrictMode } from 'react';
import { renderToString } from 'react-dom/server';
import { createStaticHandler, createStaticRouter, StaticRouterProvider } from 'react-router-dom';
import type { OutlineModule } from '@shared/course';
import { routes } from './app/routes';
import { SITE_NAME } from '@shared/constants';
import { PageTitleSink } from './lib/use-page-title';
import { OUTLINE_DATA_ID, renderWithOutline } from './pages/rendered-outline';

export const PRERENDERED_PATHS = ['/', '/courses', '/terms', '/login', '/join', '/forgot-password'];

export interface RenderData {
  /** The visitors' course outline, for /courses; without it, an untouched install's. */
  courseOutline?: readonly OutlineModule[];
}

export interface RenderedPage {
  html: string;
  title: string;
  data: RenderData;
}

export async function render(pathname: string, data: RenderData = {}): Promise<RenderedPage> {
  const handler = createStaticHandler(routes);
  const context = await handler.query(new Request(`http://localhost${pathname}`));
  if (context instanceof Response) throw new Error(`${pathname} answered a redirect, not a page`);
  let title = SITE_NAME;
  const html = renderWithOutline(data.courseOutline, () =>
    renderToString(
      <StrictMode>
        <PageTitleSink.Provider value={(pageTitle) => (title = pageTitle)}>
          {/* No hydration data: it would be an inline script, which the CSP forbids; these routes load nothing. */}
          <StaticRouterProvider router={createStaticRouter(handler.dataRoutes, context)} context={context} hydrate={false} />
        </PageTitleSink.Provider>
      </StrictMode>,
    ),
  );
  return { html, title, data };
}

const escapeHtml = (text: string) => text.replaceAll('&', '&amp;').replaceAll('<', '&lt;').replaceAll('>', '&gt;');
// JSON inside a <script> element ends at the first "</script": "<" written as \u003c cannot end it.
const scriptSafeJson = (value: unknown) => JSON.stringify(value).replaceAll('<', '\\u003c');

/**
 * A rendered page put into the built index.html: its HTML into the empty root, its title, and the
 * data it was rendered with beside the root, where the page reads it back to hydrate (rendered-outline.ts).
 */
export function fillTemplate(template: string, page: RenderedPage): string {
  if (!template.includes('<div id="root"></div>')) throw new Error('index.html has no empty <div id="root"></div> to fill');
  const dataBlock = page.data.courseOutline
    ? `<script type="application/json" id="${OUTLINE_DATA_ID}">${scriptSafeJson(page.data.courseOutline)}</script>`
    : '';
  return template
    .replace('<div id="root"></div>', () => `<div id="root">${page.html}</div>${dataBlock}`)
    .replace(/<title>[^<]*<\/title>/, () => `<title>${escapeHtml(page.title)}</title>`);
}
