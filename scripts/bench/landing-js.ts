// The JavaScript a visitor's browser loads for `/`: gzipped, and as the server sent it (brotli).
import { gzipSync } from 'node:zlib';
import { chromium } from '@playwright/test';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../chromium';
import { startServer } from '../server-process';
import { fmt } from './stats';

export async function benchLandingJs() {
  console.log('\n## JavaScript loaded for / (gzip -9 of each file, and as sent)');
  const server = await startServer();
  const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
  try {
    const page = await browser.newPage();
    const scripts: Array<Promise<{ url: string; raw: number; gzip: number; sent: number; encoding: string }>> = [];
    page.on('response', (response) => {
      if (response.request().resourceType() !== 'script') return;
      scripts.push(
        Promise.all([response.body(), response.request().sizes()]).then(([body, sizes]) => ({
          url: new URL(response.url()).pathname,
          raw: body.length,
          gzip: gzipSync(body, { level: 9 }).length,
          sent: sizes.responseBodySize,
          encoding: response.headers()['content-encoding'] ?? 'none',
        })),
      );
    });
    await page.goto(server.url, { waitUntil: 'networkidle' });
    const files = await Promise.all(scripts);
    for (const file of files) {
      console.log(`${file.url}: ${fmt(file.raw / 1024)} KB raw, ${fmt(file.gzip / 1024)} KB gzipped, ${fmt(file.sent / 1024)} KB sent (${file.encoding})`);
    }
    const total = (key: 'gzip' | 'sent') => fmt(files.reduce((sum, file) => sum + file[key], 0) / 1024);
    console.log(`total: ${total('gzip')} KB gzipped, ${total('sent')} KB sent, in ${files.length} files (goal <= 120 KB gzipped)`);
  } finally {
    await browser.close();
    await server.stop();
  }
}
