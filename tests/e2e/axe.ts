// axe-core (the accessibility engine Lighthouse runs; a dev dependency) over the page or a part of it:
// its violations, each named with the elements at fault, so a failure says what to fix. The
// engine goes in through the DevTools protocol (page.evaluate), not a <script> tag, which the
// site's CSP would rightly refuse.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { Page } from '@playwright/test';

const axeSource = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

interface AxeViolation {
  id: string;
  impact: string | null;
  help: string;
  nodes: Array<{ target: string[] }>;
}

/** The WCAG 2.x A and AA violations inside `selector` (the whole page by default), as "rule (impact): help at targets" lines. */
export async function axeViolations(page: Page, selector = 'html'): Promise<string[]> {
  await settledTransitions(page);
  await page.evaluate(axeSource);
  const violations = await page.evaluate(
    async (include) =>
      (
        await (window as unknown as { axe: { run: (context: unknown, options: unknown) => Promise<{ violations: AxeViolation[] }> } }).axe.run(
          { include: [include] },
          { runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'] } },
        )
      ).violations,
    selector,
  );
  return violations.map((v) => `${v.id} (${v.impact}): ${v.help} at ${v.nodes.map((node) => node.target.join(' ')).join(', ')}`);
}

/**
 * Waits for the page's finite CSS transitions and animations to end. axe measures colours as they are
 * drawn at that instant: a button that has just turned from primary to secondary is, for 0.2 s, dark
 * text on a dark ground, a contrast failure no one ever sees at rest. Endless animations (a spinner)
 * are left running.
 */
async function settledTransitions(page: Page): Promise<void> {
  await page.evaluate(async () => {
    const finite = document.getAnimations().filter((animation) => animation.effect?.getComputedTiming().endTime !== Infinity);
    await Promise.all(finite.map((animation) => animation.finished.catch(() => undefined)));
  });
}
