// The background slideshow left running: a playlist of three generated images cycling every second
// on the landing page in headless Chromium for SOAK_MINUTES (default 10), sampled once a minute after
// a forced garbage collection. A slideshow that leaks shows it here as a JS heap, a DOM node count or
// an event listener count that climbs with every cycle instead of levelling off. Prints figures only.
import { chromium, type CDPSession, type Page } from '@playwright/test';
import sharp from 'sharp';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../chromium';
import { startServer } from '../server-process';
import { activatePlaylist, adminCall, BENCH_ADMIN_ENV, benchAdminHeaders } from './bench-admin';
import { fmt } from './stats';

const CYCLE_MS = 1000;
const TRANSITION_MS = 300;
const SAMPLE_EVERY_MS = 60_000;

interface Sample {
  minute: number;
  heapBytes: number;
  nodes: number;
  listeners: number;
  media: number;
  loads: number;
  shown: string;
}

const WIDTH = 1600;
const HEIGHT = 900;

/** A diagonal blend from one colour to another with grain, so each picture costs a real decode. */
function gradientPixels(from: number[], to: number[], seed: number): Buffer {
  const pixels = Buffer.alloc(WIDTH * HEIGHT * 3);
  let state = seed;
  for (let y = 0; y < HEIGHT; y++) {
    for (let x = 0; x < WIDTH; x++) {
      const t = (x / WIDTH + y / HEIGHT) / 2;
      state = (state * 1103515245 + 12345) >>> 0;
      const grain = ((state >>> 16) % 25) - 12;
      for (let c = 0; c < 3; c++) pixels[(y * WIDTH + x) * 3 + c] = Math.max(0, Math.min(255, from[c]! + (to[c]! - from[c]!) * t + grain));
    }
  }
  return pixels;
}

/** Three different pictures, in both formats the library takes most often. */
async function generatedImages(): Promise<Array<{ name: string; type: string; bytes: Buffer }>> {
  const blends = [
    [
      [20, 30, 90],
      [190, 120, 200],
    ],
    [
      [90, 20, 60],
      [240, 190, 120],
    ],
    [
      [10, 70, 80],
      [140, 220, 210],
    ],
  ];
  return Promise.all(
    blends.map(async ([from, to], i) => {
      const image = sharp(gradientPixels(from!, to!, i + 1), { raw: { width: WIDTH, height: HEIGHT, channels: 3 } });
      const png = i === 2;
      return {
        name: `soak-${i + 1}.${png ? 'png' : 'jpg'}`,
        type: png ? 'image/png' : 'image/jpeg',
        bytes: png ? await image.png().toBuffer() : await image.jpeg({ quality: 80 }).toBuffer(),
      };
    }),
  );
}

/** Uploads the images, puts them in a playlist and makes it the active one, cycling every second. */
async function configureShow(serverUrl: string): Promise<number> {
  const auth = await benchAdminHeaders(serverUrl);
  const form = new FormData();
  form.append('mediaType', 'image');
  for (const image of await generatedImages()) form.append('files', new Blob([new Uint8Array(image.bytes)], { type: image.type }), image.name);
  await adminCall(`${serverUrl}/api/media/upload`, { method: 'POST', headers: auth, body: form });
  const { files } = await adminCall<{ files: Array<{ path: string }> }>(`${serverUrl}/api/media/files/images`, { headers: auth });
  const items = files.map((file) => ({ type: 'image', url: `/media/${file.path}` }));
  await activatePlaylist(serverUrl, auth, items, { cycleTime: CYCLE_MS, transitionDuration: TRANSITION_MS });

  const pub = await adminCall<{ data: { slides: unknown[] } }>(`${serverUrl}/api/slider/public`, { headers: {} });
  if (pub.data.slides.length < 2) throw new Error(`the public slider data has ${pub.data.slides.length} slide(s); the soak needs at least two`);
  return pub.data.slides.length;
}

async function sample(page: Page, cdp: CDPSession, minute: number): Promise<Sample> {
  await cdp.send('HeapProfiler.collectGarbage');
  const { metrics } = await cdp.send('Performance.getMetrics');
  const metric = (name: string) => metrics.find((entry) => entry.name === name)?.value ?? NaN;
  const page_ = await page.evaluate(() => {
    const root = document.querySelector('.background-slider');
    const shown = root?.querySelector('.background-slider__layer--front.background-slider__layer--shown > *')?.getAttribute('src') ?? '(none)';
    return {
      media: root ? root.querySelectorAll('img, video').length : 0,
      loads: (window as unknown as { __soakLoads?: number }).__soakLoads ?? 0,
      shown: shown.replace(/^\/media\/image\//, '').replace(/\?.*$/, ''),
    };
  });
  return { minute, heapBytes: metric('JSHeapUsedSize'), nodes: metric('Nodes'), listeners: metric('JSEventListeners'), ...page_ };
}

export async function benchSliderSoak() {
  // `npm run bench` alone runs every section; ten minutes of this one only when asked for by name.
  if (!process.argv.slice(2).includes('slider-soak')) {
    console.log('\n## Slider soak: skipped (run `npm run bench -- slider-soak`, SOAK_MINUTES=1 for a short one)');
    return;
  }
  const minutes = Number(process.env.SOAK_MINUTES ?? 10);
  if (!(minutes > 0)) throw new Error(`SOAK_MINUTES must be a positive number, not ${process.env.SOAK_MINUTES}`);
  console.log(`\n## Slider soak (landing page in headless Chromium, ${CYCLE_MS} ms cycle, ${TRANSITION_MS} ms fade, ${minutes} min, sampled after GC)`);

  const server = await startServer({ env: BENCH_ADMIN_ENV });
  const browser = await chromium.launch({
    executablePath: CHROMIUM_PATH,
    args: [...CHROMIUM_ARGS, '--js-flags=--expose-gc'],
  });
  try {
    const slideCount = await configureShow(server.url);
    const page = await browser.newPage({ viewport: { width: 1280, height: 720 } });
    const problems: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'error' || message.type() === 'warning') problems.push(`${message.type()}: ${message.text()}`);
    });
    page.on('pageerror', (error) => problems.push(`pageerror: ${error.message}`));
    await page.goto(server.url, { waitUntil: 'load' });
    await page.waitForSelector('.background-slider[data-showing]', { timeout: 15_000 });
    // Counts the media elements the slideshow puts into its layers: one per slide loaded.
    await page.evaluate(() => {
      const w = window as unknown as { __soakLoads: number };
      w.__soakLoads = 0;
      new MutationObserver((records) => {
        for (const record of records) w.__soakLoads += record.addedNodes.length;
      }).observe(document.querySelector('.background-slider')!, { childList: true, subtree: true });
    });

    const cdp = await page.context().newCDPSession(page);
    await cdp.send('Performance.enable');
    const samples = [await sample(page, cdp, 0)];
    const started = performance.now();
    const totalMs = minutes * 60_000;
    for (let next = SAMPLE_EVERY_MS; ; next += SAMPLE_EVERY_MS) {
      const at = Math.min(next, totalMs);
      await page.waitForTimeout(Math.max(0, at - (performance.now() - started)));
      samples.push(await sample(page, cdp, at / 60_000));
      if (at >= totalMs) break;
    }

    console.log(`playlist: ${slideCount} generated images (${WIDTH}x${HEIGHT} JPEG/PNG)`);
    console.log('| minute | JS heap used (MB) | DOM nodes | JS event listeners | media elements | slides loaded | on screen |');
    console.log('|---:|---:|---:|---:|---:|---:|---|');
    for (const s of samples) {
      console.log(`| ${fmt(s.minute, 1)} | ${fmt(s.heapBytes / 2 ** 20, 2)} | ${s.nodes} | ${s.listeners} | ${s.media} | ${s.loads} | ${s.shown} |`);
    }
    const first = samples[0]!;
    const last = samples.at(-1)!;
    const perMinute = last.loads / minutes;
    console.log(
      `start → end: heap ${fmt(first.heapBytes / 2 ** 20, 2)} → ${fmt(last.heapBytes / 2 ** 20, 2)} MB (${fmt((last.heapBytes - first.heapBytes) / 1024, 0)} KB), ` +
        `nodes ${first.nodes} → ${last.nodes}, listeners ${first.listeners} → ${last.listeners}; ` +
        `${last.loads} slides loaded (${fmt(perMinute, 0)} a minute, ideal ${fmt(60_000 / CYCLE_MS, 0)})`,
    );
    console.log(`server RSS at the end: ${fmt(server.rssBytes() / 2 ** 20, 1)} MB`);
    console.log(problems.length === 0 ? 'page console: no errors or warnings' : `page console (${problems.length}):\n  ${problems.slice(0, 10).join('\n  ')}`);
  } finally {
    await browser.close();
    await server.stop();
  }
}
