// Builds the client (Vite) and bundles the server and the scripts (esbuild) into dist/.
// `--server-only` skips the client, for commands that never serve pages (admin:create).
import { build as esbuild } from 'esbuild';
import { build as viteBuild } from 'vite';
import { compressClient } from './compress-client.mjs';
import { prerenderPages } from './prerender-pages.mjs';

const serverOnly = process.argv.includes('--server-only');

const entryPoints = {
  'server/main': 'server/main.ts',
  'scripts/admin-create': 'scripts/admin-create.ts',
  'scripts/bench': 'scripts/bench/main.ts',
};

await esbuild({
  entryPoints,
  outdir: 'dist',
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  // Dependencies stay in node_modules (native addons cannot be bundled anyway).
  packages: 'external',
  sourcemap: true,
  logLevel: 'warning',
});

if (!serverOnly) {
  await viteBuild({ configFile: 'vite.config.ts', logLevel: 'warn' });
  await prerenderPages('dist/client', 'dist/pages');
  await compressClient('dist/client', 'dist/sourcemaps/client');
}
