// CONTRACT §3 "Operators": GET /api/docs shows the API reference in Swagger UI under the site's
// page policy, and its "Try it out" calls the API on the same origin. Swagger UI's operations are
// found by the ids it makes from each operationId (#operations-{tag}-{operationId}).
import type { Locator, Page } from '@playwright/test';
import { expect, test, type Site } from './fixtures';
import { watchConsole } from './page-helpers';

// Swagger UI's first render of the whole document, seen to take more than the 7 s of a step (decision 063).
const FIRST_RENDER_MS = 30_000;

/** Opens an operation, tries it out, and returns its live answer's status and body. */
async function tryOut(page: Page, id: string): Promise<{ status: Locator; body: Locator }> {
  const operation = page.locator(`#${id}`);
  await operation.getByRole('button', { expanded: false }).first().click();
  await operation.getByRole('button', { name: 'Try it out' }).click();
  await operation.getByRole('button', { name: 'Execute' }).click();
  const answer = operation.locator('.live-responses-table tbody');
  return { status: answer.locator('.response-col_status').first(), body: answer.locator('.microlight').first() };
}

/** Gives the page's Authorize dialog a token of the site's admin. */
async function authorize(page: Page, site: Site) {
  const login = await page.request.post('/api/auth/login', { data: { email: site.admin.email, password: site.admin.password } });
  const { token } = (await login.json()) as { token: string };
  await page.getByRole('button', { name: 'Authorize' }).first().click();
  await page.getByRole('textbox', { name: 'auth-bearer-value' }).fill(token);
  await page.getByRole('button', { name: 'Apply credentials' }).click();
  await page.getByRole('button', { name: 'Close', exact: true }).click();
}

test('the API reference shows every section of the document, and Try it out answers from this site', async ({ page, site }) => {
  // Swagger UI is 1.7 MB of script that renders the whole document: seconds of work on a busy machine.
  test.setTimeout(90_000);
  const problems = watchConsole(page);
  await page.goto('/api/docs');
  await expect(page).toHaveTitle('API reference · Quantum Path');
  await expect(page.getByRole('heading', { name: /Quantum Path API/ })).toBeVisible({ timeout: FIRST_RENDER_MS });
  for (const section of ['Auth', 'Users', 'Media', 'Slider', 'Playlists', 'Reference']) {
    await expect(page.getByRole('heading', { name: section, exact: false }).first()).toBeVisible();
  }

  const slides = await tryOut(page, 'operations-Slider-getSliderPublic');
  await expect(slides.status).toHaveText('200');
  await expect(slides.body).toContainText('"success": true');

  await authorize(page, site);
  const stats = await tryOut(page, 'operations-Users-getAdminStats');
  await expect(stats.status).toHaveText('200');
  await expect(stats.body).toContainText('"totalUsers"');
  // The page's policy let nothing through that it should not have: a refused script or style is a console error.
  expect(problems).toEqual([]);
});

test("the reference shows this site's document only: a url in the address does not load another", async ({ page }) => {
  test.setTimeout(90_000);
  const problems = watchConsole(page);
  const requested: string[] = [];
  page.on('request', (request) => requested.push(new URL(request.url()).pathname));
  // Swagger UI can take its document's address from the query; a link like this one must not make
  // the site's origin show a document (and its links) written by someone else.
  await page.goto('/api/docs?url=/api/slider/public&configUrl=/api/slider/public');
  await expect(page.getByRole('heading', { name: /Quantum Path API/ })).toBeVisible({ timeout: FIRST_RENDER_MS });
  expect(requested).not.toContain('/api/slider/public');
  expect(problems).toEqual([]);
});
