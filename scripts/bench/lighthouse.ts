// Lighthouse (mobile preset: a mid-range phone on a slow 4G link, simulated) on the four pages a
// new visitor meets first, against the production build served as an operator runs it.
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../chromium';
import { startServer } from '../server-process';
import { fmt } from './stats';

const PAGES = ['/', '/courses', '/login', '/join'];
const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'];

export async function benchLighthouse() {
  console.log('\n## Lighthouse, mobile preset (goals: performance >= 95, LCP <= 1.5 s, CLS 0, TBT <= 100 ms)');
  const server = await startServer();
  // Lighthouse drives its own headless Chromium, through chrome-launcher (it reads CHROME_PATH).
  const chrome = await chromeLauncher.launch({ chromePath: CHROMIUM_PATH, chromeFlags: ['--headless=new', ...CHROMIUM_ARGS] });
  try {
    console.log('page | performance | accessibility | best practices | SEO | LCP | CLS | TBT');
    for (const page of PAGES) {
      const result = await lighthouse(`${server.url}${page}`, { port: chrome.port, onlyCategories: CATEGORIES, logLevel: 'error', output: 'json' });
      if (!result) throw new Error(`Lighthouse gave no result for ${page}`);
      const { categories, audits, runtimeError } = result.lhr;
      if (runtimeError) throw new Error(`Lighthouse on ${page}: ${runtimeError.code} ${runtimeError.message}`);
      const score = (id: string) => Math.round((categories[id]?.score ?? 0) * 100);
      const value = (id: string) => audits[id]?.numericValue ?? Number.NaN;
      console.log(
        `${page} | ${CATEGORIES.map(score).join(' | ')} | ${fmt(value('largest-contentful-paint') / 1000)} s | ${fmt(value('cumulative-layout-shift'), 3)} | ${fmt(value('total-blocking-time'))} ms`,
      );
    }
  } finally {
    await chrome.kill();
    await server.stop();
  }
}
