// After the client build: brotli and gzip copies of every compressible file, served by
// @fastify/static's preCompressed option to browsers that ask for them (server/http/client.ts), and
// the source maps moved out of what is served (dist/sourcemaps keeps them for reading stack traces).
import { mkdir, readdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';

const COMPRESSIBLE = /\.(js|css|svg|json|txt|webmanifest)$/;
// Below this a compressed copy saves less than the headers it costs.
const MIN_BYTES = 1024;
const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

async function* filesUnder(dir) {
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    const file = path.join(dir, entry.name);
    if (entry.isDirectory()) yield* filesUnder(file);
    else yield file;
  }
}

export async function compressClient(clientDir, mapsDir) {
  // The maps of this build only: Vite empties clientDir, and the maps of earlier builds, with their
  // hashed names, would otherwise pile up here.
  await rm(mapsDir, { recursive: true, force: true });
  const jobs = [];
  for await (const file of filesUnder(clientDir)) {
    if (file.endsWith('.map')) {
      const target = path.join(mapsDir, path.relative(clientDir, file));
      jobs.push(mkdir(path.dirname(target), { recursive: true }).then(() => rename(file, target)));
      continue;
    }
    if (!COMPRESSIBLE.test(file)) continue;
    jobs.push(
      readFile(file).then(async (content) => {
        if (content.length < MIN_BYTES) return;
        const [br, gz] = await Promise.all([
          brotli(content, { params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT } }),
          gzipAsync(content, { level: 9 }),
        ]);
        await Promise.all([writeFile(`${file}.br`, br), writeFile(`${file}.gz`, gz)]);
      }),
    );
  }
  await Promise.all(jobs);
}
