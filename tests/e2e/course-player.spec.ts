// Issue 26, slice 2: the player on a lesson page, used by the keyboard alone. An admin uploads a
// real ffmpeg clip with captions in two languages and a workbook through the REST calls; an
// Architect opens the lesson, plays, pauses, seeks, sets the speed, turns captions on, moves by
// the transcript, and opens the lesson at a search hit's moment; axe finds nothing, at 1280 and 360 px.
import type { APIRequestContext, Locator, Page } from '@playwright/test';
import { architect, publishedModule } from './course-api';
import { axeViolations } from './axe';
import { expect, test, type Site } from './fixtures';
import { signIn, watchConsole } from './page-helpers';
import sharp from 'sharp';
import { testClip } from '../support/media-clips';

const CLIP_SECONDS = 20;
const CUES = ['Welcome to the breathing lesson.', 'Breathe in slowly.', 'Hold it for a moment.', 'Now breathe out.', 'Rest.'];
const vtt = (lines: readonly string[]) =>
  `WEBVTT\n\n${lines.map((line, index) => `00:${String(index * 4).padStart(2, '0')}.000 --> 00:${String(index * 4 + 4).padStart(2, '0')}.000\n${line}\n`).join('\n')}`;

/**
 * A published module holding a video lesson (clip, English and German captions, a workbook), an
 * audio lesson (clip, English captions) and a text lesson after them.
 */
async function buildLesson(request: APIRequestContext, site: Site) {
  const { headers, title, lesson, remove } = await publishedModule(request, site, 'Breathing');
  const video = await lesson({ title: `${title}: the breath`, kind: 'video', body: 'Watch, then **practise**.\n\n![The breath, drawn](Diagram.png)' });
  const audio = await lesson({ title: `${title}: the sound`, kind: 'audio', body: 'Listen.' });
  const after = await lesson({ title: `${title}: afterwards`, kind: 'text', body: 'Well done.' });
  const upload = async (fields: Record<string, string>, file: { name: string; mimeType: string; buffer: Buffer }, lessonId = video) => {
    const res = await request.post(`/api/admin/course/lessons/${lessonId}/files`, { headers, multipart: { ...fields, file } });
    expect(res.status(), await res.text()).toBe(201);
  };
  await upload({ role: 'media' }, { name: 'sound.mp3', mimeType: 'audio/mpeg', buffer: (await testClip('mp3', CLIP_SECONDS)).bytes }, audio);
  await upload({ role: 'captions', lang: 'en', label: 'English' }, { name: 'en.vtt', mimeType: 'text/vtt', buffer: Buffer.from(vtt(CUES)) }, audio);
  await upload({ role: 'media' }, { name: 'breath.webm', mimeType: 'video/webm', buffer: (await testClip('webm', CLIP_SECONDS)).bytes });
  await upload({ role: 'captions', lang: 'en', label: 'English' }, { name: 'en.vtt', mimeType: 'text/vtt', buffer: Buffer.from(vtt(CUES)) });
  await upload(
    { role: 'captions', lang: 'de', label: 'Deutsch' },
    { name: 'de.vtt', mimeType: 'text/vtt', buffer: Buffer.from(vtt(['Willkommen.', 'Einatmen.', 'Halten.', 'Ausatmen.', 'Ruhe.'])) },
  );
  await upload({ role: 'attachment' }, { name: 'workbook.txt', mimeType: 'text/plain', buffer: Buffer.from('Breathe in, breathe out.\n') });
  const diagram = await sharp({ create: { width: 8, height: 6, channels: 3, background: '#335577' } })
    .png()
    .toBuffer();
  await upload({ role: 'attachment' }, { name: 'diagram.png', mimeType: 'image/png', buffer: diagram });
  return { title, video, audio, after, remove };
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

for (const width of [1280, 360]) {
  test(`at ${width} px an Architect works the lesson's player by keyboard alone, with captions and the transcript`, async ({ page, request, site }) => {
    test.setTimeout(90_000);
    await page.setViewportSize({ width, height: 900 });
    const problems = watchConsole(page);
    const { title, video, remove } = await buildLesson(request, site);
    try {
      const member = await architect(request, site);
      await signIn(page, member.email, member.password);
      await expect(page).toHaveURL(/\/dashboard$/);
      await page.goto(`/course/${video}`);
      await expect(page.getByRole('heading', { name: `${title}: the breath`, level: 1 })).toBeVisible();
      const controls = page.getByRole('group', { name: 'Player controls' });
      await expect(controls).toBeVisible();
      await expect.poll(() => videoOf(page).evaluate((element: HTMLVideoElement) => element.duration)).toBeCloseTo(CLIP_SECONDS, 0);

      // The body's image, the lesson's own diagram, loads through its signed URL, with its size.
      const drawn = page.getByRole('img', { name: 'The breath, drawn' });
      await drawn.scrollIntoViewIfNeeded();
      await expect(drawn).toHaveAttribute('width', '8');
      await expect.poll(() => drawn.evaluate((image: HTMLImageElement) => image.complete && image.naturalWidth)).toBe(8);

      // The workbook: a download link with its size, served as an attachment.
      const workbook = page.getByRole('region', { name: 'Downloads' }).getByRole('link', { name: 'workbook.txt' });
      await expect(page.getByRole('region', { name: 'Downloads' })).toContainText('workbook.txt25 B');
      const download = await request.get((await workbook.getAttribute('href'))!);
      expect(download.status()).toBe(200);
      expect(download.headers()['content-disposition']).toMatch(/^attachment/);

      expect(await axeViolations(page)).toEqual([]);

      // Play, then pause: the pause saves the position (PUT, bearer header) whatever the server says.
      const play = controls.getByRole('button', { name: 'Play' });
      await tabTo(page, play);
      await page.keyboard.press('Enter');
      await expect(controls.getByRole('button', { name: 'Pause' })).toBeFocused();
      await expect.poll(() => time(page)).toBeGreaterThan(1);
      const saved = page.waitForRequest((req) => req.method() === 'PUT' && req.url().endsWith(`/api/course/lessons/${video}/progress`));
      await page.keyboard.press('Enter');
      await expect(controls.getByRole('button', { name: 'Play' })).toBeFocused();
      const save = await saved;
      expect(await save.headerValue('authorization')).toMatch(/^Bearer /);
      const body = save.postDataJSON() as { positionSeconds: number; playedSeconds: number };
      expect(body.positionSeconds).toBe(Math.floor(await time(page)));
      expect(body.playedSeconds).toBeGreaterThanOrEqual(1);
      expect(body.playedSeconds).toBeLessThanOrEqual(body.positionSeconds + 1);

      // Seek with the arrow keys, one second a press.
      const seekBar = controls.getByRole('slider', { name: 'Seek' });
      await tabTo(page, seekBar);
      const before = Math.floor(await time(page));
      await page.keyboard.press('ArrowRight');
      await page.keyboard.press('ArrowRight');
      await expect.poll(() => time(page)).toBe(before + 2);
      await expect(seekBar).toHaveAttribute('aria-valuetext', `0:${String(before + 2).padStart(2, '0')} of 0:20`);

      // The speed, a step up, remembered for this member after a reload.
      const speed = controls.getByRole('combobox', { name: 'Speed' });
      await tabTo(page, speed);
      await page.keyboard.press('ArrowDown');
      await expect(speed).toHaveValue('1.25');
      expect(await videoOf(page).evaluate((element: HTMLVideoElement) => element.playbackRate)).toBe(1.25);

      // Mute by Space, and the volume by arrows.
      await tabTo(page, controls.getByRole('button', { name: 'Mute' }));
      await page.keyboard.press('Space');
      await expect(controls.getByRole('button', { name: 'Mute' })).toHaveAttribute('aria-pressed', 'true');
      expect(await videoOf(page).evaluate((element: HTMLVideoElement) => element.muted)).toBe(true);

      // Full screen takes the picture with its controls, and the same key brings it back.
      const fullScreen = controls.getByRole('button', { name: 'Full screen' });
      await tabTo(page, fullScreen);
      await page.keyboard.press('Enter');
      await expect(fullScreen).toHaveAttribute('aria-pressed', 'true');
      expect(await page.evaluate(() => document.fullscreenElement?.contains(document.querySelector('video')))).toBe(true);
      await expect(fullScreen).toBeFocused();
      await page.keyboard.press('Enter');
      await expect(fullScreen).toHaveAttribute('aria-pressed', 'false');
      expect(await page.evaluate(() => document.fullscreenElement)).toBeNull();

      // Captions: English shows on the video; the transcript lists its lines.
      const captions = controls.getByRole('combobox', { name: 'Captions' });
      await tabTo(page, captions);
      await page.keyboard.press('ArrowDown');
      await expect(captions).toHaveValue('0');
      expect(await videoOf(page).evaluate((element: HTMLVideoElement) => [...element.textTracks].map((track) => track.mode))).toEqual(['showing', 'disabled']);
      const transcript = page.getByRole('region', { name: 'Transcript' });
      await expect(transcript.getByRole('button')).toHaveText(CUES.map((line, index) => `0:${String(index * 4).padStart(2, '0')}${line}`));

      // A transcript line seeks there: by Enter, and by a click; the current line is marked.
      const hold = transcript.getByRole('button', { name: /Hold it for a moment/ });
      await tabTo(page, hold);
      await page.keyboard.press('Enter');
      await expect.poll(() => time(page)).toBe(8);
      await expect(hold).toHaveAttribute('aria-current', 'true');
      await transcript.getByRole('button', { name: /Now breathe out/ }).click();
      await expect.poll(() => time(page)).toBe(12);
      await expect(transcript.getByRole('button', { name: /Now breathe out/ })).toHaveAttribute('aria-current', 'true');
      await expect(hold).not.toHaveAttribute('aria-current');

      // German instead: the transcript follows the chosen language.
      await captions.focus();
      await page.keyboard.press('ArrowDown');
      await expect(transcript.getByRole('button').first()).toHaveText('0:00Willkommen.');

      // Auto-advance on, by Space; then a reload keeps it and the speed.
      const advance = page.getByRole('checkbox', { name: 'Go on to the next lesson when this one ends' });
      await tabTo(page, advance);
      await page.keyboard.press('Space');
      await expect(advance).toBeChecked();
      await page.reload();
      await expect(page.getByRole('checkbox', { name: 'Go on to the next lesson when this one ends' })).toBeChecked();
      await expect(page.getByRole('combobox', { name: 'Speed' })).toHaveValue('1.25');

      // A search hit's moment (?t=): the lesson opens there, and the address forgets it.
      await page.goto(`/course/${video}?t=16`);
      await expect.poll(() => time(page)).toBe(16);
      await expect(page).toHaveURL(new RegExp(`/course/${video}$`));

      expect(await axeViolations(page)).toEqual([]);
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
      expect(problems).toEqual([]);
    } finally {
      await remove();
    }
  });
}

test('an audio lesson has its transcript, used by keyboard alone', async ({ page, request, site }) => {
  test.setTimeout(60_000);
  const problems = watchConsole(page);
  const { title, audio, remove } = await buildLesson(request, site);
  try {
    const member = await architect(request, site);
    await signIn(page, member.email, member.password);
    await expect(page).toHaveURL(/\/dashboard$/);
    await page.goto(`/course/${audio}`);
    await expect(page.getByRole('heading', { name: `${title}: the sound`, level: 1 })).toBeVisible();
    const controls = page.getByRole('group', { name: 'Player controls' });
    await expect(controls.getByRole('combobox', { name: 'Transcript language' })).toHaveValue('0');
    await expect(controls.getByRole('button', { name: 'Full screen' })).toHaveCount(0);
    const transcript = page.getByRole('region', { name: 'Transcript' });
    await expect(transcript.getByRole('button')).toHaveCount(CUES.length);

    const rest = transcript.getByRole('button', { name: /Rest\./ });
    await tabTo(page, rest);
    await page.keyboard.press('Enter');
    const currentTime = () => page.locator('audio').evaluate((element: HTMLAudioElement) => element.currentTime);
    await expect.poll(currentTime).toBe(16);
    await expect(rest).toHaveAttribute('aria-current', 'true');
    await tabTo(page, controls.getByRole('button', { name: 'Play' }));
    await page.keyboard.press('Enter');
    await expect.poll(currentTime).toBeGreaterThan(16.5);

    // Played from the start at 16× (the clip's 20 s in little more than a second): past 90 % of it
    // played, the save at its end completes the lesson by itself, and the button follows at once.
    await expect(page.getByRole('button', { name: 'Mark complete' })).toBeVisible();
    await page.locator('audio').evaluate((element: HTMLAudioElement) => {
      element.playbackRate = 16;
      element.currentTime = 0;
    });
    await expect(page.getByRole('button', { name: 'Mark incomplete' })).toBeVisible({ timeout: 15_000 });
    await expect(page.getByRole('status').filter({ hasText: 'Completed' })).toBeVisible();

    expect(await axeViolations(page)).toEqual([]);
    expect(problems).toEqual([]);
  } finally {
    await remove();
  }
});
