// Lighthouse (mobile preset: a mid-range phone on a slow 4G link, simulated) on the four pages a
// new visitor meets first, against the production build served as an operator runs it.
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../chromium';
import { startServer } from '../server-process';
import { fmt } from './stats';

const PAGES = ['/', '/courses', '/login', '/join'];
const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'];

// Lighthouse itself sometimes loses the trace of a load (NO_NAVSTART, NO_FCP) and says to run it again.
const ATTEMPTS = 3;

async function audit(url: string, port: number) {
  for (let attempt = 1; ; attempt++) {
    const result = await lighthouse(url, { port, onlyCategories: CATEGORIES, logLevel: 'error', output: 'json' });
    const error = result ? result.lhr.runtimeError : { code: 'NO_RESULT', message: 'Lighthouse gave no result' };
    if (!error) return result!.lhr;
    if (attempt === ATTEMPTS) throw new Error(`Lighthouse on ${url}: ${error.code} ${error.message}`);
  }
}

export async function benchLighthouse() {
  console.log('\n## Lighthouse, mobile preset (goals: performance >= 95, LCP <= 1.5 s, CLS 0, TBT <= 100 ms)');
  const server = await startServer();
  // Lighthouse drives its own headless Chromium, through chrome-launcher (it reads CHROME_PATH).
  const chrome = await chromeLauncher.launch({ chromePath: CHROMIUM_PATH, chromeFlags: ['--headless=new', ...CHROMIUM_ARGS] });
  try {
    console.log('page | performance | accessibility | best practices | SEO | LCP | CLS | TBT');
    for (const page of PAGES) {
      const { categories, audits } = await audit(`${server.url}${page}`, chrome.port);
      const score = (id: string) => Math.round((categories[id]?.score ?? 0) * 100);
      const value = (id: string) => audits[id]?.numericValue ?? Number.NaN;
      console.log(
        `${page} | ${CATEGORIES.map(score).join(' | ')} | ${fmt(value('largest-contentful-paint') / 1000)} s | ${fmt(value('cumulative-layout-shift'), 3)} | ${fmt(value('total-blocking-time'))} ms`,
      );
    }
  } finally {
    chrome.kill();
    await server.stop();
  }
}
