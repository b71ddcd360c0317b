// Spec §1 and §2: what a visitor sees on the landing, course, terms and unknown pages.
import { expect, test } from './fixtures';

const MODULES = [
  'Beyond Newton',
  'The Observer Is The Operator',
  'The Science of Resonance & Frequency',
  "Superposition: The Power of 'And'",
  'Collapsing the Wave',
  'Entanglement, Synchronicity, and the Relational Field',
  'Individuation & The Integration of Shadow',
  'Crafting Timelines',
  'The Quantum Body',
  'Living in Sovereignty: Embodiment and Service',
];

test('the landing page shows the concept cards and links to sign in and to the courses', async ({ page }) => {
  await page.goto('/');
  for (const card of ['The Quantum Self', 'The Field of Possibility', 'True Sovereignty']) {
    await expect(page.getByRole('heading', { name: card })).toBeVisible();
  }
  await expect(page.getByRole('link', { name: 'Begin Your Journey' })).toHaveAttribute('href', '/courses');
  await expect(page.getByRole('link', { name: 'Explore the Courses' })).toHaveAttribute('href', '/courses');
  await expect(page.getByRole('contentinfo')).toHaveText('2025 All Rights Reserved');

  await page.getByRole('link', { name: 'Sign In', exact: true }).click();
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByRole('heading', { name: 'Sign In' })).toBeVisible();
});

test('the course page presents both tiers and the ten modules, with no price', async ({ page }) => {
  await page.goto('/');
  await page.getByRole('link', { name: 'Begin Your Journey' }).click();
  await expect(page).toHaveURL(/\/courses$/);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Illuminate Your Path' })).toHaveAttribute('href', '/join');

  await expect(page.getByRole('heading', { name: 'The Explorer' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'The Architect' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Join for Free' })).toHaveAttribute('href', '/join');
  await expect(page.getByRole('link', { name: 'Become an Architect' })).toHaveAttribute('href', '/join');

  const modules = page.getByRole('list', { name: 'The ten modules' }).getByRole('heading');
  await expect(modules).toHaveText(MODULES);
  await expect(page.locator('body')).not.toContainText(/[$€£]\s?\d|\bprice\b|per month/i);

  // The in-page anchor leads to the tiers section.
  const anchor = page.locator('a[href="#tiers"]');
  await expect(anchor).toBeVisible();
  await anchor.click();
  await expect(page).toHaveURL(/#tiers$/);
  await expect(page.locator('#tiers')).toBeInViewport();

  await page.getByRole('link', { name: 'Illuminate Your Path' }).click();
  await expect(page.getByRole('heading', { name: 'Create Your Account' })).toBeVisible();
});

test('the terms of service are readable and linked from the registration page', async ({ page }) => {
  await page.goto('/join');
  await page.getByRole('link', { name: 'Terms of Service' }).click();
  await expect(page).toHaveURL(/\/terms$/);
  await expect(page.getByRole('heading', { name: 'Terms of Service', level: 1 })).toBeVisible();
  expect((await page.locator('main').innerText()).length).toBeGreaterThan(1500);
});

test('an unknown address shows a friendly page with a way home', async ({ page }) => {
  await page.goto('/no/such/page');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('This page has drifted out of orbit');
  await page.getByRole('link', { name: 'Return home' }).click();
  await expect(page).toHaveURL(/\/$/);
});

test('a visitor page loads no admin code and breaks no content security rule', async ({ page }) => {
  const scripts: string[] = [];
  const problems: string[] = [];
  page.on('request', (request) => {
    if (request.resourceType() === 'script') scripts.push(request.url());
  });
  page.on('console', (message) => {
    if (message.type() === 'error') problems.push(message.text());
  });
  await page.goto('/');
  await expect(page.getByRole('heading', { name: 'True Sovereignty' })).toBeVisible();
  expect(scripts.some((url) => /admin/i.test(url))).toBe(false);
  expect(problems).toEqual([]);
});
