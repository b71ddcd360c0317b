// Issue 26, slice 4: the Course Manager, at 1280 and 360 px. An admin builds a module with a text
// lesson and a video lesson (a real clip made by ffmpeg, captions, an attachment), sees the
// server's refusal beside the field, reorders lessons and modules by keyboard, publishes, and
// previews the course as an Explorer and as an Architect on day 0 and day 7 of a drip; axe finds
// nothing to fix in the section. The course is left as it was: other specs count its ten modules.
import { writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Page } from '@playwright/test';
import { testClip } from '../support/media-clips';
import { adminToken } from './admin-api';
import { adminCourse, removeModule } from './course-api';
import { axeViolations } from './axe';
import { expect, test, uniqueStem } from './fixtures';
import { openAdminSection, watchConsole } from './page-helpers';

const SECTION = { link: 'Course Manager', query: 'course' };
const DRIP_DAYS = 7;

/** "12 March": the day `days` after the day of `from` (UTC), as the outline writes an opening day. */
const dayIn = (days: number, from = Date.now()) =>
  new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'long', timeZone: 'UTC' }).format(from - (from % 86_400_000) + days * 86_400_000);
/** "Opens on …" counted from the server's now, which a step at midnight may have taken on the day before. */
const opensOnAround = (days: number) => new RegExp(`Opens on (${dayIn(days, Date.now() - 60_000)}|${dayIn(days)})`);

const status = (page: Page) => page.locator('.cm-status');

for (const viewport of [
  { width: 1280, height: 900 },
  { width: 360, height: 800 },
]) {
  test.describe(`at ${viewport.width} px`, () => {
    test.use({ viewport });

    test('an admin builds a module with a text and a video lesson, reorders by keyboard, publishes and previews it as members see it', async ({
      page,
      request,
      site,
    }) => {
      test.setTimeout(120_000);
      const problems = watchConsole(page);
      const title = uniqueStem('Orbits');
      const textTitle = `${title} reading`;
      const videoTitle = `${title} film`;
      try {
        await openAdminSection(page, site, SECTION);
        const section = page.getByRole('region', { name: 'Course Manager' });
        const card = page.getByRole('article', { name: title });
        const editor = page.getByRole('region', { name: /^Edit lesson:/ });

        await test.step('a new module arrives last, as a draft', async () => {
          await section.getByLabel('New module title').fill(title);
          await section.getByRole('button', { name: 'Add module' }).click();
          await expect(card).toBeVisible();
          await expect(card.getByText('Draft', { exact: true })).toBeVisible();
          await expect(card.getByRole('button', { name: new RegExp(`^Move module ${title}, position (\\d+) of \\1$`) })).toBeVisible();
        });

        await test.step('its settings: a description and the drip', async () => {
          await card.getByRole('button', { name: `Edit module ${title}` }).click();
          await card.getByLabel('Module description').fill('Where the planets go');
          await card.getByLabel('Opens after (days)').fill(String(DRIP_DAYS));
          await card.getByRole('button', { name: 'Save module' }).click();
          await expect(status(page)).toHaveText(`Module "${title}" saved`);
          await expect(card.getByText(`Opens ${DRIP_DAYS} days after becoming an Architect`)).toBeVisible();
          await expect(card.getByText('Where the planets go')).toBeVisible();
        });

        await test.step('a text lesson: the toolbar, the live preview from the server, the refusal beside its field', async () => {
          await card.getByLabel(`New lesson in ${title}`).fill(textTitle);
          await card.getByRole('button', { name: 'Add lesson' }).click();
          await expect(editor).toHaveAccessibleName(`Edit lesson: ${textTitle}`);
          const body = editor.getByLabel('Body (Markdown)');
          await body.fill('Kepler');
          await body.selectText();
          await editor.getByRole('button', { name: 'Bold' }).click();
          await expect(body).toHaveValue('**Kepler**');
          await body.press('End');
          await body.pressSequentially('\n\nThree laws <script>window.ran = true</script>');
          const preview = editor.getByRole('region', { name: /^Preview, as members will see it/ });
          // The server's renderer: bold made strong, raw HTML shown as text, never run.
          await expect(preview.locator('strong')).toHaveText('Kepler');
          await expect(preview).toContainText('Three laws <script>window.ran = true</script>');
          expect(await page.evaluate(() => (window as { ran?: boolean }).ran)).toBeUndefined();
          await expect(body).toHaveAccessibleDescription(`${(await body.inputValue()).length} / 200,000 characters`);

          await editor.getByLabel('Lesson title').fill('   ');
          await editor.getByRole('button', { name: 'Save lesson' }).click();
          const titleField = editor.getByLabel('Lesson title');
          await expect(titleField).toHaveAttribute('aria-invalid', 'true');
          await expect(titleField).toHaveAccessibleDescription(/title is required/);

          await titleField.fill(textTitle);
          await editor.getByLabel('Free preview (Explorers may open it)').check();
          await editor.getByLabel('Published (unticked: a draft only admins see)').check();
          await editor.getByRole('button', { name: 'Save lesson' }).click();
          await expect(status(page)).toHaveText(`Lesson "${textTitle}" saved and published`);
          await expect(editor.getByText('Unsaved changes')).toBeHidden();
          const item = card.getByRole('listitem').filter({ hasText: textTitle });
          await expect(item.getByText('Published', { exact: true })).toBeVisible();
          await expect(item.getByText('Free preview', { exact: true })).toBeVisible();
        });

        await test.step('a video lesson: its clip (duration read by the server), captions and an attachment, each with its progress bar', async () => {
          await card.getByLabel(`New lesson in ${title}`).fill(videoTitle);
          await card.getByLabel('Kind').selectOption('video');
          await card.getByRole('button', { name: 'Add lesson' }).click();
          await expect(editor).toHaveAccessibleName(`Edit lesson: ${videoTitle}`);
          const files = editor.getByRole('form', { name: `Upload files to ${videoTitle}` });
          await expect(editor.getByText("No media yet: upload the lesson's video.")).toBeVisible();

          await files.getByLabel('File', { exact: true }).setInputFiles((await testClip('mp4')).file);
          await files.getByRole('button', { name: 'Upload' }).click();
          await expect(files.getByRole('list', { name: 'Uploads' }).getByRole('listitem').filter({ hasText: 'clip.mp4' })).toContainText('Uploaded');
          await expect(files.getByLabel('clip.mp4')).toHaveAttribute('value', '100');
          await expect(editor.getByText('Duration: 0:03 (read from the media file)')).toBeVisible();
          await expect(card.getByRole('listitem').filter({ hasText: videoTitle }).getByText('0:03')).toBeVisible();

          const vtt = path.join(tmpdir(), `${uniqueStem('captions')}.vtt`);
          writeFileSync(vtt, 'WEBVTT\n\n00:00.000 --> 00:02.000\nThe orbit is an ellipse\n');
          await files.getByLabel('File role').selectOption('captions');
          await files.getByLabel('Language tag').fill('en');
          await files.getByLabel('Caption label').fill('English');
          await files.getByLabel('File', { exact: true }).setInputFiles(vtt);
          await files.getByRole('button', { name: 'Upload' }).click();
          await expect(
            files
              .getByRole('list', { name: 'Uploads' })
              .getByRole('listitem')
              .filter({ hasText: path.basename(vtt) }),
          ).toContainText('Uploaded');

          await files.getByLabel('File role').selectOption('attachment');
          await files
            .getByLabel('Files', { exact: true })
            .setInputFiles([{ name: 'orbits.txt', mimeType: 'text/plain', buffer: Buffer.from('Notes on orbits\n') }]);
          await files.getByRole('button', { name: 'Upload' }).click();
          const list = editor.getByRole('list', { name: `Files of ${videoTitle}` });
          await expect(list.getByRole('listitem')).toHaveCount(3);
          await expect(list).toContainText('clip.mp4');
          await expect(list).toContainText('English (en)');
          await expect(list).toContainText('orbits.txt');

          // A file the server refuses says why on its own row.
          await files
            .getByLabel('Files', { exact: true })
            .setInputFiles([{ name: 'fake.pdf', mimeType: 'application/pdf', buffer: Buffer.from('not a pdf at all') }]);
          await files.getByRole('button', { name: 'Upload' }).click();
          await expect(files.getByRole('alert')).toContainText('Refused: ');

          await editor.getByLabel('Published (unticked: a draft only admins see)').check();
          await editor.getByRole('button', { name: 'Save lesson' }).click();
          await expect(status(page)).toHaveText(`Lesson "${videoTitle}" saved and published`);
        });

        await test.step('the keyboard reorders lessons and modules: Space lifts, an arrow moves, Space drops', async () => {
          const lessonHandle = card.getByRole('button', { name: new RegExp(`^Move lesson ${videoTitle}`) });
          await expect(lessonHandle).toHaveAccessibleName(`Move lesson ${videoTitle}, position 2 of 2 in ${title}`);
          await lessonHandle.focus();
          await page.keyboard.press('Space');
          await page.keyboard.press('ArrowUp');
          await page.keyboard.press('Space');
          await expect(status(page)).toHaveText('Lesson order saved');
          await expect(card.getByRole('button', { name: new RegExp(`^Move lesson ${videoTitle}`) })).toHaveAccessibleName(
            `Move lesson ${videoTitle}, position 1 of 2 in ${title}`,
          );

          const moduleHandle = card.getByRole('button', { name: new RegExp(`^Move module ${title}`) });
          const before = (await adminCourse(request, site)).modules.findIndex((m) => m.title === title);
          await moduleHandle.focus();
          await page.keyboard.press('Space');
          await page.keyboard.press('ArrowUp');
          await page.keyboard.press('Space');
          await expect(status(page)).toHaveText('Module order saved');
          await expect(moduleHandle).toHaveAccessibleName(new RegExp(`, position ${before} of `));

          // The server has both orders.
          const course = await adminCourse(request, site);
          const index = course.modules.findIndex((m) => m.title === title);
          expect(index).toBe(before - 1);
          expect(course.modules[index]!.lessons.map((lesson) => lesson.title)).toEqual([videoTitle, textTitle]);
          expect(course.modules[index]!.lessons[0]!.durationSeconds).toBe(3);
        });

        await test.step('a module with lessons cannot be deleted: the reason in words', async () => {
          await card.getByRole('button', { name: `Edit module ${title}` }).click();
          await card.getByRole('button', { name: 'Delete module' }).click();
          await page.getByRole('alertdialog').getByRole('button', { name: 'Delete module' }).click();
          await expect(card.getByText('The module was not deleted: Move or delete its lessons first')).toBeVisible();
        });

        await test.step('publish the module', async () => {
          await card.getByRole('button', { name: `Publish module ${title}` }).click();
          await expect(status(page)).toHaveText(`Module "${title}" published`);
          await expect(card.getByText('Published', { exact: true }).first()).toBeVisible();
        });

        await test.step('preview as an Explorer, and as an Architect on day 0 and day 7 of the drip', async () => {
          const preview = page.getByRole('region', { name: 'Preview as a member' });
          const lessons = preview.getByRole('list', { name: `Lessons of ${title}` });
          await preview.getByLabel('Preview as Explorer').check();
          await expect(preview.getByRole('heading', { name: 'As an Explorer sees it' })).toBeVisible();
          await expect(lessons.getByRole('link', { name: textTitle })).toBeVisible();
          await expect(lessons.getByRole('listitem').filter({ hasText: videoTitle })).toContainText('For Architects');

          await preview.getByLabel('Preview as Architect').check();
          await expect(preview.getByRole('heading', { name: 'As an Architect sees it on day 0' })).toBeVisible();
          await expect(lessons.getByRole('listitem').filter({ hasText: videoTitle })).toContainText(opensOnAround(DRIP_DAYS));
          // A free preview stays open to everyone, drip or not (server/course/access.ts).
          await expect(lessons.getByRole('link')).toHaveText([textTitle]);

          await preview.getByLabel('Day after becoming an Architect').fill(String(DRIP_DAYS));
          await expect(preview.getByRole('heading', { name: `As an Architect sees it on day ${DRIP_DAYS}` })).toBeVisible();
          await expect(lessons.getByRole('link')).toHaveCount(2);
        });

        await test.step('axe finds no violation in the section, the lesson editor open', async () => {
          await card.getByRole('button', { name: `Edit lesson ${textTitle}` }).click();
          await expect(editor).toHaveAccessibleName(`Edit lesson: ${textTitle}`);
          expect(await axeViolations(page, '.course-manager')).toEqual([]);
        });

        await page.screenshot({ path: test.info().outputPath(`course-manager-${viewport.width}.png`), fullPage: true });
        expect(problems).toEqual([]);
      } finally {
        await removeModule(request, site, title);
      }
    });
  });
}

test.describe('between modules', () => {
  test.use({ viewport: { width: 1280, height: 1400 } });

  test("a mouse drags a lesson into another module, and the editor's Module select moves it back", async ({ page, request, site }) => {
    // Two modules built, a drag in small mouse steps, then the editor: 26 to 49 s beside another worker.
    test.slow();
    const problems = watchConsole(page);
    const headers = { Authorization: `Bearer ${await adminToken(request, site)}` };
    const first = uniqueStem('Near');
    const second = uniqueStem('Far');
    const lessonTitle = `${first} lesson`;
    try {
      for (const title of [first, second]) expect((await request.post('/api/admin/course/modules', { headers, data: { title } })).status()).toBe(201);
      const firstId = (await adminCourse(request, site)).modules.find((m) => m.title === first)!._id;
      expect((await request.post('/api/admin/course/lessons', { headers, data: { moduleId: firstId, title: lessonTitle, kind: 'text' } })).status()).toBe(201);
      const lessonsOf = async (title: string) => (await adminCourse(request, site)).modules.find((m) => m.title === title)!.lessons.map((l) => l.title);

      await openAdminSection(page, site, SECTION);
      const handle = page.getByRole('article', { name: first }).getByRole('button', { name: new RegExp(`^Move lesson ${lessonTitle}`) });
      const target = page.getByRole('list', { name: `Lessons of ${second}` });
      await handle.scrollIntoViewIfNeeded();
      const from = (await handle.boundingBox())!;
      const to = (await target.boundingBox())!;
      await page.mouse.move(from.x + from.width / 2, from.y + from.height / 2);
      await page.mouse.down();
      await page.mouse.move(from.x + from.width / 2, from.y + from.height / 2 + 8, { steps: 2 });
      await page.mouse.move(to.x + 40, to.y + to.height / 2, { steps: 15 });
      await page.mouse.up();
      await expect(status(page)).toHaveText('Lesson order saved');
      await expect(target.getByRole('button', { name: `Move lesson ${lessonTitle}, position 1 of 1 in ${second}` })).toBeVisible();
      expect(await lessonsOf(second)).toEqual([lessonTitle]);
      expect(await lessonsOf(first)).toEqual([]);

      await target.getByRole('button', { name: `Edit lesson ${lessonTitle}` }).click();
      const editor = page.getByRole('region', { name: `Edit lesson: ${lessonTitle}` });
      await editor.getByLabel('Module').selectOption({ label: first });
      await editor.getByRole('button', { name: 'Save lesson' }).click();
      await expect(status(page)).toHaveText(`Lesson "${lessonTitle}" saved`);
      await expect(page.getByRole('list', { name: `Lessons of ${first}` }).getByText(lessonTitle)).toBeVisible();
      expect(await lessonsOf(first)).toEqual([lessonTitle]);
      expect(problems).toEqual([]);
    } finally {
      await removeModule(request, site, first);
      await removeModule(request, site, second);
    }
  });
});
