// The JavaScript a visitor's browser loads for `/`, gzipped (target <= 170 KB).
import { gzipSync } from 'node:zlib';
import { chromium } from '@playwright/test';
import { startServer } from '../server-process';
import { fmt } from './stats';

export async function benchLandingJs() {
  console.log('\n## JavaScript loaded for / (gzip -9 of each file)');
  const server = await startServer();
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
  });
  try {
    const page = await browser.newPage();
    const scripts: Array<Promise<{ url: string; raw: number; gzip: number }>> = [];
    page.on('response', (response) => {
      if (response.request().resourceType() !== 'script') return;
      scripts.push(response.body().then((body) => ({ url: new URL(response.url()).pathname, raw: body.length, gzip: gzipSync(body, { level: 9 }).length })));
    });
    await page.goto(server.url, { waitUntil: 'networkidle' });
    const files = await Promise.all(scripts);
    for (const file of files) console.log(`${file.url}: ${fmt(file.raw / 1024)} KB raw, ${fmt(file.gzip / 1024)} KB gzipped`);
    const total = files.reduce((sum, file) => sum + file.gzip, 0);
    console.log(`total: ${fmt(total / 1024)} KB gzipped in ${files.length} files (target <= 170 KB)`);
  } finally {
    await browser.close();
    await server.stop();
  }
}
