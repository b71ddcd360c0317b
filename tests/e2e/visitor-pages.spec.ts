// Spec §1 and §2: what a visitor sees on the landing, course, terms and unknown pages.
import { expect, test } from './fixtures';
import { watchConsole } from './page-helpers';
import { SPEC_MODULE_TITLES } from '../support/spec-module-titles';

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
  await expect(modules).toHaveText(SPEC_MODULE_TITLES);
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

test('a visitor page loads its code in one file beside the bundler runtime, no admin code, and breaks no content security rule', async ({ page }) => {
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
  // hls.js is the lesson player's lazy chunk alone (decision 048): never a visitor's download.
  expect(scripts.some((url) => /hls/i.test(url))).toBe(false);
  // One file more on the critical path is a request and a compression window more for every visitor
  // (the bundler has split shared code out of the entry before: client/src/pages/course-outline.tsx).
  expect(scripts.filter((url) => !/\/assets\/rolldown-runtime-[\w-]+\.js$/.test(url))).toHaveLength(1);
  expect(problems).toEqual([]);
});

test('the visitor pages arrive with their text in the HTML, then come alive in place without an error', async ({ page, request }) => {
  const pages = [
    { path: '/', heading: 'You are the observer, and the author, of your reality', title: 'Quantum Path' },
    { path: '/courses', heading: 'Become the conscious creator of your life', title: 'Courses · Quantum Path' },
    { path: '/login', heading: 'Sign In', title: 'Sign In · Quantum Path' },
    { path: '/join', heading: 'Create Your Account', title: 'Create Your Account · Quantum Path' },
    { path: '/forgot-password', heading: 'Reset Password', title: 'Reset Password · Quantum Path' },
    { path: '/terms', heading: 'Terms of Service', title: 'Terms of Service · Quantum Path' },
  ];
  for (const { path, heading, title } of pages) {
    // As a crawler or a browser before any script has run sees it.
    const html = await (await request.get(path)).text();
    expect(html, path).toContain(heading);
    expect(html, path).toContain(`<title>${title}</title>`);
    expect(html, path).not.toMatch(/style="/);
  }

  const problems = watchConsole(page);
  // The heading the parser made from the server's HTML, caught before any script runs.
  await page.addInitScript(() => {
    const seen = window as unknown as { serverHeading?: Element | null };
    new MutationObserver(() => (seen.serverHeading ??= document.querySelector('h1'))).observe(document, { childList: true, subtree: true });
  });
  for (const { path, heading, title } of pages) {
    await page.goto(path);
    await expect(page).toHaveTitle(title);
    await expect(page.getByRole('heading', { level: 1 })).toContainText(heading);
    // React took the server's elements over (hydration) instead of drawing the page again.
    await page.waitForLoadState('networkidle');
    expect(await page.evaluate(() => (window as unknown as { serverHeading?: Element }).serverHeading === document.querySelector('h1')), path).toBe(true);
  }
  await page.goto('/login');
  await page.getByLabel('Email').fill('nobody@example.com');
  await page.getByLabel('Password', { exact: true }).fill('not the password');
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expect(page.getByText('Invalid email or password')).toBeVisible();
  expect(problems).toEqual([]);
});

test('a sign-in typed while React is still taking the page over reaches the form whole', async ({ page }) => {
  // React takes the page over in slices (main.tsx, decision 038); a slow phone stretches them out.
  // The script has run by DOMContentLoaded, so from there on the page must not act as bare HTML
  // (a native POST) nor lose what is typed into it.
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 6 });
  try {
    await page.goto('/login', { waitUntil: 'domcontentloaded' });
    await page.getByLabel('Email').fill('quick-typist@example.com');
    await page.getByLabel('Password', { exact: true }).fill('not the password');
    await page.getByRole('button', { name: 'Sign In' }).click();
    await expect(page.getByText('Invalid email or password')).toBeVisible();
    expect(new URL(page.url()).pathname).toBe('/login');
  } finally {
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 1 });
  }
});

test('a sign-in sent before the script took over keeps the password out of the URL and the log, and comes back to the page', async ({ browser, site }) => {
  // No script at all: what a visitor on a slow line gets when they press Enter before it arrives.
  const context = await browser.newContext({ baseURL: site.url, javaScriptEnabled: false });
  const page = await context.newPage();
  try {
    await page.goto('/login');
    await page.getByLabel('Email').fill('early@example.com');
    await page.getByLabel('Password', { exact: true }).fill('early-bird-password');
    await page.getByLabel('Password', { exact: true }).press('Enter');
    await page.waitForURL('**/login');
    expect(new URL(page.url()).search).toBe('');
    await expect(page.getByRole('heading', { level: 1, name: 'Sign In' })).toBeVisible();
    expect(site.output.join('')).not.toContain('early-bird-password');
  } finally {
    await context.close();
  }
});
