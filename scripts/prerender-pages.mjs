// After the client build: the visitor pages' HTML (client/src/prerender.tsx) written into copies of
// the built index.html, in dist/pages, where the server picks the page for each path
// (server/http/client.ts). They sit outside dist/client so that no one fetches the raw templates.
import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { build as viteBuild } from 'vite';

const escapeHtml = (text) => text.replaceAll('&', '&amp;').replaceAll('<', '&lt;').replaceAll('>', '&gt;');

/** '/' → 'index.html', '/courses' → 'courses.html'. */
export const pageFileOf = (pathname) => `${pathname === '/' ? 'index' : pathname.slice(1)}.html`;

export async function prerenderPages(clientDir, pagesDir) {
  const bundleDir = path.resolve('dist/prerender');
  await viteBuild({
    configFile: 'vite.config.ts',
    logLevel: 'warn',
    build: { ssr: 'src/prerender.tsx', outDir: bundleDir, emptyOutDir: true, sourcemap: false },
  });
  const { render, PRERENDERED_PATHS } = await import(pathToFileURL(path.join(bundleDir, 'prerender.js')).href);
  const template = await readFile(path.join(clientDir, 'index.html'), 'utf8');
  if (!template.includes('<div id="root"></div>')) throw new Error('index.html has no empty <div id="root"></div> to fill');
  await rm(pagesDir, { recursive: true, force: true });
  await mkdir(pagesDir, { recursive: true });
  for (const pathname of PRERENDERED_PATHS) {
    const { html, title } = await render(pathname);
    const page = template
      .replace('<div id="root"></div>', () => `<div id="root">${html}</div>`)
      .replace(/<title>[^<]*<\/title>/, () => `<title>${escapeHtml(title)}</title>`);
    await writeFile(path.join(pagesDir, pageFileOf(pathname)), page);
  }
  await rm(bundleDir, { recursive: true, force: true });
}
