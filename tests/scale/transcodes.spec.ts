// CONTRACT §7 "Transcoding" with two processes (decision 045): a transcode is run by exactly one of
// them, and one whose process is killed mid-way is finished by the other once its lease runs out.
import { readFileSync } from 'node:fs';
import { test as base, expect } from '@playwright/test';
import { sourceClip, testClip } from '../support/media-clips';
import { startTwoProcessSite, type SharedDatabase, type TwoProcessSite } from './two-processes';

const test = base.extend<object, { database: SharedDatabase }>({
  database: ['sqlite', { option: true, scope: 'worker' }],
});

interface Transcode {
  state: string;
  percent: number;
  error: string | null;
}

async function call<T>(url: string, init: RequestInit = {}, token?: string): Promise<T> {
  const response = await fetch(url, {
    ...init,
    headers: {
      ...(init.body && typeof init.body === 'string' ? { 'content-type': 'application/json' } : {}),
      ...(token ? { authorization: `Bearer ${token}` } : {}),
    },
  });
  const text = await response.text();
  expect(response.ok, `${init.method ?? 'GET'} ${url}: ${response.status} ${text}`).toBe(true);
  return JSON.parse(text) as T;
}

const signIn = async (site: TwoProcessSite, base: string) =>
  (await call<{ token: string }>(`${base}/api/auth/login`, { method: 'POST', body: JSON.stringify(site.admin) })).token;

/** A published video lesson with `clip` as its media, uploaded through `base`: the file's id. */
async function videoLesson(base: string, token: string, clip: Buffer): Promise<{ lessonId: string; fileId: string }> {
  const { module } = await call<{ module: { _id: string } }>(
    `${base}/api/admin/course/modules`,
    { method: 'POST', body: JSON.stringify({ title: 'Jobs', published: true }) },
    token,
  );
  const { lesson } = await call<{ lesson: { _id: string } }>(
    `${base}/api/admin/course/lessons`,
    { method: 'POST', body: JSON.stringify({ moduleId: module._id, title: 'Pattern', kind: 'video', published: true, freePreview: true }) },
    token,
  );
  const form = new FormData();
  form.append('role', 'media');
  form.append('file', new Blob([new Uint8Array(clip)], { type: 'video/mp4' }), 'pattern.mp4');
  const { file } = await call<{ file: { _id: string } }>(`${base}/api/admin/course/lessons/${lesson._id}/files`, { method: 'POST', body: form }, token);
  return { lessonId: lesson._id, fileId: file._id };
}

async function transcodeOf(base: string, token: string, fileId: string): Promise<Transcode | null> {
  const tree = await call<{ modules: Array<{ lessons: Array<{ files: Array<{ _id: string; transcode: Transcode | null }> }> }> }>(
    `${base}/api/admin/course`,
    {},
    token,
  );
  return tree.modules.flatMap((m) => m.lessons.flatMap((l) => l.files)).find((file) => file._id === fileId)?.transcode ?? null;
}

/** The processes ('A' or 'B') whose log says they started the transcode of `fileId`, once per try, in order. */
function startsOf(site: TwoProcessSite, fileId: string): Array<{ process: string; attempt: number }> {
  // Each chunk of output is one process's ('[A] …'); a log line may span two chunks of that process.
  const text: Record<string, string> = { A: '', B: '' };
  for (const chunk of site.output) text[chunk.slice(1, 2)] += chunk.slice(4);
  const starts: Array<{ process: string; attempt: number; time: number }> = [];
  for (const [process, lines] of Object.entries(text)) {
    for (const line of lines.split('\n')) {
      if (!line.startsWith('{')) continue;
      const entry = JSON.parse(line) as { msg?: string; key?: string; attempt?: number; time?: number };
      if (entry.msg === 'a job started' && entry.key === `transcode:${fileId}`) starts.push({ process, attempt: entry.attempt ?? 0, time: entry.time ?? 0 });
    }
  }
  return starts.sort((a, b) => a.time - b.time).map(({ process, attempt }) => ({ process, attempt }));
}

async function untilDone(base: string, token: string, fileId: string) {
  await expect.poll(async () => (await transcodeOf(base, token, fileId))?.state, { timeout: 120_000, intervals: [250] }).toBe('done');
}

test('each transcode is run by exactly one of the two processes', async ({ database }) => {
  test.setTimeout(180_000);
  const site = await startTwoProcessSite(database, { LOG_LEVEL: 'info' });
  try {
    const token = await signIn(site, site.a.url);
    const { bytes } = await testClip('mp4');
    const files = [];
    for (let i = 0; i < 4; i++) files.push(await videoLesson(i % 2 === 0 ? site.a.url : site.b.url, token, bytes));
    for (const { fileId } of files) await untilDone(site.b.url, token, fileId);
    for (const { fileId } of files) expect(startsOf(site, fileId), site.output.join('')).toHaveLength(1);
  } finally {
    await site.stop();
  }
});

test('a transcode whose process is killed mid-way is finished by the other once its lease runs out', async ({ database }) => {
  // A 720p source to make, a transcode, a lease to run out, then the transcode again.
  test.setTimeout(180_000);
  const site = await startTwoProcessSite(database, { LOG_LEVEL: 'info', JOB_LEASE_SECONDS: '5' });
  try {
    const token = await signIn(site, site.a.url);
    // Long enough to be killed mid-way: a 720p source makes four renditions, some seconds of work.
    const clip = readFileSync(await sourceClip({ width: 1280, height: 720, seconds: 30, faststart: true }));
    const { lessonId, fileId } = await videoLesson(site.a.url, token, clip);
    await expect.poll(() => startsOf(site, fileId).length, { timeout: 60_000, intervals: [50] }).toBe(1);
    const [first] = startsOf(site, fileId);
    const [killed, survivor] = first!.process === 'A' ? [site.a, site.b] : [site.b, site.a];
    await killed.crash();
    await untilDone(survivor.url, token, fileId);
    const tries = startsOf(site, fileId);
    expect(tries.map((start) => start.process)).toEqual([first!.process, first!.process === 'A' ? 'B' : 'A']);
    expect(tries[1]!.attempt).toBe(2);
    // The stream plays from the survivor.
    const reading = await call<{ lesson: { media: { stream: { url: string } | null } } }>(`${survivor.url}/api/course/lessons/${lessonId}`, {}, token);
    expect(reading.lesson.media.stream).not.toBeNull();
    const master = await fetch(`${survivor.url}${reading.lesson.media.stream!.url}`);
    expect(master.status).toBe(200);
    expect(await master.text()).toContain('#EXT-X-STREAM-INF');
  } finally {
    await site.stop();
  }
});
