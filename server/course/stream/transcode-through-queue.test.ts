// CONTRACT §7 end to end in one app: an uploaded video is transcoded by the site's job queue (not
// by hand), its stream reaches the member, a replaced video's running transcode is stopped and its
// output never appears, and a deleted lesson's stream folder goes with it.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterEach, beforeAll, beforeEach, expect, it } from 'vitest';
import { closeAdminApp, startAdminApp, type AdminApp } from '../../../tests/support/admin-app';
import { courseSite, type CourseSite } from '../../../tests/support/course-site';
import { sourceClip, testClip } from '../../../tests/support/media-clips';
import { jobs } from '../../db/schema';
import { transcodeKey } from '../transcode-queue';

interface Transcode {
  state: string;
  percent: number;
  error: string | null;
}

let site: AdminApp;
let course: CourseSite;
let clip: Buffer;
let longer: Buffer;

beforeAll(async () => {
  clip = (await testClip('mp4')).bytes;
  // Some seconds of work: still running when it is replaced.
  longer = readFileSync(await sourceClip({ width: 640, height: 360, seconds: 20, faststart: true }));
}, 120_000);
beforeEach(async () => {
  site = await startAdminApp({ env: { TRANSCODE_CONCURRENCY: '1' }, build: { jobs: { pollMs: 50 } } });
  course = courseSite(site);
});
afterEach(async () => {
  await closeAdminApp(site);
});

const streamsRoot = () => path.join(site.t.config.courseFilesRoot, 'streams');

async function transcodeOf(fileId: string): Promise<Transcode | null> {
  const modules = (await course.api('GET', '/api/admin/course')).body.modules as Array<{
    lessons: Array<{ files: Array<{ _id: string; transcode: Transcode | null }> }>;
  }>;
  return modules.flatMap((m) => m.lessons.flatMap((l) => l.files)).find((file) => file._id === fileId)?.transcode ?? null;
}

async function until(fileId: string, state: string): Promise<void> {
  await expect.poll(async () => (await transcodeOf(fileId))?.state, { timeout: 90_000, interval: 100 }).toBe(state);
}

async function videoLesson() {
  const module = await course.createModule({ title: 'Streams', published: true });
  return course.createLesson({ moduleId: module._id, title: 'The pattern', kind: 'video' });
}

it('transcodes an uploaded video through the queue, and the member gets its stream', async () => {
  const lesson = await videoLesson();
  const fileId = await course.uploadFile(lesson._id, { role: 'media' }, { name: 'talk.mp4', content: clip });
  await until(fileId, 'done');
  const member = await course.member('ada@example.com', true);
  const reading = await course.api('GET', `/api/course/lessons/${lesson._id}`, undefined, member.token);
  const { stream } = (reading.body.lesson as { media: { stream: { url: string } | null } }).media;
  expect(stream).not.toBeNull();
  const master = await site.t.app.inject({ url: stream!.url });
  expect(master.statusCode).toBe(200);
  expect(master.body).toContain('#EXT-X-STREAM-INF');
  const [job] = await site.db.db
    .select()
    .from(jobs)
    .where(eq(jobs.key, transcodeKey(fileId)));
  expect(job).toMatchObject({ state: 'done', attempts: 1 });
});

it('stops the running transcode of a replaced video: its output never appears, and the new one is transcoded', async () => {
  const lesson = await videoLesson();
  const first = await course.uploadFile(lesson._id, { role: 'media' }, { name: 'long.mp4', content: longer });
  await until(first, 'running');
  const second = await course.uploadFile(lesson._id, { role: 'media' }, { name: 'talk.mp4', content: clip });
  await until(second, 'done');
  const [job] = await site.db.db
    .select()
    .from(jobs)
    .where(eq(jobs.key, transcodeKey(first)));
  expect(job!.state).toBe('cancelled');
  // Only the new file's folder: no output of the replaced one, whole or half-made.
  expect(readdirSync(streamsRoot())).toEqual([second]);
});

it("removes a deleted lesson's stream folder with its files", async () => {
  const lesson = await videoLesson();
  const fileId = await course.uploadFile(lesson._id, { role: 'media' }, { name: 'talk.mp4', content: clip });
  await until(fileId, 'done');
  expect(existsSync(path.join(streamsRoot(), fileId))).toBe(true);
  expect((await course.api('DELETE', `/api/admin/course/lessons/${lesson._id}`)).status).toBe(200);
  expect(existsSync(path.join(streamsRoot(), fileId))).toBe(false);
});
