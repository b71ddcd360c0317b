// Issue 26 "Done when": the course's story told through the browser, at 1280 and 360 px, as its
// people live it. The admin builds two modules in the Course Manager (a video lesson made of a real
// ffmpeg clip, WebVTT captions and an attachment, a free-preview text lesson; then a module on a
// 7-day drip); an Explorer finds the lessons locked and reads the free preview; the admin makes them
// an Architect in User Management and the drip holds the second module shut; the Architect watches,
// reloads and resumes at the same second, seeks by the transcript and finds a spoken phrase by
// search; the admin opens the drip (0 days) once it has held, and with every lesson done the
// dashboard links the certificate, which bears the member's name. axe checks the lesson and the
// certificate. The player is worked by keyboard alone, control by control, in course-player.spec.ts;
// here play and pause go by keys too. REST only for what the story does not tell: the member's
// sign-up, reading paidSince for the expected day, and leaving the worker's course as it was.
import type { Browser, Page } from '@playwright/test';
import { DAY_MS } from '../../shared/constants';
import { testClip } from '../support/media-clips';
import { adminToken } from './admin-api';
import { axeViolations } from './axe';
import { adminCourse, removeModule } from './course-api';
import { expect, test, uniqueEmail, uniqueStem, type Site } from './fixtures';
import { openAdminSection, signIn, watchConsole } from './page-helpers';

const CLIP_SECONDS = 20;
const DRIP_DAYS = 7;

/** Five captions, four seconds each; the fourth holds a phrase no other lesson of the server has. */
function captions(phrase: string) {
  const lines = ['Welcome to the harmonics.', 'Listen to the tone.', 'Hold it for a moment.', `Here the ${phrase} opens.`, 'Rest.'];
  const at = (seconds: number) => `00:${String(seconds).padStart(2, '0')}.000`;
  return `WEBVTT\n\n${lines.map((line, index) => `${at(index * 4)} --> ${at(index * 4 + 4)}\n${line}\n`).join('\n')}`;
}

/** The admin's own browser, beside the member's, at the same size. */
async function adminPage(browser: Browser, site: Site, viewport: { width: number; height: number }) {
  const context = await browser.newContext({ baseURL: site.url, viewport, reducedMotion: 'reduce' });
  return { page: await context.newPage(), close: () => context.close() };
}

const status = (page: Page) => page.locator('.cm-status');
const videoTime = (page: Page) => page.locator('video').evaluate((video: HTMLVideoElement) => video.currentTime);

for (const viewport of [
  { width: 1280, height: 900 },
  { width: 360, height: 800 },
]) {
  test(`at ${viewport.width} px: built by the admin, opened by tier and drip, watched, searched and completed to the certificate`, async ({
    browser,
    page,
    request,
    site,
  }) => {
    test.setTimeout(180_000);
    await page.setViewportSize(viewport);
    const admin = await adminPage(browser, site, viewport);
    const problems = [watchConsole(page), watchConsole(admin.page)];
    const title = uniqueStem('Harmonics');
    const later = uniqueStem('Resonance');
    const videoTitle = `${title} film`;
    const readingTitle = `${title} reading`;
    const practiceTitle = `${later} practice`;
    const phrase = uniqueStem('resonant-field');
    const member = { name: `Stella ${uniqueStem('Story')}`, email: uniqueEmail('story'), password: 'story password' };
    try {
      const manager = admin.page.getByRole('region', { name: 'Course Manager' });
      const editor = admin.page.getByRole('region', { name: /^Edit lesson:/ });
      const card = (moduleTitle: string) => admin.page.getByRole('article', { name: moduleTitle });

      /** Adds a lesson of `kind` to the module through its quick-add form; its editor opens. */
      const addLesson = async (moduleTitle: string, lessonTitle: string, kind: 'video' | 'text') => {
        await card(moduleTitle).getByLabel(`New lesson in ${moduleTitle}`).fill(lessonTitle);
        await card(moduleTitle).getByLabel('Kind').selectOption(kind);
        await card(moduleTitle).getByRole('button', { name: 'Add lesson' }).click();
        await expect(editor).toHaveAccessibleName(`Edit lesson: ${lessonTitle}`);
      };
      const saveLesson = async (lessonTitle: string, options: { freePreview?: boolean } = {}) => {
        if (options.freePreview) await editor.getByLabel('Free preview (Explorers may open it)').check();
        await editor.getByLabel('Published (unticked: a draft only admins see)').check();
        await editor.getByRole('button', { name: 'Save lesson' }).click();
        await expect(status(admin.page)).toHaveText(`Lesson "${lessonTitle}" saved and published`);
      };
      const addModule = async (moduleTitle: string) => {
        await manager.getByLabel('New module title').fill(moduleTitle);
        await manager.getByRole('button', { name: 'Add module' }).click();
        await expect(card(moduleTitle)).toBeVisible();
      };
      const publishModule = async (moduleTitle: string) => {
        await card(moduleTitle)
          .getByRole('button', { name: `Publish module ${moduleTitle}` })
          .click();
        await expect(status(admin.page)).toHaveText(`Module "${moduleTitle}" published`);
      };
      /** Sets the module's drip through its settings form. */
      const setDrip = async (moduleTitle: string, days: number) => {
        await card(moduleTitle)
          .getByRole('button', { name: `Edit module ${moduleTitle}` })
          .click();
        await card(moduleTitle).getByLabel('Opens after (days)').fill(String(days));
        await card(moduleTitle).getByRole('button', { name: 'Save module' }).click();
        await expect(status(admin.page)).toHaveText(`Module "${moduleTitle}" saved`);
      };

      await test.step('1. the admin builds a module with a video and a text lesson, and a second one on a drip, in the Course Manager', async () => {
        await openAdminSection(admin.page, site, { link: 'Course Manager', query: 'course' });
        await addModule(title);

        await addLesson(title, videoTitle, 'video');
        const files = editor.getByRole('form', { name: `Upload files to ${videoTitle}` });
        const uploaded = (name: string) =>
          expect(files.getByRole('list', { name: 'Uploads' }).getByRole('listitem').filter({ hasText: name })).toContainText('Uploaded');
        await files.getByLabel('File', { exact: true }).setInputFiles((await testClip('webm', CLIP_SECONDS)).file);
        await files.getByRole('button', { name: 'Upload' }).click();
        await uploaded(`clip-${CLIP_SECONDS}s.webm`);
        await expect(editor.getByText('Duration: 0:20 (read from the media file)')).toBeVisible();
        await files.getByLabel('File role').selectOption('captions');
        await files.getByLabel('Language tag').fill('en');
        await files.getByLabel('Caption label').fill('English');
        await files.getByLabel('File', { exact: true }).setInputFiles([{ name: 'harmonics.vtt', mimeType: 'text/vtt', buffer: Buffer.from(captions(phrase)) }]);
        await files.getByRole('button', { name: 'Upload' }).click();
        await uploaded('harmonics.vtt');
        await files.getByLabel('File role').selectOption('attachment');
        await files
          .getByLabel('Files', { exact: true })
          .setInputFiles([{ name: 'overtones.txt', mimeType: 'text/plain', buffer: Buffer.from('The overtone series.\n') }]);
        await files.getByRole('button', { name: 'Upload' }).click();
        await expect(editor.getByRole('list', { name: `Files of ${videoTitle}` }).getByRole('listitem')).toHaveCount(3);
        await saveLesson(videoTitle);

        await addLesson(title, readingTitle, 'text');
        await editor.getByLabel('Body (Markdown)').fill('## Why strings sing\n\nA string vibrates in **whole fractions** of its length.');
        await saveLesson(readingTitle, { freePreview: true });
        await publishModule(title);

        await addModule(later);
        await setDrip(later, DRIP_DAYS);
        await expect(card(later).getByText(`Opens ${DRIP_DAYS} days after becoming an Architect`)).toBeVisible();
        await addLesson(later, practiceTitle, 'text');
        await editor.getByLabel('Body (Markdown)').fill('Practise the fifth.');
        await saveLesson(practiceTitle);
        await publishModule(later);
      });
      const built = (await adminCourse(request, site)).modules.flatMap((module) => module.lessons);
      const idOf = (lessonTitle: string) => built.find((lesson) => lesson.title === lessonTitle)!._id;
      const ids = { video: idOf(videoTitle), reading: idOf(readingTitle), practice: idOf(practiceTitle) };

      await test.step('2. an Explorer sees the lessons locked for Architects, and reads the free preview', async () => {
        expect((await request.post('/api/auth/register', { data: member })).status()).toBe(201);
        await signIn(page, member.email, member.password);
        await expect(page).toHaveURL(/\/dashboard$/);
        await page.goto('/courses');
        for (const [moduleTitle, locked] of [
          [title, videoTitle],
          [later, practiceTitle],
        ]) {
          const item = page
            .getByRole('list', { name: `Lessons of ${moduleTitle}` })
            .getByRole('listitem')
            .filter({ hasText: locked });
          await expect(item).toContainText('For Architects');
          await expect(item.getByRole('link', { name: 'Upgrade' })).toHaveAttribute('href', '/courses#tiers');
          await expect(item.getByRole('link', { name: locked })).toHaveCount(0);
        }
        await page
          .getByRole('list', { name: `Lessons of ${title}` })
          .getByRole('link', { name: readingTitle })
          .click();
        await expect(page).toHaveURL(new RegExp(`/course/${ids.reading}$`));
        await expect(page.getByRole('heading', { name: readingTitle, level: 1 })).toBeVisible();
        await expect(page.getByRole('heading', { name: 'Why strings sing', level: 2 })).toBeVisible();
        await expect(page.locator('.lesson-body strong')).toHaveText('whole fractions');
      });

      await test.step('3. the admin makes the Explorer an Architect in User Management; the drip holds the second module shut', async () => {
        await admin.page.getByRole('navigation', { name: 'Admin sections' }).getByRole('link', { name: 'User Management' }).click();
        await expect(admin.page.getByRole('heading', { name: 'User Management', level: 2 })).toBeVisible();
        await admin.page.getByLabel('Search users').fill(member.email);
        const row = admin.page.getByRole('row').filter({ hasText: member.email });
        await expect(row).toHaveCount(1);
        await row.getByRole('button', { name: 'Edit' }).click();
        await admin.page.getByRole('combobox', { name: 'Tier' }).selectOption('paid');
        await admin.page.getByRole('button', { name: 'Save' }).click();
        await expect(row).toContainText('paid');

        // The day the drip opens, counted from the paidSince the server stored (not this test's clock,
        // which may already be past midnight).
        const headers = { Authorization: `Bearer ${await adminToken(request, site)}` };
        const found = (await (await request.get(`/api/admin/users?search=${encodeURIComponent(member.email)}`, { headers })).json()) as {
          data: Array<{ paidSince: string }>;
        };
        const since = Date.parse(found.data[0]!.paidSince);
        const opens = new Date(since - (since % DAY_MS) + DRIP_DAYS * DAY_MS);
        const opensDay = new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'long', timeZone: 'UTC' }).format(opens);

        await page.goto('/dashboard');
        await expect(page.getByRole('list', { name: `Lessons of ${title}` }).getByRole('link', { name: videoTitle })).toBeVisible();
        const held = page
          .getByRole('list', { name: `Lessons of ${later}` })
          .getByRole('listitem')
          .filter({ hasText: practiceTitle });
        await expect(held).toContainText(`Opens on ${opensDay}`);
        await expect(held.getByRole('link', { name: practiceTitle })).toHaveCount(0);
        // Its address, typed in, says the same in the 403's words.
        await page.goto(`/course/${ids.practice}`);
        await expect(page.getByRole('heading', { name: 'This lesson is locked', level: 1 })).toBeVisible();
        await expect(page.getByText(`This module opens on ${opens.toISOString().slice(0, 10)}`)).toBeVisible();
      });

      const controls = page.getByRole('group', { name: 'Player controls' });
      await test.step('4. the Architect watches, reloads, and resumes at the same second', async () => {
        await page.goto('/dashboard');
        await page
          .getByRole('list', { name: `Lessons of ${title}` })
          .getByRole('link', { name: videoTitle })
          .click();
        await expect(page.getByRole('heading', { name: videoTitle, level: 1 })).toBeVisible();
        await expect.poll(() => page.locator('video').evaluate((element: HTMLVideoElement) => element.duration)).toBeCloseTo(CLIP_SECONDS, 0);
        await expect(page.getByRole('region', { name: 'Downloads' }).getByRole('link', { name: 'overtones.txt' })).toBeVisible();
        expect(await axeViolations(page)).toEqual([]);

        await controls.getByRole('button', { name: 'Play' }).focus();
        await page.keyboard.press('Enter');
        await expect.poll(() => videoTime(page)).toBeGreaterThan(2);
        const saved = page.waitForResponse((res) => res.request().method() === 'PUT' && res.url().endsWith(`/api/course/lessons/${ids.video}/progress`));
        await page.keyboard.press('Enter');
        await expect(controls.getByRole('button', { name: 'Play' })).toBeFocused();
        const save = await saved;
        expect(save.status()).toBe(200);
        const { positionSeconds } = save.request().postDataJSON() as { positionSeconds: number };
        expect(positionSeconds).toBe(Math.floor(await videoTime(page)));
        expect(positionSeconds).toBeGreaterThanOrEqual(2);

        await page.reload();
        await expect(page.getByRole('heading', { name: videoTitle, level: 1 })).toBeVisible();
        await expect.poll(() => videoTime(page)).toBe(positionSeconds);
      });

      await test.step('5. a transcript line seeks there; search finds the phrase spoken in the video and opens the lesson at its moment', async () => {
        await controls.getByRole('combobox', { name: 'Captions' }).selectOption({ label: 'English' });
        const transcript = page.getByRole('region', { name: 'Transcript' });
        const hold = transcript.getByRole('button', { name: /Hold it for a moment/ });
        await hold.click();
        await expect.poll(() => videoTime(page)).toBe(8);
        await expect(hold).toHaveAttribute('aria-current', 'true');

        // The lesson page's own search box: the hit names the lesson and the moment the words are said.
        await page.getByRole('searchbox', { name: 'Search the course' }).fill(phrase);
        await page.getByRole('button', { name: 'Search' }).click();
        const results = page.getByRole('list', { name: `Results for “${phrase}”` });
        const hit = results.getByRole('link', { name: `${videoTitle} at 0:12` });
        await expect(hit).toHaveAttribute('href', `/course/${ids.video}?t=12`);
        await expect(results).toContainText(`Here the ${phrase} opens.`);
        await hit.click();
        await expect(page.getByRole('heading', { name: videoTitle, level: 1 })).toBeVisible();
        await expect.poll(() => videoTime(page)).toBe(12);
      });

      await test.step('6. the admin opens the drip once it has held; every lesson completed, the dashboard links the certificate with the name', async () => {
        await page.getByRole('button', { name: 'Mark complete' }).click();
        await expect(page.getByRole('button', { name: 'Mark incomplete' })).toBeVisible();
        await page.getByRole('navigation', { name: 'Lessons' }).getByRole('link', { name: /Next/ }).click();
        await expect(page.getByRole('heading', { name: readingTitle, level: 1 })).toBeVisible();
        await page.getByRole('button', { name: 'Mark complete' }).click();
        await expect(page.getByRole('button', { name: 'Mark incomplete' })).toBeVisible();

        await admin.page.getByRole('navigation', { name: 'Admin sections' }).getByRole('link', { name: 'Course Manager' }).click();
        await setDrip(later, 0);

        await page.goto('/dashboard');
        await expect(page.getByText('Complete every lesson to earn the certificate.')).toBeVisible();
        await page
          .getByRole('list', { name: `Lessons of ${later}` })
          .getByRole('link', { name: practiceTitle })
          .click();
        await expect(page.getByRole('heading', { name: practiceTitle, level: 1 })).toBeVisible();
        await page.getByRole('button', { name: 'Mark complete' }).click();
        await expect(page.getByRole('button', { name: 'Mark incomplete' })).toBeVisible();

        await page.goto('/dashboard');
        await expect(page.getByText('100% of the course complete')).toBeVisible();
        await page.getByRole('link', { name: 'Your certificate' }).click();
        await expect(page).toHaveURL(/\/certificates\/[\w-]{22}$/);
        await expect(page.getByRole('heading', { name: 'Certificate of Completion', level: 1 })).toBeVisible();
        await expect(page.getByText(member.name, { exact: true })).toBeVisible();
        expect(await axeViolations(page)).toEqual([]);
      });

      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(viewport.width);
      expect(problems.flat()).toEqual([]);
    } finally {
      await admin.close();
      await removeModule(request, site, title);
      await removeModule(request, site, later);
    }
  });
}
