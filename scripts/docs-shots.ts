// `npm run docs:shots`: the pictures of docs/guide.md, taken from a real run. It starts the built
// site on a free port with a fresh DATA_DIR, builds a course through the REST façade (a video
// lesson of real ffmpeg media with captions and a workbook, a free-preview reading, an audio
// practice, modules on a drip), lets a few Architects make progress, then photographs the screens
// in Debian's Chromium at 1280 × 800 and writes them as palette PNGs into docs/guide/. Nothing is
// asserted: a screen that changed is photographed as it now is; a screen that broke stops the run.
import { execFile } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { chromium, type Browser, type Page } from '@playwright/test';
import sharp from 'sharp';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from './chromium';
import { startServer } from './server-process';

const OUT_DIR = 'docs/guide';
const VIEWPORT = { width: 1280, height: 800 };
const ADMIN = { name: 'Ada Admin', email: 'admin@example.com', password: 'admin password for the guide' };
const VIDEO_SECONDS = 30;
const run = promisify(execFile);

/** Captions of the video lesson: one cue every five seconds. */
const CUES = [
  'For three centuries the universe was a clock.',
  'Wind it up, and every gear turns as the last one tells it.',
  'Newton gave us the laws of that clock, and they work.',
  'But look closely enough at the smallest gears,',
  'Light arrives in lumps, and a particle seems to be in two places.',
  'This course begins where the clockwork ends.',
];
const vtt = (cues: string[], every: number) =>
  `WEBVTT\n\n${cues.map((cue, index) => `${clock(index * every)} --> ${clock((index + 1) * every)}\n${cue}\n`).join('\n')}`;
const clock = (seconds: number) => `00:${String(Math.floor(seconds / 60)).padStart(2, '0')}:${String(seconds % 60).padStart(2, '0')}.000`;

const READING = `## What the double slit showed

Send light through two narrow slits and it lands on the wall in **bands**, as waves do. Send it one
particle at a time, and the bands still build up, dot by dot.

Put a detector at the slits to learn which one each particle took, and the bands are gone.

| Set-up | What lands on the wall |
|---|---|
| Two slits, nobody looking | bands of light and dark |
| Two slits, a detector at each | two plain stripes |

> The question this module leaves you with: what, exactly, counts as *looking*?
`;

/** Real media made by Debian's ffmpeg: a slow drift of light with a tone (seeded: the same drift every run), and a tone alone. */
async function makeMedia(dir: string) {
  const video = path.join(dir, 'the-clockwork-universe.webm');
  const audio = path.join(dir, 'noticing-the-observer.m4a');
  await run('ffmpeg', [
    ...['-hide_banner', '-loglevel', 'error', '-y'],
    ...[
      '-f',
      'lavfi',
      '-i',
      `gradients=s=640x360:r=10:d=${VIDEO_SECONDS}:speed=0.03:c0=0x0b1030:c1=0x3a2a7a:c2=0x7a5cc4:c3=0x12324a:nb_colors=4:type=radial:seed=7`,
    ],
    ...['-f', 'lavfi', '-i', `sine=frequency=220:duration=${VIDEO_SECONDS}`],
    ...['-t', String(VIDEO_SECONDS), '-pix_fmt', 'yuv420p', '-c:v', 'libvpx', '-deadline', 'realtime', '-cpu-used', '8', '-b:v', '200k'],
    ...['-c:a', 'libopus', '-shortest', video],
  ]);
  await run('ffmpeg', ['-hide_banner', '-loglevel', 'error', '-y', '-f', 'lavfi', '-i', 'sine=frequency=432:duration=30', '-c:a', 'aac', audio]);
  return { video, audio };
}

/** The site's REST façade, as one caller. */
function api(url: string, token: string) {
  const call = async <T>(method: string, route: string, body?: unknown): Promise<T> => {
    const res = await fetch(url + route, {
      method,
      headers: { authorization: `Bearer ${token}`, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    if (!res.ok) throw new Error(`${method} ${route}: ${res.status} ${await res.text()}`);
    return (await res.json()) as T;
  };
  const upload = async (lessonId: string, fields: Record<string, string>, file: string, type: string) => {
    const form = new FormData();
    for (const [name, value] of Object.entries(fields)) form.append(name, value);
    form.append('files', new Blob([readFileSync(file)], { type }), path.basename(file));
    const res = await fetch(`${url}/api/admin/course/lessons/${lessonId}/files`, { method: 'POST', headers: { authorization: `Bearer ${token}` }, body: form });
    if (res.status !== 201) throw new Error(`upload of ${file}: ${res.status} ${await res.text()}`);
  };
  return { call, upload };
}

async function login(url: string, email: string, password: string): Promise<string> {
  const res = await fetch(`${url}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password }),
  });
  if (!res.ok) throw new Error(`login of ${email}: ${res.status}`);
  return ((await res.json()) as { token: string }).token;
}

interface Module {
  _id: string;
  title: string;
}
interface Lesson {
  _id: string;
  title: string;
}

/** The course of the guide, on top of the ten modules every install starts with. */
async function buildCourse(url: string, adminToken: string, media: { video: string; audio: string }, workDir: string) {
  const { call, upload } = api(url, adminToken);
  const { modules } = await call<{ modules: Module[] }>('GET', '/api/admin/course');
  const [first, second, third] = modules as [Module, Module, Module];
  const lesson = async (moduleId: string, body: Record<string, unknown>) =>
    (await call<{ lesson: Lesson }>('POST', '/api/admin/course/lessons', { moduleId, published: true, kind: 'text', ...body })).lesson;

  await call('PUT', `/api/admin/course/modules/${first._id}`, { summary: 'Why the clockwork picture of the world served us so well, and where it stops.' });
  const video = await lesson(first._id, { title: 'The clockwork universe', kind: 'video', summary: 'Newton’s world, and the first crack in it.' });
  await upload(video._id, { role: 'media' }, media.video, 'video/webm');
  const captions = path.join(workDir, 'clockwork-en.vtt');
  writeFileSync(captions, vtt(CUES, VIDEO_SECONDS / CUES.length));
  await upload(video._id, { role: 'captions', lang: 'en', label: 'English' }, captions, 'text/vtt');
  const workbook = path.join(workDir, 'module-1-workbook.txt');
  writeFileSync(workbook, 'Module 1 workbook\n\n1. Where in your day do you expect the world to run like a clock?\n2. Where does it not?\n');
  await upload(video._id, { role: 'attachment' }, workbook, 'text/plain');
  await call('PUT', `/api/admin/course/lessons/${video._id}`, {
    body: 'Watch the film, then take a few minutes with the **workbook** below.\n\nThe transcript beside the player follows along; click a line to go there.',
  });
  const reading = await lesson(first._id, {
    title: 'What the double slit showed',
    summary: 'The experiment that started it all.',
    body: READING,
    freePreview: true,
  });
  const practice = await lesson(first._id, { title: 'Practice: noticing the observer', kind: 'audio', summary: 'A ten-minute guided practice.' });
  await upload(practice._id, { role: 'media' }, media.audio, 'audio/mp4');

  await call('PUT', `/api/admin/course/modules/${second._id}`, { opensAfterDays: 7, summary: 'Attention as an instrument: what changes when you watch.' });
  const attention = await lesson(second._id, { title: 'Attention as an instrument', body: 'Where attention goes, energy flows.' });
  await lesson(second._id, { title: 'A morning practice', body: 'Five minutes, before the phone.' });
  await call('PUT', `/api/admin/course/modules/${third._id}`, { opensAfterDays: 14 });
  await lesson(third._id, { title: 'Everything hums', body: 'Resonance, from strings to cells.' });
  await lesson(first._id, { title: 'Notes for next week', published: false, body: 'A draft only admins see.' });
  // The seven modules still empty wait as drafts, as they would while being written.
  for (const module of modules.slice(3)) await call('PUT', `/api/admin/course/modules/${module._id}`, { published: false });
  return { video, reading, practice, attention };
}

/** Architects who started the course, for the insights: each finished some of module 1. */
async function addMembers(url: string, adminToken: string, lessons: { video: Lesson; reading: Lesson; practice: Lesson }) {
  const { call } = api(url, adminToken);
  const people = ['Mia Stern', 'Noah Lindqvist', 'Ines Okafor', 'Leo Marchetti', 'Sana Iqbal', 'Tom Reyes'];
  const tokens: string[] = [];
  for (const [index, name] of people.entries()) {
    const email = `${name.split(' ')[0]!.toLowerCase()}@example.com`;
    const password = 'member password';
    await fetch(`${url}/api/auth/register`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ name, email, password }),
    });
    const { data } = await call<{ data: Array<Record<string, unknown> & { _id: string }> }>('GET', `/api/admin/users?search=${encodeURIComponent(email)}`);
    const { _id, createdAt: _created, updatedAt: _updated, ...fields } = data[0]!;
    // One stays an Explorer, who may open only the free preview.
    if (index < people.length - 1) await call('PUT', `/api/admin/users/${_id}`, { ...fields, membershipTier: 'paid' });
    tokens.push(await login(url, email, password));
  }
  const progress = (token: string, lesson: Lesson, body: Record<string, unknown>) =>
    api(url, token).call('PUT', `/api/course/lessons/${lesson._id}/progress`, body);
  const watched = [30, 30, 27, 16, 7];
  for (const [index, token] of tokens.entries()) {
    await progress(token, lessons.reading, { positionSeconds: 0, completed: true });
    if (index === tokens.length - 1) continue;
    await progress(token, lessons.video, { positionSeconds: watched[index]!, playedSeconds: watched[index]! });
    if (index < 2) await progress(token, lessons.practice, { positionSeconds: 30, playedSeconds: 30 });
  }
  return tokens[0]!;
}

/** Writes the page as it is now as an optimised palette PNG; its size in bytes. */
async function shoot(page: Page, name: string): Promise<number> {
  await page.evaluate(() => document.fonts.ready);
  const png = await page.screenshot({ animations: 'disabled', caret: 'hide' });
  const file = path.join(OUT_DIR, `${name}.png`);
  await sharp(png).png({ palette: true, quality: 90, effort: 10, compressionLevel: 9 }).toFile(file);
  const size = statSync(file).size;
  console.log(`${file}: ${Math.round(size / 1024)} KB`);
  return size;
}

async function signedInPage(browser: Browser, url: string, token: string): Promise<Page> {
  const context = await browser.newContext({ baseURL: url, viewport: VIEWPORT, reducedMotion: 'reduce', deviceScaleFactor: 1 });
  await context.addInitScript((value) => localStorage.setItem('token', value), token);
  return context.newPage();
}

/** Scrolls the element to the top of the view, leaving `above` pixels of what comes before it. */
async function scrollTo(page: Page, selector: string, above = 16) {
  await page
    .locator(selector)
    .first()
    .evaluate((element, margin) => window.scrollBy(0, element.getBoundingClientRect().top - margin), above);
  await page.waitForTimeout(200);
}

const server = await startServer({ env: { ADMIN_EMAIL: ADMIN.email, ADMIN_PASSWORD: ADMIN.password, ADMIN_NAME: ADMIN.name } });
const workDir = mkdtempSync(path.join(tmpdir(), 'qc-docs-shots-'));
let browser: Browser | undefined;
try {
  browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
  mkdirSync(OUT_DIR, { recursive: true });
  const adminToken = await login(server.url, ADMIN.email, ADMIN.password);
  const lessons = await buildCourse(server.url, adminToken, await makeMedia(workDir), workDir);
  const memberToken = await addMembers(server.url, adminToken, lessons);

  // 1. The member's lesson page: the player at 0:22, its caption on the picture and in the transcript.
  const member = await signedInPage(browser, server.url, memberToken);
  await member.goto(`/course/${lessons.video._id}?t=22`);
  await member.getByRole('region', { name: 'Transcript' }).getByRole('button').first().waitFor();
  await member.locator('video').evaluate(
    (video: HTMLVideoElement) =>
      // No named function inside: tsx would wrap it in a helper the page does not have.
      new Promise<void>((resolve) => {
        if (video.readyState >= 2 && !video.seeking && video.currentTime > 20) resolve();
        else video.addEventListener('seeked', () => resolve(), { once: true });
      }),
  );
  await member.getByRole('group', { name: 'Player controls' }).getByRole('combobox', { name: 'Captions' }).selectOption({ label: 'English' });
  await member.locator('.transcript-panel [aria-current="true"]').waitFor();
  await scrollTo(member, 'main h1', 64);
  await shoot(member, 'lesson-page');

  // 2. The Course Manager: the board of modules and lessons, then a lesson's editor with its files.
  const admin = await signedInPage(browser, server.url, adminToken);
  await admin.goto('/admin/dashboard?section=course');
  const manager = admin.getByRole('region', { name: 'Course Manager' });
  await manager.getByRole('article', { name: 'Beyond Newton' }).waitFor();
  await scrollTo(admin, '.course-manager', 8);
  await shoot(admin, 'course-manager');
  await manager
    .getByRole('article', { name: 'Beyond Newton' })
    .getByRole('button', { name: /^Edit lesson The clockwork universe/ })
    .click();
  await admin.getByRole('region', { name: 'Edit lesson: The clockwork universe' }).waitFor();
  await scrollTo(admin, '.cm-lesson-editor', 8);
  await shoot(admin, 'lesson-editor');

  // 3. The drip, previewed: on day 3 an Architect has module 1 open, and modules 2 and 3 locked.
  const preview = admin.getByRole('region', { name: 'Preview as a member' });
  await preview.getByLabel('Preview as Architect').check();
  await preview.getByLabel('Day after becoming an Architect').fill('3');
  await preview.getByRole('heading', { name: 'As an Architect sees it on day 3' }).waitFor();
  await preview
    .getByText(/Opens on/)
    .first()
    .waitFor();
  await scrollTo(admin, '.cm-member-preview', 8);
  await shoot(admin, 'drip-preview');

  // 4. The insights: who started and finished, where people stop, how much of each lesson is played.
  const insights = admin.getByRole('region', { name: 'Insights' });
  await insights.getByRole('img', { name: /^Funnel of / }).waitFor();
  await scrollTo(admin, '.cm-insights', 8);
  await admin.mouse.move(0, 0);
  await shoot(admin, 'insights');
} finally {
  await browser?.close();
  await server.stop();
  rmSync(workDir, { recursive: true, force: true });
}
