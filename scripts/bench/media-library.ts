// Issue 4's library figures: a library of 10,000 files (6,000 images, 3,000 videos, 1,000 audio
// in 100 sub-folders each), scanned and listed over REST, each p95 beside `find` over the same tree.
// The first scan also starts the thumbnails of 6,000 images in the background; its time is shown.
import { spawnSync } from 'node:child_process';
import { mkdirSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { startServer, tempDataDir } from '../server-process';
import { BENCH_ADMIN_ENV, benchAdminHeaders } from './bench-admin';
import { fmt, p95OfRuns } from './stats';

const SAMPLES = 100;
const COUNTS = { image: 6000, video: 3000, audio: 1000 } as const;
const FOLDERS = 100;
/** The admin grids' page (client/src/lib/use-library-pages.ts). */
const PAGE = 200;

async function buildLibrary(base: string) {
  const contents = {
    image: await sharp({ create: { width: 48, height: 32, channels: 3, background: '#446' } })
      .png()
      .toBuffer(),
    video: Buffer.concat([Buffer.from('00000018', 'hex'), Buffer.from('ftypisom'), Buffer.alloc(100)]),
    audio: Buffer.concat([Buffer.from('ID3'), Buffer.alloc(100)]),
  };
  const extension = { image: 'png', video: 'mp4', audio: 'mp3' };
  for (const category of ['image', 'video', 'audio'] as const) {
    for (let i = 0; i < COUNTS[category]; i++) {
      const folder = path.join(base, category, `set-${i % FOLDERS}`);
      if (i < FOLDERS) mkdirSync(folder, { recursive: true });
      writeFileSync(path.join(folder, `${category}-${i}.${extension[category]}`), contents[category]);
    }
  }
}

function countFiles(folder: string): number {
  try {
    return readdirSync(folder, { recursive: true }).filter((name) => String(name).endsWith('.webp')).length;
  } catch {
    return 0;
  }
}

export async function benchMediaLibrary() {
  const total = COUNTS.image + COUNTS.video + COUNTS.audio;
  console.log(`\n## Media library of ${total.toLocaleString('en')} files (targets: scan and list p95 <= 150 ms; ratio to find)`);
  const dataDir = tempDataDir();
  const base = path.join(dataDir, 'media');
  await buildLibrary(base);
  const server = await startServer({ env: BENCH_ADMIN_ENV, dataDir });
  try {
    const headers = await benchAdminHeaders(server.url);
    const post = (url: string) => fetch(`${server.url}${url}`, { method: 'POST', headers: { ...headers, 'content-type': 'application/json' }, body: '{}' });
    const get = (url: string) => fetch(`${server.url}${url}`, { headers });

    const firstScan = await (await post('/api/media/scan-files')).json();
    console.log(`first scan: ${JSON.stringify(firstScan.discoveries)}`);
    const thumbnailsStarted = performance.now();
    const thumbnailRoot = path.join(dataDir, 'thumbnails');
    while (countFiles(thumbnailRoot) < COUNTS.image && performance.now() - thumbnailsStarted < 600_000) {
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
    console.log(`thumbnails of ${countFiles(thumbnailRoot)} images made in the background in ${fmt((performance.now() - thumbnailsStarted) / 1000)} s`);

    const find = await p95OfRuns(SAMPLES, () => spawnSync('find', [base, '-type', 'f', '-printf', '%s %p\n'], { maxBuffer: 64 * 2 ** 20 }));
    const scan = await p95OfRuns(SAMPLES, async () => (await post('/api/media/scan-files')).arrayBuffer());
    const listAll = await p95OfRuns(SAMPLES, async () => (await get('/api/media/files')).arrayBuffer());
    const listImages = await p95OfRuns(SAMPLES, async () => (await get('/api/media/files/images')).arrayBuffer());
    const firstPage = await p95OfRuns(SAMPLES, async () => (await get(`/api/media/files/images?limit=${PAGE}`)).arrayBuffer());
    const lastPage = await p95OfRuns(SAMPLES, async () => (await get(`/api/media/files/images?limit=${PAGE}&cursor=image/set-99`)).arrayBuffer());
    console.log(`p95 of ${SAMPLES}: find -printf size+path ${fmt(find, 1)} ms`);
    console.log(`  scan          ${fmt(scan, 1).padStart(6)} ms   ratio to find ${fmt(scan / find, 2)}`);
    console.log(`  list all      ${fmt(listAll, 1).padStart(6)} ms   ratio to find ${fmt(listAll / find, 2)}`);
    console.log(`  list images   ${fmt(listImages, 1).padStart(6)} ms`);
    console.log(`  a page of ${PAGE} images, first / last ${fmt(firstPage, 1)} / ${fmt(lastPage, 1)} ms   ratio to find ${fmt(firstPage / find, 2)}`);
    console.log(`server RSS after the run: ${fmt(server.rssBytes() / 2 ** 20)} MiB`);
  } finally {
    await server.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

/**
 * 100,000 files stay usable: the grids read them a page at a time. Audio files, so that no
 * thumbnail work runs beside the measurement; the whole listing is shown for comparison.
 */
export async function benchLargeMediaLibrary() {
  const total = 100_000;
  console.log(`\n## Media library of ${total.toLocaleString('en')} files, a page at a time (target: a page well under 150 ms)`);
  const dataDir = tempDataDir();
  const base = path.join(dataDir, 'media');
  const content = Buffer.concat([Buffer.from('ID3'), Buffer.alloc(100)]);
  for (let i = 0; i < total; i++) {
    const folder = path.join(base, 'audio', `set-${i % FOLDERS}`);
    if (i < FOLDERS) mkdirSync(folder, { recursive: true });
    writeFileSync(path.join(folder, `audio-${i}.mp3`), content);
  }
  const server = await startServer({ env: BENCH_ADMIN_ENV, dataDir });
  try {
    const headers = await benchAdminHeaders(server.url);
    const get = (url: string) => fetch(`${server.url}${url}`, { headers });
    const runs = 20;
    const find = await p95OfRuns(runs, () => spawnSync('find', [base, '-type', 'f', '-printf', '%s %p\n'], { maxBuffer: 64 * 2 ** 20 }));
    const firstPage = await p95OfRuns(runs, async () => (await get(`/api/media/files?limit=${PAGE}`)).arrayBuffer());
    const lastPage = await p95OfRuns(runs, async () => (await get(`/api/media/files?limit=${PAGE}&cursor=audio/set-99/audio-99799.mp3`)).arrayBuffer());
    const whole = await p95OfRuns(runs, async () => (await get('/api/media/files')).arrayBuffer());
    console.log(`p95 of ${runs}: find -printf size+path ${fmt(find, 1)} ms`);
    console.log(`  a page of ${PAGE}, first / last ${fmt(firstPage, 1)} / ${fmt(lastPage, 1)} ms   ratio to find ${fmt(firstPage / find, 2)}`);
    console.log(`  the whole list ${fmt(whole, 1)} ms   ratio to find ${fmt(whole / find, 2)}`);
  } finally {
    await server.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}
