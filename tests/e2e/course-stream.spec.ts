// Issue 34, slices 4 and 5 in Chromium, through the real flow: an admin uploads a real 4-second 360p
// clip (ffmpeg), the server transcodes it into a 240p and 360p ladder, the Course Manager shows the
// transcode live until "Streaming ready"; an Architect's lesson then plays through hls.js (Chromium:
// decision 048), with the poster before play, a quality menu worked by keyboard that says its
// choice and is remembered, resume, duration and the transcript as before; axe finds nothing in the
// new controls at 1280 and 360 px. Needs the server's part of CONTRACT §7 (transcode job, stream route).
import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import type { APIRequestContext, Locator, Page } from '@playwright/test';
import { adminToken } from './admin-api';
import { axeViolations } from './axe';
import { architect, publishedModule } from './course-api';
import { expect, test, type Site } from './fixtures';
import { openAdminSection, signIn, watchConsole } from './page-helpers';

const CLIP_SECONDS = 4;
const CUES = ['The orbit begins.', 'Halfway round.'];
const CAPTIONS = `WEBVTT\n\n00:00.000 --> 00:02.000\n${CUES[0]}\n\n00:02.000 --> 00:04.000\n${CUES[1]}\n`;
const SECTION = { link: 'Course Manager', query: 'course' };

let clip: Buffer | null = null;
/** A real 640×360 H.264/AAC clip (a test pattern with a tone): the ladder's 240p and 360p. */
async function clip360(): Promise<Buffer> {
  if (clip) return clip;
  const file = path.join(mkdtempSync(path.join(tmpdir(), 'qc-stream-clip-')), 'orbit.mp4');
  const source = [
    '-f',
    'lavfi',
    '-i',
    `testsrc2=size=640x360:rate=25:duration=${CLIP_SECONDS}`,
    '-f',
    'lavfi',
    '-i',
    `sine=frequency=440:duration=${CLIP_SECONDS}`,
  ];
  const encode = '-c:v libx264 -preset ultrafast -pix_fmt yuv420p -c:a aac -shortest -movflags +faststart'.split(' ');
  await promisify(execFile)('ffmpeg', ['-hide_banner', '-loglevel', 'error', '-y', ...source, ...encode, file]);
  clip = readFileSync(file);
  return clip;
}

interface MediaFile {
  role: string;
  name: string;
  transcode: { state: string; percent: number; error: string | null } | null;
}

async function mediaOf(request: APIRequestContext, site: Site, lessonId: string): Promise<MediaFile | undefined> {
  const res = await request.get('/api/admin/course', { headers: { Authorization: `Bearer ${await adminToken(request, site)}` } });
  const course = (await res.json()) as { modules: Array<{ lessons: Array<{ _id: string; files: MediaFile[] }> }> };
  return course.modules
    .flatMap((module) => module.lessons)
    .find((lesson) => lesson._id === lessonId)
    ?.files.find((file) => file.role === 'media');
}

/** A published video lesson with the clip and English captions, once its stream is ready. */
async function streamedLesson(request: APIRequestContext, site: Site) {
  const { headers, title, lesson, remove } = await publishedModule(request, site, 'Streams');
  const lessonTitle = `${title}: the orbit`;
  const id = await lesson({ title: lessonTitle, kind: 'video' });
  const upload = async (fields: Record<string, string>, file: { name: string; mimeType: string; buffer: Buffer }) => {
    const res = await request.post(`/api/admin/course/lessons/${id}/files`, { headers, multipart: { ...fields, file } });
    expect(res.status(), await res.text()).toBe(201);
  };
  await upload({ role: 'media' }, { name: 'orbit.mp4', mimeType: 'video/mp4', buffer: await clip360() });
  await upload({ role: 'captions', lang: 'en', label: 'English' }, { name: 'en.vtt', mimeType: 'text/vtt', buffer: Buffer.from(CAPTIONS) });
  await expect.poll(async () => (await mediaOf(request, site, id))?.transcode?.state, { timeout: 60_000 }).toBe('done');
  return { id, lessonTitle, remove };
}

/** Presses Tab until `target` has the focus, as a keyboard user moves through the page. */
async function tabTo(page: Page, target: Locator) {
  for (let presses = 0; presses < 60; presses += 1) {
    if (await target.evaluate((element) => element === document.activeElement)) return;
    await page.keyboard.press('Tab');
  }
  throw new Error(`Tab never reached ${target.toString()}`);
}

const videoOf = (page: Page) => page.locator('video');
const time = (page: Page) => videoOf(page).evaluate((video: HTMLVideoElement) => video.currentTime);
const pictureHeight = (page: Page) => videoOf(page).evaluate((video: HTMLVideoElement) => video.videoHeight);

test('the Course Manager shows a media file’s transcode live, from preparing to ready, with what members get meanwhile', async ({ page, request, site }) => {
  test.setTimeout(120_000);
  const problems = watchConsole(page);
  const { title, lesson, remove } = await publishedModule(request, site, 'Streams');
  const lessonTitle = `${title}: the orbit`;
  await lesson({ title: lessonTitle, kind: 'video' });
  try {
    // Every state the file's line shows, as it changes without a reload.
    await page.addInitScript(() => {
      const seen: string[] = [];
      (window as unknown as { transcodeStates: string[] }).transcodeStates = seen;
      new MutationObserver(() => {
        for (const element of document.querySelectorAll('.cm-transcode__state')) {
          const text = element.textContent ?? '';
          if (seen.at(-1) !== text) seen.push(text);
        }
      }).observe(document, { childList: true, subtree: true, characterData: true });
    });
    await openAdminSection(page, site, SECTION);
    await page
      .getByRole('article', { name: title })
      .getByRole('button', { name: `Edit lesson ${lessonTitle}` })
      .click();
    const editor = page.getByRole('region', { name: `Edit lesson: ${lessonTitle}` });
    const files = editor.getByRole('form', { name: `Upload files to ${lessonTitle}` });
    await files.getByLabel('File', { exact: true }).setInputFiles({ name: 'orbit.mp4', mimeType: 'video/mp4', buffer: await clip360() });
    await files.getByRole('button', { name: 'Upload' }).click();

    const item = editor
      .getByRole('list', { name: `Files of ${lessonTitle}` })
      .getByRole('listitem')
      .filter({ hasText: 'orbit.mp4' });
    await expect(item.getByText(/^(Preparing the stream: (queued|\d{1,3} %)|Streaming ready)$/)).toBeVisible();
    await expect(item.getByText('Streaming ready')).toBeVisible({ timeout: 60_000 });
    await expect(item.getByText('Until the stream is ready, members get the original file.')).toHaveCount(0);
    const states = await page.evaluate(() => (window as unknown as { transcodeStates: string[] }).transcodeStates);
    // Seen while it was under way (the tree is read the moment the upload ends, when the job has
    // only just been queued), then ready, on the same page: the tree was read again meanwhile.
    expect(states.at(-1)).toBe('Streaming ready');
    expect(states.slice(0, -1).every((state) => /^Preparing the stream: (queued|\d{1,3} %)$/.test(state))).toBe(true);
    expect(states.length).toBeGreaterThan(1);

    for (const width of [1280, 360]) {
      await page.setViewportSize({ width, height: 900 });
      expect(await axeViolations(page, '.cm-files'), `${width} px`).toEqual([]);
    }
    expect(problems).toEqual([]);
  } finally {
    await remove();
  }
});

test('an Architect’s lesson plays its stream through hls.js: poster, quality by keyboard, resume and transcript', async ({ page, request, site }) => {
  test.setTimeout(120_000);
  const problems = watchConsole(page);
  const hlsChunks: string[] = [];
  page.on('request', (req) => {
    if (req.resourceType() === 'script' && /\/assets\/hls\.light-[\w-]+\.js$/.test(req.url())) hlsChunks.push(req.url());
  });
  const { id, lessonTitle, remove } = await streamedLesson(request, site);
  try {
    const member = await architect(request, site);
    await signIn(page, member.email, member.password);
    await expect(page).toHaveURL(/\/dashboard$/);
    // The member's pages before the lesson never asked for hls.js.
    expect(hlsChunks).toEqual([]);

    await page.setViewportSize({ width: 1280, height: 900 });
    await page.goto(`/course/${id}`);
    await expect(page.getByRole('heading', { name: lessonTitle, level: 1 })).toBeVisible();
    const controls = page.getByRole('group', { name: 'Player controls' });
    const quality = controls.getByRole('combobox', { name: 'Quality' });
    await expect(quality).toBeVisible();
    expect(hlsChunks).toHaveLength(1);
    expect(await videoOf(page).evaluate((video: HTMLVideoElement) => video.currentSrc.startsWith('blob:'))).toBe(true);
    await expect.poll(() => videoOf(page).evaluate((video: HTMLVideoElement) => video.duration)).toBeCloseTo(CLIP_SECONDS, 0);

    // The poster, before play: the transcode's picture, through its signed URL.
    const poster = (await videoOf(page).getAttribute('poster'))!;
    expect(poster).toBeTruthy();
    expect(await videoOf(page).evaluate((video: HTMLVideoElement) => video.paused && video.currentTime === 0)).toBe(true);
    const posterWidth = await page.evaluate(
      (url) =>
        new Promise<number>((resolve) => {
          const image = new Image();
          image.onload = () => resolve(image.naturalWidth);
          image.onerror = () => resolve(0);
          image.src = url;
        }),
      poster,
    );
    expect(posterWidth).toBeGreaterThan(0);

    // Auto, then each height, highest first; the keyboard picks 240p and the choice is said.
    await expect(quality.locator('option')).toHaveText([/^Auto/, '360p', '240p']);
    await tabTo(page, quality);
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('ArrowDown');
    await expect(quality.locator('option:checked')).toHaveText('240p');
    await expect(controls.getByRole('status')).toHaveText('Quality: 240p');

    for (const width of [1280, 360]) {
      await page.setViewportSize({ width, height: 900 });
      expect(await axeViolations(page, '.lesson-media'), `${width} px`).toEqual([]);
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
    }
    await page.setViewportSize({ width: 1280, height: 900 });

    // Play a little, pause: the position is saved.
    await tabTo(page, controls.getByRole('button', { name: 'Play' }));
    await page.keyboard.press('Enter');
    await expect.poll(() => time(page)).toBeGreaterThan(1.2);
    const saved = page.waitForRequest((req) => req.method() === 'PUT' && req.url().endsWith(`/api/course/lessons/${id}/progress`));
    await controls.getByRole('button', { name: 'Pause' }).press('Enter');
    const position = ((await saved).postDataJSON() as { positionSeconds: number }).positionSeconds;
    expect(position).toBeGreaterThanOrEqual(1);

    // A reload resumes there, at the remembered 240p from its first picture.
    await page.reload();
    await expect(quality.locator('option:checked')).toHaveText('240p');
    await expect.poll(() => time(page)).toBeCloseTo(position, 0);
    await expect.poll(() => pictureHeight(page)).toBe(240);

    // Back to Auto by keyboard: it says so, with the height it plays when known.
    await tabTo(page, quality);
    await page.keyboard.press('ArrowUp');
    await page.keyboard.press('ArrowUp');
    await expect(quality).toHaveValue('-1');
    await expect(controls.getByRole('status')).toHaveText(/^Quality: Auto( \(now (240|360)p\))?$/);

    // The transcript, from the captions track beside the stream: a line seeks there.
    const transcript = page.getByRole('region', { name: 'Transcript' });
    await expect(transcript.getByRole('button')).toHaveText([`0:00${CUES[0]}`, `0:02${CUES[1]}`]);
    await transcript.getByRole('button', { name: new RegExp(CUES[1]!) }).click();
    await expect.poll(() => time(page)).toBeCloseTo(2, 0);
    await expect(transcript.getByRole('button', { name: new RegExp(CUES[1]!) })).toHaveAttribute('aria-current', 'true');

    // The speed still applies to the stream.
    await controls.getByRole('combobox', { name: 'Speed' }).selectOption('1.5');
    expect(await videoOf(page).evaluate((video: HTMLVideoElement) => video.playbackRate)).toBe(1.5);
    expect(problems).toEqual([]);
  } finally {
    await remove();
  }
});
