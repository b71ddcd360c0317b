// CONTRACT §7 "Delivery" through the REST façade and the signed stream route, on a real database
// and COURSE_FILES_ROOT, over a real clip transcoded by the job (run by hand, as the queue runs
// it): the lesson answer's stream, the admin tree's transcode, the Retry call, and what a signed
// prefix is worth: tampered, foreign, escaping its folder, after a downgrade; Range, types, caching.
import { randomUUID } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { eq } from 'drizzle-orm';
import { existsSync, mkdirSync, utimesSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { closeAdminApp, startAdminApp, type AdminApp } from '../../../tests/support/admin-app';
import { courseSite, type CourseSite } from '../../../tests/support/course-site';
import { testClip } from '../../../tests/support/media-clips';
import { courseFilesRoot, jobContext, transcodeHandler } from '../../../tests/support/stream-clips';
import { buildApp } from '../../app';
import { courseStreams, jobs } from '../../db/schema';
import { LogCapture } from '../../../tests/support/test-app';
import { sweepOrphanStreams } from '../files/orphan-sweep';
import { transcodeKey } from '../transcode-queue';
import { FFMPEG_MISSING } from './transcode-job';
import { STREAM_LINK_MESSAGES } from './stream-route';

interface Reading {
  lesson: { media: { url: string; stream: { url: string; poster: string | null } | null } };
}
interface AdminFile {
  _id: string;
  role: string;
  transcode: { state: string; percent: number; error: string | null } | null;
}

const TTL = 600;
let site: AdminApp;
let course: CourseSite;
let mp4: Buffer;
let mp3: Buffer;

beforeAll(async () => {
  mp4 = (await testClip('mp4')).bytes;
  mp3 = (await testClip('mp3')).bytes;
}, 60_000);
beforeEach(async () => {
  // This process runs no transcode of its own (once the queue runs here): the tests run the job by hand.
  site = await startAdminApp({ env: { COURSE_URL_TTL: String(TTL), TRANSCODE_CONCURRENCY: '0' } });
  course = courseSite(site);
});
afterEach(async () => {
  await closeAdminApp(site);
});

const VTT = Buffer.from('WEBVTT\n\n00:00.000 --> 00:01.000\nHello\n');

async function videoLesson() {
  const module = await course.createModule({ title: 'Streams', published: true });
  const lesson = await course.createLesson({ moduleId: module._id, title: 'The pattern', kind: 'video' });
  const mediaId = await course.uploadFile(lesson._id, { role: 'media' }, { name: 'talk.mp4', content: mp4 });
  const captionsId = await course.uploadFile(lesson._id, { role: 'captions', lang: 'en', label: 'English' }, { name: 'talk.vtt', content: VTT });
  return { lesson, mediaId, captionsId };
}

const reading = async (lessonId: string, token: string) => {
  const res = await course.api('GET', `/api/course/lessons/${lessonId}`, undefined, token);
  expect(res.status, res.raw).toBe(200);
  return res.body as unknown as Reading;
};
const adminFiles = async (lessonId: string) => {
  const modules = (await course.api('GET', '/api/admin/course')).body.modules as Array<{ lessons: Array<{ _id: string; files: AdminFile[] }> }>;
  return modules.flatMap((module) => module.lessons).find((lesson) => lesson._id === lessonId)!.files;
};
const get = (url: string, headers: Record<string, string> = {}) => site.t.app.inject({ url, headers });
/** A name beside `url` (the master playlist), as a player resolves a playlist's relative URL. */
const beside = (url: string, name: string) => new URL(name, `http://site.test${url}`).pathname;
const uris = (playlist: string) => playlist.split('\n').filter((line) => line !== '' && !line.startsWith('#'));

describe('a transcoded lesson video', () => {
  it('is in the lesson answer as a signed master playlist and poster once done, and the admin tree follows its state', async () => {
    const { lesson, mediaId } = await videoLesson();
    const member = await course.member('ada@example.com', true);
    expect((await reading(lesson._id, member.token)).lesson.media.stream).toBeNull();
    const queued = await adminFiles(lesson._id);
    expect(queued.find((file) => file.role === 'media')!.transcode).toEqual({ state: 'queued', percent: 0, error: null });
    expect(queued.find((file) => file.role === 'captions')!.transcode).toBeNull();

    await transcodeHandler(site).run({ fileId: mediaId }, jobContext(site));

    expect((await adminFiles(lesson._id)).find((file) => file.role === 'media')!.transcode).toEqual({ state: 'done', percent: 100, error: null });
    const { media } = (await reading(lesson._id, member.token)).lesson;
    // The original stays, for players that take it.
    expect(media.url).toMatch(/^\/course-files\//);
    expect(media.stream!.url).toMatch(new RegExp(`^/api/course/streams/${mediaId}/${member.id}\\.\\d+\\.\\d+\\.[\\w-]{43}/master\\.m3u8$`));
    expect(media.stream!.poster).toBe(beside(media.stream!.url, 'poster.jpg'));

    const master = await get(media.stream!.url);
    expect(master.statusCode).toBe(200);
    expect(master.headers['content-type']).toBe('application/vnd.apple.mpegurl');
    expect(master.headers['x-content-type-options']).toBe('nosniff');
    const maxAge = Number(/^private, max-age=(\d+)$/.exec(String(master.headers['cache-control']))![1]);
    expect(maxAge).toBeGreaterThan(0);
    expect(maxAge).toBeLessThanOrEqual(TTL);
    // Only relative URLs, in every playlist: the signed prefix carries over to each.
    for (const variant of uris(master.body)) {
      expect(variant).toMatch(/^[\w.-]+$/);
      const playlist = await get(beside(media.stream!.url, variant));
      expect(playlist.statusCode).toBe(200);
      for (const segment of uris(playlist.body)) expect(segment).toMatch(/^[\w.-]+$/);
      const segmentUrl = beside(media.stream!.url, uris(playlist.body)[0]!);
      const whole = await get(segmentUrl);
      expect(whole.statusCode).toBe(200);
      expect(whole.headers['content-type']).toBe('video/mp2t');
      const part = await get(segmentUrl, { range: 'bytes=0-187' });
      expect(part.statusCode).toBe(206);
      expect(part.headers['content-range']).toBe(`bytes 0-187/${whole.rawPayload.length}`);
      expect(part.rawPayload).toEqual(whole.rawPayload.subarray(0, 188));
    }
    const poster = await get(media.stream!.poster!);
    expect(poster.statusCode).toBe(200);
    expect(poster.headers['content-type']).toBe('image/jpeg');
    // The prefix's token never reaches the request log.
    const token = media.stream!.url.split('/')[5]!;
    expect(site.t.logs.text).not.toContain(token.split('.')[3]);
    expect(site.t.logs.text).toContain(`/api/course/streams/${mediaId}/[redacted]/poster.jpg`);
  }, 60_000);

  it('refuses a tampered, foreign or misplaced token (403) and any name outside the folder (404)', async () => {
    const { lesson, mediaId, captionsId } = await videoLesson();
    const ada = await course.member('ada@example.com', true);
    const bob = await course.member('bob@example.com', true);
    await transcodeHandler(site).run({ fileId: mediaId }, jobContext(site));
    const url = (await reading(lesson._id, ada.token)).lesson.media.stream!.url;
    const [, , , , , token] = url.split('/') as [string, string, string, string, string, string];
    const [userId, issued, expires, signature] = token.split('.') as [string, string, string, string];
    const refused = async (changed: string, message: string) => {
      const res = await get(changed);
      expect(res.statusCode, changed).toBe(403);
      expect(res.json(), changed).toEqual({ message });
    };
    const flipped = `${signature.slice(0, 10)}${signature[10] === 'A' ? 'B' : 'A'}${signature.slice(11)}`;
    await refused(url.replace(signature, flipped), STREAM_LINK_MESSAGES.invalid);
    // Another member's id with Ada's signature; a later expiry; the same token for another file.
    await refused(url.replace(`${userId}.`, `${bob.id}.`), STREAM_LINK_MESSAGES.invalid);
    await refused(url.replace(`.${expires}.`, `.${Number(expires) + 3600}.`), STREAM_LINK_MESSAGES.invalid);
    await refused(url.replace(`.${issued}.`, `.${Number(issued) + 1}.`), STREAM_LINK_MESSAGES.invalid);
    await refused(url.replace(mediaId, captionsId), STREAM_LINK_MESSAGES.invalid);
    await refused(url.replace(token, 'not-a-token'), STREAM_LINK_MESSAGES.invalid);
    // Bob's own URL works for Bob: the signature is per member.
    expect((await get((await reading(lesson._id, bob.token)).lesson.media.stream!.url)).statusCode).toBe(200);

    const prefix = url.slice(0, -'master.m3u8'.length);
    for (const name of ['..%2F..%2F..%2Fjwt-secret', '%2e%2e%2fmaster.m3u8', '.hidden', 'v0.m3u8.bak', 'master.M3U8', 'v0_1.ts', 'x']) {
      const res = await get(`${prefix}${name}`);
      expect(res.statusCode, name).toBe(404);
    }
    // A control character is refused as in every path (issue 25), before the folder is looked at.
    const nul = await get(`${prefix}master.m3u8%00`);
    expect([nul.statusCode, nul.json()]).toEqual([400, { message: 'name must not contain control characters' }]);
    // A name of the pattern that ffmpeg did not write.
    expect((await get(`${prefix}v7.m3u8`)).statusCode).toBe(404);
  }, 60_000);

  it("refuses a member downgraded mid-stream their next segment, and a deleted file's stream is gone from disk", async () => {
    const { lesson, mediaId } = await videoLesson();
    const ada = await course.member('ada@example.com', true);
    await transcodeHandler(site).run({ fileId: mediaId }, jobContext(site));
    const url = (await reading(lesson._id, ada.token)).lesson.media.stream!.url;
    const variant = beside(url, uris((await get(url)).body)[0]!);
    const segments = uris((await get(variant)).body);
    expect((await get(beside(url, segments[0]!))).statusCode).toBe(200);
    await course.setUser('ada@example.com', { membershipTier: 'free' });
    const next = await get(beside(url, segments[1]!));
    expect(next.statusCode).toBe(403);
    expect(next.json()).toEqual({ message: 'This lesson is for Architects' });

    const folder = path.join(courseFilesRoot(site), 'streams', mediaId);
    expect(existsSync(folder)).toBe(true);
    expect((await course.api('DELETE', `/api/admin/course/files/${mediaId}`)).status).toBe(200);
    expect(existsSync(folder)).toBe(false);
  }, 60_000);

  it('of an audio lesson has a stream and no poster', async () => {
    const module = await course.createModule({ title: 'Sounds', published: true });
    const lesson = await course.createLesson({ moduleId: module._id, title: 'Listen', kind: 'audio', freePreview: true });
    const mediaId = await course.uploadFile(lesson._id, { role: 'media' }, { name: 'talk.mp3', content: mp3 });
    const member = await course.member('ada@example.com');
    await transcodeHandler(site).run({ fileId: mediaId }, jobContext(site));
    const { stream } = (await reading(lesson._id, member.token)).lesson.media;
    expect(stream!.poster).toBeNull();
    expect((await get(stream!.url)).statusCode).toBe(200);
  }, 60_000);
});

describe('the Retry call', () => {
  it('queues a done or failed transcode again (201, audited), refuses one already queued (409), and knows only media files (404)', async () => {
    const { lesson, mediaId, captionsId } = await videoLesson();
    const retry = (id: string, token?: string) => course.api('POST', `/api/admin/course/files/${id}/transcode`, undefined, token);
    const busy = await retry(mediaId);
    expect(busy.status).toBe(409);
    expect(busy.body).toEqual({ message: "This file's transcode is already queued or running" });

    await transcodeHandler(site).run({ fileId: mediaId }, jobContext(site));
    const again = await retry(mediaId);
    expect(again.status, again.raw).toBe(201);
    expect(again.body).toEqual({ transcode: { state: 'queued', percent: 0, error: null } });
    expect((await adminFiles(lesson._id)).find((file) => file.role === 'media')!.transcode).toEqual({ state: 'queued', percent: 0, error: null });
    const member = await course.member('ada@example.com', true);
    // Until it is done again, members get the original.
    expect((await reading(lesson._id, member.token)).lesson.media.stream).toBeNull();

    expect((await retry(captionsId)).status).toBe(404);
    expect((await retry(randomUUID())).body).toEqual({ message: expect.stringMatching(/^No media file with id/) });
    expect((await retry(mediaId, member.token)).status).toBe(403);
    const audit = (await course.api('GET', '/api/admin/audit?action=course.file.transcode')).body.data as Array<{ summary: string; target: unknown }>;
    expect(audit.map((entry) => entry.summary)).toEqual(['“The pattern”: queued the transcode of media “talk.mp4” again (it was done)']);
    expect(audit[0]!.target).toEqual({ type: 'lesson', id: lesson._id });
  }, 60_000);
});

describe('the orphan sweep', () => {
  it('removes stream folders whose file is gone and temporary folders untouched for an hour, and nothing else', async () => {
    const { mediaId } = await videoLesson();
    const streams = path.join(courseFilesRoot(site), 'streams');
    const folder = (name: string) => {
      mkdirSync(path.join(streams, name), { recursive: true });
      writeFileSync(path.join(streams, name, 'master.m3u8'), '#EXTM3U\n');
      return name;
    };
    const kept = folder(mediaId);
    const gone = folder(randomUUID());
    const staleTemp = folder(`.tmp-${randomUUID()}-abc123`);
    const freshTemp = folder(`.tmp-${randomUUID()}-def456`);
    const other = folder('not-the-sites');
    const hoursAgo = (Date.now() - 2 * 3600_000) / 1000;
    utimesSync(path.join(streams, staleTemp), hoursAgo, hoursAgo);
    const removed = await sweepOrphanStreams(site.db.db, courseFilesRoot(site), site.t.app.log);
    expect(removed.sort()).toEqual([gone, staleTemp].sort());
    for (const name of [kept, freshTemp, other]) expect(existsSync(path.join(streams, name)), name).toBe(true);
  });
});

describe('at start', () => {
  it('queues the media files uploaded before this version once, and without ffmpeg says so and starts all the same', async () => {
    const { mediaId } = await videoLesson();
    // As an older version left it: no transcode, no job.
    await site.db.db.delete(jobs).where(eq(jobs.key, transcodeKey(mediaId)));
    await site.db.db.delete(courseStreams).where(eq(courseStreams.fileId, mediaId));
    const logs = new LogCapture();
    const path = process.env.PATH;
    // A machine where ffmpeg is nowhere to be found.
    process.env.PATH = mkdtempSync(`${tmpdir()}/no-ffmpeg-`);
    let second: Awaited<ReturnType<typeof buildApp>>;
    try {
      second = await buildApp(site.t.config, { clientDir: undefined, logStream: logs });
    } finally {
      process.env.PATH = path;
    }
    try {
      expect((await second.inject('/healthz')).statusCode).toBe(200);
      const lines = logs.lines.map((line) => JSON.parse(line) as { msg: string; files?: number });
      expect(lines.filter((line) => line.msg === FFMPEG_MISSING)).toHaveLength(1);
      expect(lines.find((line) => line.msg === 'lesson media files queued for their transcode into HLS')?.files).toBe(1);
      expect((await site.db.db.select().from(courseStreams).where(eq(courseStreams.fileId, mediaId)))[0]).toMatchObject({ state: 'queued', percent: 0 });
      expect(
        (
          await site.db.db
            .select()
            .from(jobs)
            .where(eq(jobs.key, transcodeKey(mediaId)))
        )[0],
      ).toMatchObject({ state: 'queued' });
    } finally {
      await second.close();
    }
  }, 60_000);
});
