// CONTRACT §7 "Resumable uploads (tus 1.0.0)" over real HTTP, on a real database and a real
// COURSE_FILES_ROOT, with real clips made by ffmpeg: the protocol (creation, HEAD, PATCH, OPTIONS,
// DELETE), section 4's rules at creation and on the first bytes, who may touch an upload, the lock
// of two PATCHes at once, the last PATCH attaching the file as the multipart call does, and expiry.
import { existsSync, readdirSync, readFileSync, utimesSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { closeAdminApp, signIn, startAdminApp, type AdminApp } from '../../../tests/support/admin-app';
import { courseSite, type CourseSite } from '../../../tests/support/course-site';
import { CLIP_SECONDS, testClip } from '../../../tests/support/media-clips';
import { TusClient, UPLOADS } from '../../../tests/support/tus-client';
import { sweepExpiredUploads } from './tus-expiry';
import { CourseUploadStore, TUS_FOLDER } from './tus-store';

const MEDIA_MAX = 5 * 1024 * 1024;
const clips = {} as Record<'mp4' | 'webm', Buffer>;
beforeAll(async () => {
  for (const kind of ['mp4', 'webm'] as const) clips[kind] = (await testClip(kind)).bytes;
}, 120_000);

const PDF = Buffer.from('%PDF-1.4\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n');
const VTT = Buffer.from('WEBVTT\n\n00:00.000 --> 00:01.500\nHello\n');

let site: AdminApp;
let course: CourseSite;
let tus: TusClient;
let base: string;

beforeEach(async () => {
  site = await startAdminApp({ env: { COURSE_FILE_MAX_BYTES: String(MEDIA_MAX) } });
  course = courseSite(site);
  await site.t.app.listen({ port: 0, host: '127.0.0.1' });
  base = `http://127.0.0.1:${(site.t.app.server.address() as AddressInfo).port}`;
  tus = new TusClient(base, site.adminToken);
});
afterEach(async () => {
  await closeAdminApp(site);
});

const root = () => site.t.config.courseFilesRoot;
/** What tus keeps of unfinished uploads. */
const tusFolder = () => readdirSync(path.join(root(), TUS_FOLDER)).sort();
/** The stored files of the course (the tus folder aside). */
const storedFiles = () =>
  readdirSync(root())
    .filter((name) => name !== TUS_FOLDER)
    .sort();

async function videoLesson(kind: 'video' | 'text' = 'video') {
  const module = await course.createModule({ title: 'Foundations', published: true });
  return course.createLesson({ moduleId: module._id, title: 'The pattern', kind });
}

interface AdminFile {
  _id: string;
  role: string;
  name: string;
  size: number;
}
async function lessonFiles(lessonId: string) {
  const modules = (await course.api('GET', '/api/admin/course')).body.modules as Array<{
    lessons: Array<{ _id: string; durationSeconds: number | null; files: AdminFile[] }>;
  }>;
  return modules.flatMap((module) => module.lessons).find((lesson) => lesson._id === lessonId)!;
}

async function secondAdmin(): Promise<string> {
  const res = await course.api('POST', '/api/admin/users', {
    name: 'Other',
    email: 'other-admin@example.com',
    password: 'other password',
    role: 'admin',
    membershipTier: 'free',
    status: 'active',
  });
  expect(res.status, res.raw).toBe(201);
  return signIn(site.t, 'other-admin@example.com', 'other password');
}

describe('the protocol', () => {
  it('creates an upload (201, Location), tells its offset by HEAD, appends by PATCH, and attaches the file to the lesson on its last byte', async () => {
    const lesson = await videoLesson();
    const bytes = clips.mp4;
    const created = await tus.create({ lessonId: lesson._id, role: 'media', filename: 'talk.mp4' }, bytes.length);
    expect(created.status, created.text).toBe(201);
    const location = created.headers.get('location')!;
    // Relative to the site, whatever host or proxy the request came through.
    expect(location).toMatch(/^\/api\/admin\/course\/uploads\/[0-9a-f-]{36}$/);
    expect(created.headers.get('tus-resumable')).toBe('1.0.0');

    const fresh = await tus.head(location);
    expect(fresh.status).toBe(200);
    expect(fresh.headers.get('upload-offset')).toBe('0');
    expect(fresh.headers.get('upload-length')).toBe(String(bytes.length));
    expect(fresh.headers.get('cache-control')).toBe('no-store');

    const half = Math.floor(bytes.length / 2);
    const first = await tus.patch(location, 0, bytes.subarray(0, half));
    expect(first.status, first.text).toBe(204);
    expect(first.headers.get('upload-offset')).toBe(String(half));
    expect((await tus.head(location)).headers.get('upload-offset')).toBe(String(half));
    expect(await lessonFiles(lesson._id)).toMatchObject({ files: [] });

    const last = await tus.patch(location, half, bytes.subarray(half));
    expect(last.status, last.text).toBe(204);
    expect(last.headers.get('upload-offset')).toBe(String(bytes.length));

    const after = await lessonFiles(lesson._id);
    expect(after.durationSeconds).toBe(CLIP_SECONDS);
    expect(after.files).toMatchObject([{ role: 'media', name: 'talk.mp4', size: bytes.length }]);
    // Stored under its id, byte for byte; tus keeps nothing of it.
    const fileId = after.files[0]!._id;
    expect(storedFiles()).toEqual([`${fileId}.mp4`]);
    expect(readFileSync(path.join(root(), `${fileId}.mp4`)).equals(bytes)).toBe(true);
    expect(tusFolder()).toEqual([]);
    expect((await tus.head(location)).status).toBe(404);

    const audit = (await course.api('GET', '/api/admin/audit?action=course.file.upload')).body.data as Array<{ summary: string; target: unknown }>;
    expect(audit.map((entry) => entry.summary)).toEqual([`“The pattern”: uploaded media “talk.mp4” (${(bytes.length / 1024).toFixed(1)} KB)`]);
    expect(audit[0]!.target).toEqual({ type: 'lesson', id: lesson._id });
  });

  it("replaces the lesson's media, as the multipart call does, and takes captions with their language and label", async () => {
    const lesson = await videoLesson();
    const oldId = await course.uploadFile(lesson._id, { role: 'media' }, { name: 'old.mp4', content: clips.mp4 });
    const location = await tus.created({ lessonId: lesson._id, role: 'media', filename: 'new.webm' }, clips.webm.length);
    expect((await tus.send(location, clips.webm, 16 * 1024)).status).toBe(204);
    const captions = await tus.created({ lessonId: lesson._id, role: 'captions', filename: 'talk.vtt', lang: 'en', label: 'English' }, VTT.length);
    expect((await tus.send(captions, VTT)).status).toBe(204);

    const after = await lessonFiles(lesson._id);
    expect(after.files.map((file) => [file.role, file.name])).toEqual([
      ['captions', 'talk.vtt'],
      ['media', 'new.webm'],
    ]);
    expect(after.files.find((file) => file.role === 'captions')).toMatchObject({ lang: 'en', label: 'English' });
    expect(storedFiles()).not.toContain(`${oldId}.mp4`);
    expect(storedFiles()).toHaveLength(2);
  });

  it('keeps the bytes of a PATCH cut off mid-way, and resumes from where HEAD says it stands', async () => {
    const lesson = await videoLesson();
    const bytes = clips.mp4;
    const location = await tus.created({ lessonId: lesson._id, role: 'media', filename: 'talk.mp4' }, bytes.length);
    const cut = new AbortController();
    const data = path.join(root(), TUS_FOLDER, location.split('/').pop()!);
    const stream = new ReadableStream<Uint8Array>({
      async start(controller) {
        controller.enqueue(new Uint8Array(bytes.subarray(0, 20_000)));
        // The connection drops once those bytes are on disk.
        await expect.poll(() => readFileSync(data).length, { timeout: 10_000 }).toBe(20_000);
        cut.abort();
      },
    });
    await expect(
      fetch(base + location, {
        method: 'PATCH',
        headers: {
          'tus-resumable': '1.0.0',
          authorization: `Bearer ${site.adminToken}`,
          'upload-offset': '0',
          'content-type': 'application/offset+octet-stream',
        },
        body: stream,
        duplex: 'half',
        signal: cut.signal,
      } as RequestInit),
    ).rejects.toThrow();
    await expect.poll(async () => (await tus.head(location)).headers.get('upload-offset'), { timeout: 10_000 }).toBe('20000');
    expect((await tus.send(location, bytes, bytes.length, 20_000)).status).toBe(204);
    const after = await lessonFiles(lesson._id);
    expect(readFileSync(path.join(root(), `${after.files[0]!._id}.mp4`)).equals(bytes)).toBe(true);
    expect(site.t.logs.text).not.toMatch(/"statusCode":5\d\d/);
  });

  it('states the protocol on OPTIONS', async () => {
    const options = await tus.call('OPTIONS', UPLOADS);
    expect(options.status).toBe(204);
    expect(options.headers.get('tus-version')).toBe('1.0.0');
    expect(options.headers.get('tus-extension')).toBe('creation,creation-with-upload,termination');
    expect(options.headers.get('tus-max-size')).toBe(String(MEDIA_MAX));
  });

  it('refuses a PATCH at the wrong offset with 409, and keeps the bytes it has', async () => {
    const lesson = await videoLesson();
    const location = await tus.created({ lessonId: lesson._id, role: 'media', filename: 'talk.mp4' }, clips.mp4.length);
    expect((await tus.patch(location, 0, clips.mp4.subarray(0, 2000))).status).toBe(204);
    for (const offset of [0, 1000, 3000]) {
      const wrong = await tus.patch(location, offset, clips.mp4.subarray(offset, offset + 1000));
      expect(wrong.status).toBe(409);
      expect(wrong.message).toMatch(/^Upload-Offset is not where the upload stands/);
    }
    expect((await tus.head(location)).headers.get('upload-offset')).toBe('2000');
  });

  it('cancels an upload on DELETE, with its bytes', async () => {
    const lesson = await videoLesson();
    const location = await tus.created({ lessonId: lesson._id, role: 'media', filename: 'talk.mp4' }, clips.mp4.length);
    await tus.patch(location, 0, clips.mp4.subarray(0, 2000));
    expect((await tus.call('DELETE', location)).status).toBe(204);
    expect((await tus.head(location)).status).toBe(404);
    expect(tusFolder()).toEqual([]);
  });
});

describe("section 4's rules", () => {
  it('refuses at creation, before a byte, a wrong extension (415), a length over the role’s limit (413), no such lesson (404), media on a text lesson (400) and missing fields (400)', async () => {
    const lesson = await videoLesson();
    const text = await videoLesson('text');
    const cases: Array<[Record<string, string>, number, number, RegExp]> = [
      [
        { lessonId: lesson._id, role: 'media', filename: 'talk.avi' },
        100,
        415,
        /^Invalid file type: talk\.avi\. A video lesson's media file must be mp4, m4v, webm or mov\.$/,
      ],
      [{ lessonId: lesson._id, role: 'attachment', filename: 'run.exe' }, 100, 415, /^Invalid file type: run\.exe/],
      [{ lessonId: lesson._id, role: 'media', filename: 'talk.mp4' }, MEDIA_MAX + 1, 413, /^File too large \(max 5\.0 MB for a media file\): talk\.mp4$/],
      [{ lessonId: lesson._id, role: 'captions', filename: 'talk.vtt', lang: 'en', label: 'English' }, 1024 * 1024 + 1, 413, /for a captions file/],
      [{ lessonId: lesson._id, role: 'attachment', filename: 'big.pdf' }, 200 * 1024 * 1024 + 1, 413, /for an attachment\): big\.pdf$/],
      [{ lessonId: '00000000-0000-4000-8000-000000000000', role: 'media', filename: 'talk.mp4' }, 100, 404, /^No lesson with id/],
      [{ lessonId: 'not-an-id', role: 'media', filename: 'talk.mp4' }, 100, 404, /^No lesson with id/],
      [{ lessonId: text._id, role: 'media', filename: 'talk.mp4' }, 100, 400, /^role: a text lesson has no media file$/],
      [{ lessonId: lesson._id, role: 'poster', filename: 'talk.mp4' }, 100, 400, /^role must be one of media, captions, attachment$/],
      [{ role: 'media', filename: 'talk.mp4' }, 100, 400, /^lessonId is required/],
      [{ lessonId: lesson._id, role: 'media' }, 100, 400, /^filename is required/],
    ];
    for (const [fields, length, status, message] of cases) {
      const answer = await tus.create(fields, length);
      expect(answer.status, JSON.stringify(fields)).toBe(status);
      expect(answer.message, JSON.stringify(fields)).toMatch(message);
    }
    const deferred = await tus.call('POST', UPLOADS, {
      'upload-defer-length': '1',
      'upload-metadata': `lessonId ${Buffer.from(lesson._id).toString('base64')}`,
    });
    expect(deferred.status).toBe(400);
    expect(deferred.message).toMatch(/^Upload-Length is required/);
    expect(tusFolder()).toEqual([]);
  });

  it('refuses with 415 an upload whose first bytes are not what its extension says, and removes it with its bytes', async () => {
    const lesson = await videoLesson();
    const fake = Buffer.concat([PDF, Buffer.alloc(4000, 7)]);
    const location = await tus.created({ lessonId: lesson._id, role: 'media', filename: 'talk.mp4' }, fake.length);
    // A few bytes are not enough to tell: the check waits for those it reads.
    expect((await tus.patch(location, 0, fake.subarray(0, 10))).status).toBe(204);
    const refused = await tus.patch(location, 10, fake.subarray(10, 3000));
    expect(refused.status).toBe(415);
    expect(refused.message).toBe('Invalid file type: talk.mp4. Its content is not a .mp4 file.');
    expect((await tus.head(location)).status).toBe(404);
    expect(tusFolder()).toEqual([]);
    expect(storedFiles()).toEqual([]);
  });

  it('refuses on the last byte a file its role cannot read (captions that are not WebVTT cues, media that is not playable), keeping nothing', async () => {
    const lesson = await videoLesson();
    const notCues = Buffer.from('WEBVTT\n\nthis is no cue at all -->\n');
    const captions = await tus.created({ lessonId: lesson._id, role: 'captions', filename: 'bad.vtt', lang: 'en', label: 'English' }, notCues.length);
    const refusedCaptions = await tus.send(captions, notCues);
    // Captions that parse to nothing may be taken as empty: what matters is that a refusal keeps nothing.
    if (refusedCaptions.status !== 204) expect(refusedCaptions.status).toBe(415);
    const truncated = clips.mp4.subarray(0, 2048);
    const media = await tus.created({ lessonId: lesson._id, role: 'media', filename: 'cut.mp4' }, truncated.length);
    const refused = await tus.send(media, truncated);
    expect(refused.status).toBe(415);
    expect(refused.message).toBe('Invalid file type: cut.mp4. It could not be read as mp4 audio or video.');
    expect(tusFolder()).toEqual([]);
    expect((await lessonFiles(lesson._id)).files.filter((file) => file.role === 'media')).toEqual([]);
    expect(storedFiles()).toHaveLength((await lessonFiles(lesson._id)).files.length);
  });

  it('makes a 300-byte name and a path-like name safe', async () => {
    const lesson = await videoLesson();
    const long = `${'é'.repeat(150)}.pdf`;
    for (const filename of [long, '../../etc/passwd/..\\notes.pdf']) {
      const location = await tus.created({ lessonId: lesson._id, role: 'attachment', filename }, PDF.length);
      expect((await tus.send(location, PDF)).status).toBe(204);
    }
    const files = (await lessonFiles(lesson._id)).files;
    expect(files).toHaveLength(2);
    for (const file of files) {
      expect(file.name).not.toMatch(/[/\\]/);
      expect(Buffer.byteLength(file.name)).toBeLessThanOrEqual(255);
      expect(file.name.endsWith('.pdf')).toBe(true);
    }
    expect(files.map((file) => file.name)).toContain('notes.pdf');
    expect(storedFiles()).toEqual(files.map((file) => `${file._id}.pdf`).sort());
  });
});

describe('who may touch an upload', () => {
  it('is its owner alone: for another admin every method is 404, and the upload goes on untouched', async () => {
    const lesson = await videoLesson();
    const location = await tus.created({ lessonId: lesson._id, role: 'media', filename: 'talk.mp4' }, clips.mp4.length);
    await tus.patch(location, 0, clips.mp4.subarray(0, 1500));
    const other = new TusClient(base, await secondAdmin());
    expect((await other.head(location)).status).toBe(404);
    for (const answer of [await other.patch(location, 1500, clips.mp4.subarray(1500)), await other.call('DELETE', location)]) {
      expect(answer.status).toBe(404);
      expect(answer.message).toMatch(/^No upload with id '[0-9a-f-]{36}'$/);
    }
    expect((await tus.head(location)).headers.get('upload-offset')).toBe('1500');
    expect((await tus.send(location, clips.mp4, clips.mp4.length, 1500)).status).toBe(204);
    // An id that never was, or is not an id at all, is the same 404.
    expect((await tus.head(`${UPLOADS}/00000000-0000-4000-8000-000000000000`)).status).toBe(404);
    expect((await tus.head(`${UPLOADS}/..%2F..%2Fapp.db`)).status).toBe(404);
  });

  it('is refused to anyone who is not an admin: 401 without a token, 403 for a member', async () => {
    const lesson = await videoLesson();
    const location = await tus.created({ lessonId: lesson._id, role: 'media', filename: 'talk.mp4' }, clips.mp4.length);
    const member = await course.member('mia@example.com', true);
    for (const [token, status] of [
      ['', 401],
      [member.token, 403],
    ] as const) {
      const client = new TusClient(base, token);
      const answers = [
        await client.create({ lessonId: lesson._id, role: 'media', filename: 'talk.mp4' }, 10),
        await client.call('OPTIONS', UPLOADS),
        await client.head(location),
        await client.patch(location, 0, clips.mp4.subarray(0, 100)),
        await client.call('DELETE', location),
      ];
      expect(answers.map((answer) => answer.status)).toEqual(Array(5).fill(status));
      expect(answers[0]!.message).toBeTruthy();
    }
    expect((await tus.head(location)).headers.get('upload-offset')).toBe('0');
  });
});

describe('two PATCHes at once', () => {
  it('never both write: the second stops the first, or waits, and the file holds the bytes of one of them only', async () => {
    const lesson = await videoLesson();
    const bytes = Buffer.concat([Buffer.from('%PDF-1.4\n'), Buffer.alloc(60_000, 'a')]);
    const location = await tus.created({ lessonId: lesson._id, role: 'attachment', filename: 'notes.pdf' }, bytes.length);
    // The first sends a part, then holds its connection open without sending more.
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    const slow = new ReadableStream<Uint8Array>({
      async start(controller) {
        controller.enqueue(bytes.subarray(0, 20_000));
        await held;
        controller.enqueue(bytes.subarray(20_000, 30_000));
        controller.close();
      },
    });
    const first = tus.patch(location, 0, slow);
    // Once its bytes are on disk, a second PATCH of other bytes comes at the same offset.
    const data = path.join(root(), TUS_FOLDER, location.split('/').pop()!);
    await expect.poll(() => (existsSync(data) ? readFileSync(data).length : 0), { timeout: 10_000 }).toBe(20_000);
    const other = Buffer.alloc(40_000, 'b');
    other.write('%PDF-1.4\n');
    const second = await tus.patch(location, 0, other);
    release();
    const answers = [await first, second];
    const written = readFileSync(data);
    const took = answers.filter((answer) => answer.status === 204);
    // One writer at most; the other refused as tus does (409 at a stale offset, 423 busy, 400 stopped).
    expect(took.length).toBeLessThanOrEqual(1);
    for (const answer of answers) if (answer.status !== 204) expect([400, 409, 423]).toContain(answer.status);
    expect(written.length).toBe(Number((await tus.head(location)).headers.get('upload-offset')));
    const fromFirst = written.equals(bytes.subarray(0, written.length));
    const fromSecond = written.equals(other.subarray(0, written.length));
    expect(fromFirst || fromSecond, 'the bytes of one PATCH only').toBe(true);
    expect(written.subarray(0, 20_000).equals(bytes.subarray(0, 20_000))).toBe(true);
  });
});

describe('expiry', () => {
  it('removes an upload whose last byte is older than COURSE_UPLOAD_EXPIRY_HOURS, with its bytes, and keeps a recent one', async () => {
    const lesson = await videoLesson();
    const stale = await tus.created({ lessonId: lesson._id, role: 'media', filename: 'stale.mp4' }, clips.mp4.length);
    const recent = await tus.created({ lessonId: lesson._id, role: 'media', filename: 'recent.mp4' }, clips.mp4.length);
    await tus.patch(stale, 0, clips.mp4.subarray(0, 3000));
    await tus.patch(recent, 0, clips.mp4.subarray(0, 3000));
    const hours = site.t.config.courseUploadExpiryHours;
    const staleData = path.join(root(), TUS_FOLDER, stale.split('/').pop()!);
    const longAgo = new Date(Date.now() - (hours * 60 + 1) * 60 * 1000);
    utimesSync(staleData, longAgo, longAgo);

    const removed = await sweepExpiredUploads(new CourseUploadStore(root()), hours * 60 * 60 * 1000, Date.now());
    expect(removed).toEqual([stale.split('/').pop()]);
    expect((await tus.head(stale)).status).toBe(404);
    expect(existsSync(staleData)).toBe(false);
    expect(tusFolder()).toEqual([`${recent.split('/').pop()}`, `${recent.split('/').pop()}.json`]);
    expect((await tus.head(recent)).headers.get('upload-offset')).toBe('3000');
  });
});
