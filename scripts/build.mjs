// Builds the client (Vite) and bundles the server, the packaged install's command and the scripts
// (esbuild) into dist/. `--server-only` skips the client, for commands that never serve pages (admin:create).
import { rmSync } from 'node:fs';
import { build as esbuild } from 'esbuild';
import { build as viteBuild } from 'vite';
import { compressClient } from './compress-client.mjs';
import { prerenderPages } from './prerender-pages.mjs';

const serverOnly = process.argv.includes('--server-only');

const nodeBundle = {
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  // Dependencies stay in node_modules (native addons cannot be bundled anyway).
  packages: 'external',
  sourcemap: true,
  logLevel: 'warning',
};

// The server and the installed command carry their pure-JavaScript dependencies inside: Node 20
// loads one file far sooner than the hundreds of node_modules it would otherwise resolve and read
// one by one (a cold start went from 1.1 s to 0.7 s). What stays outside: the native addons, pino
// (its transports run files of their own in worker threads), and what is loaded only when needed
// (ioredis with REDIS_URL, pg with a PostgreSQL DATABASE_URL, nodemailer with the first mail, stripe
// with the first webhook).
const runtimeBundle = {
  ...nodeBundle,
  packages: undefined,
  external: ['better-sqlite3', 'better-sqlite3-12', 'argon2', 'sharp', 'pino', 'pino-pretty', 'ioredis', 'pg', 'nodemailer', 'stripe'],
  // The CommonJS modules bundled into this ES module ask for Node's built-ins with require().
  banner: { js: "import { createRequire as createRequireOfBundle } from 'node:module';\nconst require = createRequireOfBundle(import.meta.url);" },
};

await esbuild({ ...runtimeBundle, entryPoints: { 'server/main': 'server/main.ts' }, outdir: 'dist' });

// The scripts' dependencies stay in node_modules too, but for the CommonJS ones whose named exports
// the server's modules import (the bench seeds captions through server/course/files/captions.ts): only a
// bundle gives those, as Node's ES module loader cannot read them from a CommonJS module.
const BUNDLED_INTO_SCRIPTS = ['webvtt-parser'];
const packagesOutsideBut = (inside) => ({
  name: 'packages-outside-but',
  setup(build) {
    build.onResolve({ filter: /^[^./]/ }, (args) =>
      inside.some((name) => args.path === name || args.path.startsWith(`${name}/`)) ? undefined : { external: true },
    );
  },
});

await esbuild({
  ...nodeBundle,
  packages: undefined,
  plugins: [packagesOutsideBut(BUNDLED_INTO_SCRIPTS)],
  entryPoints: {
    'scripts/admin-create': 'scripts/admin-create.ts',
    'scripts/db-copy': 'scripts/db-copy.ts',
    'scripts/bench': 'scripts/bench/main.ts',
    'scripts/bench-quiz-takers': 'scripts/bench/quiz-takers-process.ts',
  },
  outdir: 'dist',
});

// The `bin` of package.json (esbuild keeps the source's #! line). Split at its dynamic imports, so
// that each command loads only what it uses: --help and backup never load the web server.
rmSync('dist/cli', { recursive: true, force: true });
await esbuild({
  ...runtimeBundle,
  entryPoints: { 'quantum-site': 'server/cli/quantum-site.ts' },
  outdir: 'dist/cli',
  splitting: true,
  chunkNames: 'chunks/[name]-[hash]',
});

if (!serverOnly) {
  await viteBuild({ configFile: 'vite.config.ts', logLevel: 'warn' });
  await prerenderPages('dist/client', 'dist/pages');
  await compressClient('dist/client', 'dist/sourcemaps/client');
}
