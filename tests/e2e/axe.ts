// axe-core's accessibility rules run in the page under test. The project has no @axe-core/playwright;
// axe-core itself comes with lighthouse (a dev dependency), and its one script is all this needs.
// It goes in through the DevTools protocol (page.evaluate), past the page's CSP, as a tool would.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { Page } from '@playwright/test';

const AXE_SOURCE = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

interface AxeResults {
  violations: Array<{ id: string; help: string; nodes: Array<{ target: string[] }> }>;
}

/** Each violation of the WCAG 2.x A and AA rules on the page as it is now, as "rule: help (where)". */
export async function axeViolations(page: Page): Promise<string[]> {
  await page.evaluate(AXE_SOURCE);
  const results = await page.evaluate(() =>
    (window as unknown as { axe: { run(context: Document, options: object): Promise<AxeResults> } }).axe.run(document, {
      runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'] },
      resultTypes: ['violations'],
    }),
  );
  return results.violations.map((violation) => `${violation.id}: ${violation.help} (${violation.nodes.map((node) => node.target.join(' ')).join(', ')})`);
}
