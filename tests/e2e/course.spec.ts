// Issue 26, slice 1: the course outline on /courses (its text in the HTML before any script), a
// lesson an admin adds through the API, seen locked by an Explorer with the reason in words, and
// its free preview opened, rendered as the server rendered it, with Previous and Next; at 1280 and
// 360 px wide.
import type { APIRequestContext } from '@playwright/test';
import { publishedModule } from './course-api';
import { expect, test, uniqueEmail, type Site } from './fixtures';
import { signIn, watchConsole } from './page-helpers';
import { SPEC_MODULE_TITLES } from '../support/spec-module-titles';

/** A published module, last, with a free preview and a lesson for Architects, made through the admin's REST calls. */
async function addModule(request: APIRequestContext, site: Site) {
  const { title, lesson, remove } = await publishedModule(request, site);
  const preview = await lesson({
    title: `${title} preview`,
    freePreview: true,
    body: '## A first look\n\nRead **this** with [the guide](https://example.com/guide).\n\n<script>window.ran = true</script>\n\n[bad](javascript:window.ran=true)',
  });
  const paid = await lesson({ title: `${title} deeper`, body: 'For Architects only.' });
  return { title, preview, paid, remove };
}

test('the courses page paints the ten modules of the spec before any script runs', async ({ browser, site }) => {
  const context = await browser.newContext({ baseURL: site.url, javaScriptEnabled: false });
  const page = await context.newPage();
  await page.goto('/courses');
  const titles = page.getByRole('list', { name: 'The ten modules' }).getByRole('heading', { level: 3 });
  await expect(titles).toHaveText(SPEC_MODULE_TITLES);
  await context.close();
});

test('once an admin changes the course, the courses page arrives with it in the HTML and comes alive in place', async ({ browser, page, request, site }) => {
  const { title, remove } = await addModule(request, site);
  const html = async () => (await request.get('/courses')).text();
  try {
    // The server renders the page again after the change: the new module, its lessons and the count, before any script.
    await expect.poll(html).toContain(`${title} preview`);
    expect(await html()).toContain('The eleven modules');
    // The page rendered again goes out compressed like the build's (decision 044).
    expect((await request.get('/courses', { headers: { 'accept-encoding': 'br, gzip' } })).headers()['content-encoding']).toBe('gzip');
    const noScript = await browser.newContext({ baseURL: site.url, javaScriptEnabled: false });
    const bare = await noScript.newPage();
    await bare.goto('/courses');
    await expect(bare.getByRole('list', { name: `Lessons of ${title}` }).getByRole('listitem')).toHaveCount(2);
    await expect(bare.getByRole('list', { name: 'The eleven modules' }).getByRole('heading', { level: 3 }).last()).toHaveText(title);
    await noScript.close();

    // React takes that HTML over as it is: the same list element, and no hydration error in the console.
    const problems = watchConsole(page);
    await page.addInitScript(() => {
      const seen = window as unknown as { serverList?: Element | null };
      new MutationObserver(() => (seen.serverList ??= document.querySelector('.module-list'))).observe(document, { childList: true, subtree: true });
    });
    await page.goto('/courses');
    await page.waitForLoadState('networkidle');
    await expect(page.getByRole('list', { name: `Lessons of ${title}` }).getByRole('listitem')).toHaveCount(2);
    expect(await page.evaluate(() => (window as unknown as { serverList?: Element }).serverList === document.querySelector('.module-list'))).toBe(true);
    expect(problems).toEqual([]);
  } finally {
    await remove();
  }
  // Back to the ten modules of the spec: the build's own page again.
  await expect.poll(html).not.toContain(title);
  expect(await html()).toContain('The ten modules');
});

for (const width of [1280, 360]) {
  test(`at ${width} px an Explorer sees a new lesson locked for Architects and opens its free preview`, async ({ page, request, site }) => {
    await page.setViewportSize({ width, height: 800 });
    const problems = watchConsole(page);
    const { title, preview, paid, remove } = await addModule(request, site);
    try {
      // A visitor: both lessons listed, both asking to sign in.
      await page.goto('/courses');
      const lessons = page.getByRole('list', { name: `Lessons of ${title}` });
      await expect(lessons.getByRole('listitem')).toHaveCount(2);
      await expect(lessons.getByRole('listitem').first()).toContainText('Sign in');

      const email = uniqueEmail('explorer');
      expect((await request.post('/api/auth/register', { data: { name: 'Eve Explorer', email, password: 'explorer password' } })).status()).toBe(201);
      await signIn(page, email, 'explorer password');
      await expect(page).toHaveURL(/\/dashboard$/);

      await page.goto('/courses');
      const deeper = lessons.getByRole('listitem').filter({ hasText: `${title} deeper` });
      await expect(deeper).toContainText('For Architects');
      await expect(deeper.getByRole('link', { name: 'Upgrade' })).toHaveAttribute('href', '/courses#tiers');
      await expect(deeper.getByRole('link', { name: `${title} deeper` })).toHaveCount(0);

      // The dashboard shows the same outline.
      await page.goto('/dashboard');
      await expect(
        page
          .getByRole('list', { name: `Lessons of ${title}` })
          .getByRole('listitem')
          .filter({ hasText: `${title} deeper` }),
      ).toContainText('For Architects');
      await page.getByRole('link', { name: `${title} preview` }).click();

      await expect(page).toHaveURL(new RegExp(`/course/${preview}$`));
      await expect(page.getByRole('heading', { name: `${title} preview`, level: 1 })).toBeVisible();
      await expect(page.getByRole('heading', { name: 'A first look', level: 2 })).toBeVisible();
      await expect(page.getByRole('link', { name: 'the guide' })).toHaveAttribute('href', 'https://example.com/guide');
      // The script in the body is text, and the javascript: link is gone, its text left.
      await expect(page.locator('.lesson-body')).toContainText('<script>window.ran = true</script>');
      await expect(page.locator('.lesson-body').getByRole('link', { name: 'bad' })).toHaveCount(0);
      expect(await page.evaluate(() => (window as unknown as { ran?: boolean }).ran)).toBeUndefined();
      // Next: the deeper lesson after it is locked, and its module is the last, so there is none.
      const steps = page.getByRole('navigation', { name: 'Lessons' });
      await expect(steps.getByRole('link', { name: 'The course' })).toBeVisible();
      await expect(steps.getByRole('link', { name: /Next/ })).toHaveCount(0);

      // The locked lesson, opened by its address, says why.
      await page.goto(`/course/${paid}`);
      await expect(page.getByText('This lesson is for Architects')).toBeVisible();
      await expect(page.getByRole('link', { name: 'Become an Architect' })).toBeVisible();

      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
      expect(problems).toEqual([]);
    } finally {
      await remove();
    }
  });
}
