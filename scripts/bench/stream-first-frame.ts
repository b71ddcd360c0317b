// Issue 34's first-frame figure: a lesson in Chromium on a slow connection (1.6 Mb/s down and up,
// 150 ms round trip, Chromium's own throttling through the DevTools protocol, cache off), played
// from its HLS master through hls.js as the member's player does, against the original file in a
// plain <video>. Measured in the page: from setting the source to the first frame painted
// (requestVideoFrameCallback), the media bytes received until then (the protocol's dataReceived
// events), and over the next PLAY_SECONDS the stalls ('waiting' after playing began).
import { createRequire } from 'node:module';
import { chromium, type Browser } from '@playwright/test';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../chromium';

const PLAY_SECONDS = 60;
const FIRST_FRAME_TIMEOUT_MS = 120_000;
export const SLOW_LINK = { latency: 150, bitsPerSecond: 1.6e6 };

export interface FirstFrame {
  /** Milliseconds from setting the source to the first frame; NaN when none came within the timeout. */
  firstFrameMs: number;
  /** Bytes received before the first frame. */
  bytesBefore: number;
  /** Times playback waited for data after it began, and for how long in all (ms). */
  stalls: number;
  stalledMs: number;
}

// Served at the site's own origin (a route Playwright answers), so the signed URLs are same-origin as in the lesson page.
const HARNESS = `<!doctype html><meta charset="utf-8"><title>first frame</title>
<video id="v" muted playsinline width="640" height="360"></video>
<script>
  window.measure = (kind, url, playMs) => new Promise((resolve) => {
    const video = document.getElementById('v');
    const result = { firstFrameMs: NaN, stalls: 0, stalledMs: 0 };
    let waitingSince;
    const start = performance.now();
    video.addEventListener('waiting', () => { if (!Number.isNaN(result.firstFrameMs)) { result.stalls++; waitingSince = performance.now(); } });
    video.addEventListener('playing', () => { if (waitingSince !== undefined) { result.stalledMs += performance.now() - waitingSince; waitingSince = undefined; } });
    video.requestVideoFrameCallback(() => {
      result.firstFrameMs = performance.now() - start;
      window.firstFrame();
      setTimeout(() => {
        if (waitingSince !== undefined) result.stalledMs += performance.now() - waitingSince;
        resolve(result);
      }, playMs);
    });
    if (kind === 'hls') {
      const hls = new Hls();
      hls.loadSource(url);
      hls.attachMedia(video);
    } else {
      video.src = url;
    }
    video.play().catch(() => {});
  });
</script>`;

export async function launchBenchChromium(): Promise<Browser> {
  return chromium.launch({ executablePath: CHROMIUM_PATH, args: [...CHROMIUM_ARGS, '--autoplay-policy=no-user-gesture-required'] });
}

/** Plays `url` (an HLS master through hls.js, or the original file) in a fresh page on the slow link. */
export async function firstFrame(browser: Browser, origin: string, kind: 'hls' | 'original', url: string): Promise<FirstFrame> {
  const context = await browser.newContext();
  try {
    const page = await context.newPage();
    const harness = `${origin}/__bench-first-frame`;
    await page.route(harness, (route) => route.fulfill({ contentType: 'text/html', body: HARNESS }));
    await page.goto(harness);
    if (kind === 'hls') await page.addScriptTag({ path: createRequire(import.meta.url).resolve('hls.js/dist/hls.min.js') });
    const cdp = await context.newCDPSession(page);
    await cdp.send('Network.enable');
    await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
    const bytesPerSecond = SLOW_LINK.bitsPerSecond / 8;
    await cdp.send('Network.emulateNetworkConditions', {
      offline: false,
      latency: SLOW_LINK.latency,
      downloadThroughput: bytesPerSecond,
      uploadThroughput: bytesPerSecond,
    });
    let bytes = 0;
    let counting = true;
    cdp.on('Network.dataReceived', (event) => {
      if (counting) bytes += event.dataLength;
    });
    await page.exposeFunction('firstFrame', () => (counting = false));
    const measured = await Promise.race([
      page.evaluate(([k, u, ms]) => (window as unknown as { measure(...a: unknown[]): Promise<Omit<FirstFrame, 'bytesBefore'>> }).measure(k, u, ms), [
        kind,
        url,
        PLAY_SECONDS * 1000,
      ] as const),
      new Promise<undefined>((resolve) => setTimeout(resolve, FIRST_FRAME_TIMEOUT_MS + PLAY_SECONDS * 1000)),
    ]);
    return measured ? { ...measured, bytesBefore: bytes } : { firstFrameMs: NaN, bytesBefore: bytes, stalls: NaN, stalledMs: NaN };
  } finally {
    await context.close();
  }
}

export { PLAY_SECONDS };
