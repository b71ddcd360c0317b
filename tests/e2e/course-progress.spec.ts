// Issue 26, slice 3: an Architect's progress on the dashboard (percent, each module's count,
// Continue), the search box, Mark complete / Mark incomplete on a lesson, and the certificate
// earned with the last lesson: its public page, printed on one A4 and one Letter sheet; axe finds
// nothing on the dashboard, the lesson or the certificate; at 1280 and 360 px wide.
import type { APIRequestContext } from '@playwright/test';
import { adminToken } from './admin-api';
import { architect, publishedModule } from './course-api';
import { axeViolations } from './axe';
import { expect, test, uniqueStem, type Site } from './fixtures';
import { signIn, watchConsole } from './page-helpers';

/** A published module of two text lessons, the second holding a phrase to search for, and an Architect to take them. */
async function courseAndArchitect(request: APIRequestContext, site: Site) {
  const { title, lesson, remove } = await publishedModule(request, site);
  const first = await lesson({ title: `${title} first`, body: 'Where it begins.' });
  const phrase = uniqueStem('luminous-lattice');
  const second = await lesson({ title: `${title} second`, body: `The field holds a **${phrase}** for whoever looks.` });
  const { email, name } = await architect(request, site, 'Aria Architect');
  return { title, first, second, phrase, email, name, remove };
}

/** The number of pages of a PDF: its page objects. */
const pageCount = (pdf: Buffer) => pdf.toString('latin1').match(/\/Type\s*\/Page(?!s)/g)?.length ?? 0;

for (const width of [1280, 360]) {
  test(`at ${width} px an Architect follows their progress, searches, completes every lesson and opens the certificate`, async ({ page, request, site }) => {
    // Every lesson of a course opened and completed, a search and the certificate's PDF: 12 s alone, up to 29 s beside another worker.
    test.slow();
    await page.setViewportSize({ width, height: 800 });
    const problems = watchConsole(page);
    const course = await courseAndArchitect(request, site);
    try {
      await signIn(page, course.email, 'architect password');
      await expect(page).toHaveURL(/\/dashboard$/);
      await expect(page.getByText('0% of the course complete')).toBeVisible();
      await expect(page.getByText('0 of 2 lessons complete')).toBeVisible();
      await expect(page.getByRole('link', { name: 'Continue' })).toHaveAttribute('href', `/course/${course.first}`);
      await expect(page.getByText('Complete every lesson to earn the certificate.')).toBeVisible();

      // The search finds the phrase in the second lesson's text (its Markdown marks are not text).
      await page.getByRole('searchbox', { name: 'Search the course' }).fill(course.phrase.toUpperCase());
      await page.getByRole('button', { name: 'Search' }).click();
      const results = page.getByRole('list', { name: `Results for “${course.phrase.toUpperCase()}”` });
      await expect(results.getByRole('listitem')).toHaveCount(1);
      await expect(results).toContainText(`a ${course.phrase} for whoever`);
      expect(await axeViolations(page)).toEqual([]);
      await results.getByRole('link', { name: `${course.title} second` }).click();
      await expect(page).toHaveURL(new RegExp(`/course/${course.second}$`));

      await page.getByRole('button', { name: 'Mark complete' }).click();
      await expect(page.getByRole('button', { name: 'Mark incomplete' })).toBeVisible();
      expect(await axeViolations(page)).toEqual([]);
      // Undone and done again: the page follows the server each time.
      await page.getByRole('button', { name: 'Mark incomplete' }).click();
      await expect(page.getByRole('button', { name: 'Mark complete' })).toBeVisible();
      await page.getByRole('button', { name: 'Mark complete' }).click();
      await expect(page.getByRole('button', { name: 'Mark incomplete' })).toBeVisible();

      // Continue now opens the lesson left to do.
      await page.goto('/dashboard');
      await expect(page.getByText('50% of the course complete')).toBeVisible();
      await expect(page.getByText('1 of 2 lessons complete')).toBeVisible();
      await page.getByRole('link', { name: 'Continue' }).click();
      await expect(page).toHaveURL(new RegExp(`/course/${course.first}$`));
      await page.getByRole('button', { name: 'Mark complete' }).click();
      await expect(page.getByRole('button', { name: 'Mark incomplete' })).toBeVisible();

      await page.goto('/dashboard');
      await expect(page.getByText('100% of the course complete')).toBeVisible();
      await expect(page.getByText('2 of 2 lessons complete')).toBeVisible();
      await expect(page.getByRole('link', { name: 'Continue' })).toHaveCount(0);
      await page.getByRole('link', { name: 'Your certificate' }).click();
      await expect(page).toHaveURL(/\/certificates\/[\w-]{22}$/);
      const address = page.url();
      await expect(page.getByRole('heading', { name: 'Certificate of Completion', level: 1 })).toBeVisible();
      await expect(page.getByText(course.name, { exact: true })).toBeVisible();
      expect(await axeViolations(page)).toEqual([]);
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
      expect(problems).toEqual([]);

      // Public: a visitor (no token) checks it at its address, and prints it on one sheet.
      const visitor = await page.context().browser()!.newContext({ baseURL: site.url });
      const visitorPage = await visitor.newPage();
      await visitorPage.goto(address);
      await expect(visitorPage.getByText(course.name, { exact: true })).toBeVisible();
      if (width === 1280) {
        for (const format of ['A4', 'Letter'] as const) expect(pageCount(await visitorPage.pdf({ format })), format).toBe(1);
        // On paper, nothing of the site but the certificate: no header, no footer.
        await visitorPage.emulateMedia({ media: 'print' });
        await expect(visitorPage.getByRole('banner')).toBeHidden();
        await expect(visitorPage.getByRole('contentinfo')).toBeHidden();
        await expect(visitorPage.getByRole('heading', { name: 'Certificate of Completion' })).toBeVisible();
        // Dark text on white paper, whatever the screen's night sky.
        await expect(visitorPage.locator('.certificate')).toHaveCSS('background-color', 'rgb(255, 255, 255)');
        await expect(visitorPage.locator('.certificate')).toHaveCSS('color', 'rgb(26, 26, 46)');
        await visitorPage.emulateMedia({ media: 'screen' });
      }
      await visitorPage.goto('/certificates/no-such-certificate');
      await expect(visitorPage.getByRole('heading', { name: 'No such certificate' })).toBeVisible();
      await visitor.close();
    } finally {
      await course.remove();
    }
  });
}

test('a phrase spoken in a video is found from the lesson page, and its result opens the lesson at that moment', async ({ page, request, site }) => {
  const problems = watchConsole(page);
  const course = await courseAndArchitect(request, site);
  const headers = { Authorization: `Bearer ${await adminToken(request, site)}` };
  const moduleId = ((await (await request.get(`/api/course/lessons/${course.first}`, { headers })).json()) as { lesson: { moduleId: string } }).lesson.moduleId;
  const created = await request.post('/api/admin/course/lessons', {
    headers,
    data: { moduleId, title: `${course.title} talk`, kind: 'video', published: true },
  });
  expect(created.status()).toBe(201);
  const talk = ((await created.json()) as { lesson: { _id: string } }).lesson._id;
  const spoken = uniqueStem('resonant-field');
  const vtt = `WEBVTT\n\n00:01.000 --> 00:04.000\nLet us begin.\n\n01:15.000 --> 01:19.000\nHere the ${spoken} opens.\n`;
  const uploaded = await request.post(`/api/admin/course/lessons/${talk}/files`, {
    headers,
    multipart: { role: 'captions', lang: 'en', label: 'English', file: { name: 'talk.vtt', mimeType: 'text/vtt', buffer: Buffer.from(vtt) } },
  });
  expect(uploaded.status(), await uploaded.text()).toBe(201);
  try {
    await signIn(page, course.email, 'architect password');
    await expect(page).toHaveURL(/\/dashboard$/);
    await page.goto(`/course/${course.first}`);
    await page.getByRole('searchbox', { name: 'Search the course' }).fill(spoken);
    await page.getByRole('button', { name: 'Search' }).click();
    const hit = page.getByRole('link', { name: `${course.title} talk at 1:15` });
    await expect(hit).toHaveAttribute('href', `/course/${talk}?t=75`);
    await expect(page.getByText(`Here the ${spoken} opens.`)).toBeVisible();
    await hit.click();
    await expect(page.getByRole('heading', { name: `${course.title} talk`, level: 1 })).toBeVisible();
    expect(problems).toEqual([]);
  } finally {
    expect((await request.delete(`/api/admin/course/lessons/${talk}`, { headers })).status()).toBe(200);
    await course.remove();
  }
});
