// The visitor pages rendered to HTML at build time (scripts/prerender-pages.mjs), so that their text
// paints before any script has run; main.tsx hydrates them. Same routes, same components: no second
// copy of any markup. Pages that depend on who is signed in render as for a visitor.
import { StrictMode } from 'react';
import { renderToString } from 'react-dom/server';
import { createStaticHandler, createStaticRouter, StaticRouterProvider } from 'react-router-dom';
import { routes } from './app/routes';
import { SITE_NAME } from '@shared/constants';
import { PageTitleSink } from './lib/use-page-title';

export const PRERENDERED_PATHS = ['/', '/courses', '/terms', '/login', '/join', '/forgot-password'];

export async function render(pathname: string): Promise<{ html: string; title: string }> {
  const handler = createStaticHandler(routes);
  const context = await handler.query(new Request(`http://localhost${pathname}`));
  if (context instanceof Response) throw new Error(`${pathname} answered a redirect, not a page`);
  let title = SITE_NAME;
  const html = renderToString(
    <StrictMode>
      <PageTitleSink.Provider value={(pageTitle) => (title = pageTitle)}>
        {/* No hydration data: it would be an inline script, which the CSP forbids; these routes load nothing. */}
        <StaticRouterProvider router={createStaticRouter(handler.dataRoutes, context)} context={context} hydrate={false} />
      </PageTitleSink.Provider>
    </StrictMode>,
  );
  return { html, title };
}
