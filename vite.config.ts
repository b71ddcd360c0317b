import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

// `@/` is client/src and `@shared/` the code client and server share (tsconfig.json's paths say
// the same to the compiler), so that no import climbs out of a deep section folder by counting.
export const sourceAliases = [
  { find: /^@\//, replacement: fileURLToPath(new URL('./client/src/', import.meta.url)) },
  { find: /^@shared\//, replacement: fileURLToPath(new URL('./shared/', import.meta.url)) },
];

// react-router 7's package exports name only its development build, for every condition (its
// issue #12532, "intended to be temporary"); a production build takes the production one beside
// it, which leaves out the development warnings.
const reactRouterDist = path.join(path.dirname(createRequire(import.meta.url).resolve('react-router/package.json')), 'dist/production');
const reactRouterProduction = [
  { find: /^react-router$/, replacement: path.join(reactRouterDist, 'index.mjs') },
  { find: /^react-router\/dom$/, replacement: path.join(reactRouterDist, 'dom-export.mjs') },
];

// The API server's port in development (see scripts/dev.mjs); Vite itself serves on PORT.
const apiTarget = `http://127.0.0.1:${process.env.API_PORT ?? '3001'}`;

export default defineConfig(({ command }) => ({
  root: 'client',
  resolve: { alias: [...sourceAliases, ...(command === 'build' ? reactRouterProduction : [])] },
  plugins: [react()],
  // Replaced by a fresh nonce in every page response (server/http/client.ts). Vite also writes it into
  // <meta property="csp-nonce">, where the drag-and-drop library's <style> elements take it from.
  html: { cspNonce: 'CSP_NONCE_PLACEHOLDER' },
  build: {
    outDir: '../dist/client',
    emptyOutDir: true,
    // Maps without the comment that points browsers at them: scripts/compress-client.mjs moves them
    // out of what is served, so a visitor's devtools don't ask for files that 404.
    sourcemap: 'hidden',
  },
  server: {
    port: Number(process.env.PORT ?? 3000),
    strictPort: true,
    proxy: {
      '/api': apiTarget,
      '/trpc': apiTarget,
      '/media': apiTarget,
      '/thumbs': apiTarget,
      '/healthz': apiTarget,
    },
  },
}));
