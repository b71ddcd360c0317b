// CONTRACT §7 "Resumable uploads", in the Course Manager at 1280 and 360 px: a real clip made by
// ffmpeg goes up through tus on a throttled connection (Chromium's network emulation), with its progress bar, its speed and time
// left, Pause and Resume; after a reload, the same file picked again resumes where it stopped (its
// first PATCH starts past 0); and axe finds nothing to fix in the new controls.
import path from 'node:path';
import type { CDPSession, Page, Request } from '@playwright/test';
import { testClip } from '../support/media-clips';
import { adminCourse, publishedModule } from './course-api';
import { axeViolations } from './axe';
import { expect, test } from './fixtures';
import { openAdminSection, watchConsole } from './page-helpers';

const SECTION = { link: 'Course Manager', query: 'course' };
/** A clip that takes a dozen seconds to go up at UPLOAD_BYTES_PER_SECOND, so that Pause comes mid-way. */
const CLIP_SECONDS = 8;
/** Slow enough that Pause comes mid-way. */
const UPLOAD_BYTES_PER_SECOND = 12 * 1024;

async function throttle(page: Page, bytesPerSecond: number): Promise<CDPSession> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.emulateNetworkConditions', { offline: false, latency: 20, downloadThroughput: -1, uploadThroughput: bytesPerSecond });
  return cdp;
}

/** The address of the last upload the page created (tus's Location). */
function createdUploads(page: Page): string[] {
  const created: string[] = [];
  page.on('response', (response) => {
    const location = response.headers()['location'];
    if (response.request().method() === 'POST' && response.url().endsWith('/api/admin/course/uploads') && location) created.push(location);
  });
  return created;
}

/** The Upload-Offset of every PATCH the page sends. */
function patchOffsets(page: Page): number[] {
  const offsets: number[] = [];
  page.on('request', (request: Request) => {
    if (request.method() === 'PATCH' && request.url().includes('/api/admin/course/uploads/')) offsets.push(Number(request.headers()['upload-offset']));
  });
  return offsets;
}

async function openLesson(page: Page, moduleTitle: string, lessonTitle: string) {
  const card = page.getByRole('article', { name: moduleTitle });
  await card.getByRole('button', { name: `Edit lesson ${lessonTitle}` }).click();
  const editor = page.getByRole('region', { name: `Edit lesson: ${lessonTitle}` });
  await expect(editor).toBeVisible();
  return editor.getByRole('form', { name: `Upload files to ${lessonTitle}` });
}

for (const viewport of [
  { width: 1280, height: 900 },
  { width: 360, height: 800 },
]) {
  test.describe(`at ${viewport.width} px`, () => {
    test.use({ viewport });

    test('the Course Manager uploads a clip by tus with its progress, speed, Pause and Resume, and resumes it after a reload', async ({
      page,
      request,
      site,
    }) => {
      test.setTimeout(120_000);
      const problems = watchConsole(page);
      const module = await publishedModule(request, site, 'Uploads');
      const lessonTitle = 'Resumed film';
      const lessonId = await module.lesson({ title: lessonTitle, kind: 'video' });
      const clip = await testClip('mp4', CLIP_SECONDS);
      const name = path.basename(clip.file);
      try {
        await openAdminSection(page, site, SECTION);
        const offsets = patchOffsets(page);
        const uploads = createdUploads(page);
        /** The bytes the server holds of the page's upload (HEAD, as the admin). */
        const serverOffset = async () => {
          const head = await request.head(uploads.at(-1)!, { headers: { ...module.headers, 'Tus-Resumable': '1.0.0' } });
          return Number(head.headers()['upload-offset']);
        };
        await throttle(page, UPLOAD_BYTES_PER_SECOND);
        let files = await openLesson(page, module.title, lessonTitle);
        const row = () => files.getByRole('list', { name: 'Uploads' }).getByRole('listitem').filter({ hasText: name });

        await test.step('it goes up with a labelled progress bar, its speed and time left, and pauses', async () => {
          await files.getByLabel('File', { exact: true }).setInputFiles(clip.file);
          await files.getByRole('button', { name: 'Upload' }).click();
          const bar = row().getByRole('progressbar', { name });
          await expect(bar).toBeVisible();
          await expect(row()).toContainText(/\d+% · [\d.]+ KB\/s · (\d+ min )?\d+ s left/, { timeout: 20_000 });
          await expect.poll(async () => Number(await bar.getAttribute('value')), { timeout: 20_000 }).toBeGreaterThan(5);
          // Bytes the browser sent may still be in its throttled pipe: pause once the server holds some.
          await expect.poll(serverOffset, { timeout: 20_000 }).toBeGreaterThan(0);
          await row()
            .getByRole('button', { name: `Pause ${name}` })
            .click();
          await expect(row()).toContainText(/Paused at \d+%/);
          await expect(row().getByRole('button', { name: `Resume ${name}` })).toBeVisible();
          expect(await axeViolations(page, '.cm-upload')).toEqual([]);
        });

        await test.step('Resume goes on from where the server stands, and a reload then a new pick of the same file resumes too', async () => {
          await row()
            .getByRole('button', { name: `Resume ${name}` })
            .click();
          await expect(row().getByRole('button', { name: `Pause ${name}` })).toBeVisible();
          await expect.poll(() => offsets.filter((offset) => offset > 0).length, { timeout: 20_000 }).toBeGreaterThan(0);
          await row()
            .getByRole('button', { name: `Pause ${name}` })
            .click();
          await expect(row()).toContainText(/Paused at \d+%/);

          await page.reload();
          await expect(page.getByRole('heading', { name: SECTION.link, level: 2 })).toBeVisible();
          const before = offsets.length;
          files = await openLesson(page, module.title, lessonTitle);
          await files.getByLabel('File', { exact: true }).setInputFiles(clip.file);
          await files.getByRole('button', { name: 'Upload' }).click();
          await expect.poll(() => offsets.length, { timeout: 20_000 }).toBeGreaterThan(before);
          // Not from the start: the server's offset, which HEAD gave.
          expect(offsets[before]).toBeGreaterThan(0);
        });

        await test.step('it finishes: the lesson has its media and the duration the server read', async () => {
          await throttle(page, -1);
          await expect(row()).toContainText('Uploaded', { timeout: 30_000 });
          const lesson = (await adminCourse(request, site)).modules.flatMap((m) => m.lessons).find((l) => l._id === lessonId)!;
          expect(lesson.files).toMatchObject([{ role: 'media', name }]);
          expect(lesson.durationSeconds).toBe(CLIP_SECONDS);
          await expect(page.getByText(`Duration: 0:0${CLIP_SECONDS} (read from the media file)`)).toBeVisible();
          expect(await axeViolations(page, '.cm-upload')).toEqual([]);
        });
        expect(problems).toEqual([]);
      } finally {
        await module.remove();
      }
    });
  });
}
