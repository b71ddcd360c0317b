// After the client build: the visitor pages' HTML (client/src/prerender.tsx) written into copies of
// the built index.html, in dist/pages, where the server picks the page for each path
// (server/http/client.ts). They sit outside dist/client so that no one fetches the raw templates.
// The render bundle stays in dist/pages/render, whole (its dependencies inside, for the packaged
// install has no React), for the server to render /courses again once an admin changes the course.
import { readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { build as viteBuild } from 'vite';

/** '/' → 'index.html', '/courses' → 'courses.html'. */
export const pageFileOf = (pathname) => `${pathname === '/' ? 'index' : pathname.slice(1)}.html`;

/** Where the render bundle goes inside the pages folder (server/http/page-renderer.ts reads it there). */
export const RENDER_BUNDLE = 'render/prerender.js';

export async function prerenderPages(clientDir, pagesDir) {
  await rm(pagesDir, { recursive: true, force: true });
  const bundle = path.resolve(pagesDir, RENDER_BUNDLE);
  await viteBuild({
    configFile: 'vite.config.ts',
    logLevel: 'warn',
    ssr: { noExternal: true },
    // React's production build only, as the browser gets: the bundle would otherwise carry both and choose at run time.
    define: { 'process.env.NODE_ENV': JSON.stringify('production') },
    build: { ssr: 'src/prerender.tsx', outDir: path.dirname(bundle), emptyOutDir: true, sourcemap: false, minify: true, copyPublicDir: false },
  });
  const { render, fillTemplate, PRERENDERED_PATHS } = await import(pathToFileURL(bundle).href);
  const template = await readFile(path.join(clientDir, 'index.html'), 'utf8');
  for (const pathname of PRERENDERED_PATHS) {
    await writeFile(path.join(pagesDir, pageFileOf(pathname)), fillTemplate(template, await render(pathname)));
  }
}
