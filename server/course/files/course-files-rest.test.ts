// CONTRACT §4 "Course files" through the REST façade and the signed file route, on a real
// database and a real COURSE_FILES_ROOT, with real clips made by ffmpeg: uploads and their
// refusals, who gets which URL, what an issued URL is worth after the member or the lesson changes,
// the headers files go out with, and that nothing is left on disk that no row names.
import { existsSync, readdirSync } from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { asc, eq } from 'drizzle-orm';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { DAY_MS } from '../../../shared/constants';
import { closeAdminApp, startAdminApp, type AdminApp } from '../../../tests/support/admin-app';
import { courseSite, type CourseSite } from '../../../tests/support/course-site';
import { CLIP_SECONDS, testClip } from '../../../tests/support/media-clips';
import { multipart } from '../../../tests/support/multipart';
import { courseCaptionCues, courseFiles } from '../../db/schema';

interface UploadedFile {
  _id: string;
  role: string;
  name: string;
  size: number;
  lang: string | null;
  label: string | null;
}
interface LessonReading {
  lesson: {
    kind: string;
    durationSeconds: number | null;
    media: { url: string; type: string; captions: Array<{ lang: string; label: string; url: string }> } | null;
    attachments: Array<{ name: string; size: number; url: string }>;
  };
}

const clips = {} as Record<'mp4' | 'webm' | 'm4a' | 'mp3', Buffer>;
beforeAll(async () => {
  for (const kind of ['mp4', 'webm', 'm4a', 'mp3'] as const) clips[kind] = (await testClip(kind)).bytes;
}, 120_000);

const VTT = Buffer.from(
  'WEBVTT\n\n00:00.000 --> 00:01.500\n<v Ada>Hello <b>world</b> &amp; <script>alert(1)</script>\n\n00:01.500 --> 00:03.000\nSecond &lt;img src=x onerror=alert(2)&gt; line\n',
);
const PDF = Buffer.from('%PDF-1.4\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n');
const SVG = Buffer.from('<?xml version="1.0"?><svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>');

let site: AdminApp;
let course: CourseSite;
/** How far the app's clock runs ahead of the real one. */
let ahead = 0;
const clock = () => Date.now() + ahead;
const ttl = 600;

beforeEach(async () => {
  ahead = 0;
  site = await startAdminApp({ env: { COURSE_URL_TTL: String(ttl), COURSE_FILE_MAX_BYTES: String(5 * 1024 * 1024) }, build: { clock } });
  course = courseSite(site);
});
afterEach(async () => {
  await closeAdminApp(site);
});

const root = () => site.t.config.courseFilesRoot;
/** The files in COURSE_FILES_ROOT, temporary ones included (the resumable uploads' folder aside: tus-uploads.test.ts). */
const onDisk = () =>
  readdirSync(root())
    .filter((name) => name !== '.tus')
    .sort();
const storedNames = async () => (await site.db.db.select({ storedName: courseFiles.storedName }).from(courseFiles)).map((row) => row.storedName).sort();

async function upload(lessonId: string, fields: Record<string, string>, file: { name: string; content: Buffer } | null, token = site.adminToken) {
  const { payload, headers } = multipart(fields, file ? [{ name: file.name, type: 'application/octet-stream', content: file.content }] : []);
  const res = await site.t.app.inject({
    method: 'POST',
    url: `/api/admin/course/lessons/${lessonId}/files`,
    payload,
    headers: { ...headers, ...(token ? { authorization: `Bearer ${token}` } : {}) },
  });
  return { status: res.statusCode, body: res.json() as { file: UploadedFile; lesson: { durationSeconds: number | null }; message?: string } };
}

async function uploaded(lessonId: string, fields: Record<string, string>, file: { name: string; content: Buffer }) {
  const res = await upload(lessonId, fields, file);
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body;
}

const read = async (lessonId: string, token: string) => course.api('GET', `/api/course/lessons/${lessonId}`, undefined, token);
const reading = async (lessonId: string, token: string) => {
  const res = await read(lessonId, token);
  expect(res.status, res.raw).toBe(200);
  return res.body as unknown as LessonReading;
};
const fetchFile = (url: string, headers: Record<string, string> = {}) => site.t.app.inject({ url, headers });

/** A published module with a video lesson (free preview or not) holding media, English captions and a PDF. */
async function videoLesson(options: { freePreview?: boolean; opensAfterDays?: number; published?: boolean } = {}) {
  const module = await course.createModule({ title: 'Foundations', published: true, opensAfterDays: options.opensAfterDays ?? 0 });
  const lesson = await course.createLesson({
    moduleId: module._id,
    title: 'The pattern',
    kind: 'video',
    freePreview: options.freePreview ?? false,
    published: options.published ?? true,
  });
  const media = (await uploaded(lesson._id, { role: 'media' }, { name: 'talk.mp4', content: clips.mp4 })).file;
  const captions = (await uploaded(lesson._id, { role: 'captions', lang: 'en', label: 'English' }, { name: 'talk.vtt', content: VTT })).file;
  const attachment = (await uploaded(lesson._id, { role: 'attachment' }, { name: 'Workbook – ch. 1.pdf', content: PDF })).file;
  return { module, lesson, media, captions, attachment };
}

describe('uploading', () => {
  it('takes a media file (duration read from it), captions and an attachment, each stored under its id, and lists them for the admin', async () => {
    const { lesson, media, captions, attachment } = await videoLesson();
    expect(media).toEqual({ _id: media._id, role: 'media', name: 'talk.mp4', size: clips.mp4.length, lang: null, label: null });
    expect(captions).toMatchObject({ role: 'captions', name: 'talk.vtt', lang: 'en', label: 'English' });
    expect(attachment).toMatchObject({ role: 'attachment', name: 'Workbook – ch. 1.pdf', size: PDF.length });
    expect(onDisk()).toEqual([`${attachment._id}.pdf`, `${captions._id}.vtt`, `${media._id}.mp4`].sort());
    const admin = (await course.api('GET', '/api/admin/course')).body.modules as Array<{
      lessons: Array<{ _id: string; durationSeconds: number; files: UploadedFile[] }>;
    }>;
    const listed = admin.flatMap((module) => module.lessons).find((l) => l._id === lesson._id)!;
    expect(listed.durationSeconds).toBe(CLIP_SECONDS);
    // Each media file with its transcode into HLS (CONTRACT §7), queued in the upload's transaction; null for the others.
    const withTranscode = (file: UploadedFile) => ({ ...file, transcode: file.role === 'media' ? { state: 'queued', percent: 0, error: null } : null });
    expect(listed.files).toEqual([media, captions, attachment].sort((a, b) => a.role.localeCompare(b.role)).map(withTranscode));
    // In the outline too, for everyone.
    const outline = (await course.api('GET', '/api/course', undefined, '')).body as {
      modules: Array<{ lessons: Array<{ _id: string; durationSeconds: number }> }>;
    };
    expect(outline.modules.flatMap((m) => m.lessons).find((l) => l._id === lesson._id)!.durationSeconds).toBe(CLIP_SECONDS);
    const audit = (await course.api('GET', '/api/admin/audit?action=course.file.upload')).body.data as Array<{ summary: string; target: unknown }>;
    expect(audit.map((entry) => entry.summary)).toEqual([
      `“The pattern”: uploaded attachment “Workbook – ch. 1.pdf” (${PDF.length} B)`,
      `“The pattern”: uploaded captions “English” (en) “talk.vtt” (${VTT.length} B)`,
      `“The pattern”: uploaded media “talk.mp4” (${(clips.mp4.length / 1024).toFixed(1)} KB)`,
    ]);
    expect(audit[0]!.target).toEqual({ type: 'lesson', id: lesson._id });
  });

  it('reads the duration of a webm video and of m4a and mp3 audio; a video lesson takes no audio, an audio one no video', async () => {
    const module = await course.createModule({ title: 'Sounds', published: true });
    const video = await course.createLesson({ moduleId: module._id, title: 'Video', kind: 'video' });
    const audio = await course.createLesson({ moduleId: module._id, title: 'Audio', kind: 'audio' });
    expect((await uploaded(video._id, { role: 'media' }, { name: 'a.webm', content: clips.webm })).lesson.durationSeconds).toBe(CLIP_SECONDS);
    for (const kind of ['m4a', 'mp3'] as const) {
      expect((await uploaded(audio._id, { role: 'media' }, { name: `a.${kind}`, content: clips[kind] })).lesson.durationSeconds, kind).toBe(CLIP_SECONDS);
    }
    expect(await upload(audio._id, { role: 'media' }, { name: 'a.mp4', content: clips.mp4 })).toEqual({
      status: 415,
      body: { message: "Invalid file type: a.mp4. A audio lesson's media file must be mp3, m4a, aac, ogg, oga, opus, wav or flac." },
    });
    expect((await upload(video._id, { role: 'media' }, { name: 'a.mp3', content: clips.mp3 })).status).toBe(415);
  });

  it('a new media file replaces the old one, which leaves the disk; two at once leave exactly one', async () => {
    const { lesson, media, captions, attachment } = await videoLesson();
    const next = (await uploaded(lesson._id, { role: 'media' }, { name: 'talk.webm', content: clips.webm })).file;
    expect(onDisk()).toEqual([`${attachment._id}.pdf`, `${captions._id}.vtt`, `${next._id}.webm`].sort());
    expect(existsSync(path.join(root(), `${media._id}.mp4`))).toBe(false);

    const [a, b] = await Promise.all([
      upload(lesson._id, { role: 'media' }, { name: 'one.mp4', content: clips.mp4 }),
      upload(lesson._id, { role: 'media' }, { name: 'two.webm', content: clips.webm }),
    ]);
    expect([a.status, b.status]).toEqual([201, 201]);
    const mediaRows = await site.db.db.select().from(courseFiles).where(eq(courseFiles.role, 'media'));
    expect(mediaRows).toHaveLength(1);
    expect(onDisk()).toEqual([`${attachment._id}.pdf`, `${captions._id}.vtt`, mediaRows[0]!.storedName].sort());
    expect(await storedNames()).toEqual(onDisk());
  });

  it('keeps caption cues as plain text: markup and a <script> dropped, references decoded, never HTML', async () => {
    const { captions } = await videoLesson();
    const cues = await site.db.db.select().from(courseCaptionCues).where(eq(courseCaptionCues.fileId, captions._id)).orderBy(asc(courseCaptionCues.position));
    expect(cues.map(({ startSeconds, endSeconds, text }) => ({ startSeconds, endSeconds, text }))).toEqual([
      { startSeconds: 0, endSeconds: 1.5, text: 'Hello world & alert(1)' },
      { startSeconds: 1.5, endSeconds: 3, text: 'Second <img src=x onerror=alert(2)> line' },
    ]);
  });

  it('refuses with 415 a type the role does not take, or content that is not what its extension says, and keeps nothing', async () => {
    const module = await course.createModule({ title: 'M', published: true });
    const lesson = await course.createLesson({ moduleId: module._id, title: 'L', kind: 'video' });
    const refusals: Array<[Record<string, string>, string, Buffer, string]> = [
      [
        { role: 'attachment' },
        'drawing.svg',
        SVG,
        'Invalid file type: drawing.svg. A lesson’s attachment must be pdf, epub, zip, txt, md, png, jpg, jpeg, webp, mp3 or m4a.',
      ],
      [{ role: 'attachment' }, 'fake.pdf', Buffer.from('not a pdf at all'), 'Invalid file type: fake.pdf. Its content is not a .pdf file.'],
      [{ role: 'attachment' }, 'binary.txt', clips.mp3, 'Invalid file type: binary.txt. Its content is not a .txt file.'],
      [{ role: 'media' }, 'pattern.mp4', PDF, 'Invalid file type: pattern.mp4. Its content is not a .mp4 file.'],
      // An MP4's first box, then nothing a parser can read as one.
      [
        { role: 'media' },
        'broken.mp4',
        Buffer.concat([clips.mp4.subarray(0, 32), Buffer.alloc(4096, 0xff)]),
        'Invalid file type: broken.mp4. It could not be read as mp4 audio or video.',
      ],
      [{ role: 'captions', lang: 'en', label: 'English' }, 'subs.srt', VTT, 'Invalid file type: subs.srt. A lesson’s captions file must be vtt.'],
      [
        { role: 'captions', lang: 'en', label: 'English' },
        'subs.vtt',
        Buffer.from('1\n00:00:00,000 --> 00:00:01,000\nSRT\n'),
        'Invalid file type: subs.vtt. Its content is not a .vtt file.',
      ],
    ];
    for (const [fields, name, content, message] of refusals) {
      const res = await upload(lesson._id, fields, { name, content });
      expect(res, name).toEqual({ status: 415, body: { message } });
    }
    expect(onDisk()).toEqual([]);
    expect(await storedNames()).toEqual([]);
  });

  it('refuses with 413 a file over its role’s limit (captions 1 MiB, media COURSE_FILE_MAX_BYTES), keeping nothing', async () => {
    const module = await course.createModule({ title: 'M', published: true });
    const lesson = await course.createLesson({ moduleId: module._id, title: 'L', kind: 'video' });
    const bigCaptions = Buffer.concat([Buffer.from('WEBVTT\n\n'), Buffer.alloc(1024 * 1024, 'a')]);
    expect(await upload(lesson._id, { role: 'captions', lang: 'en', label: 'English' }, { name: 'big.vtt', content: bigCaptions })).toEqual({
      status: 413,
      body: { message: 'File too large (max 1.0 MB for a captions file): big.vtt' },
    });
    const bigVideo = Buffer.concat([clips.mp4, Buffer.alloc(5 * 1024 * 1024)]);
    expect(await upload(lesson._id, { role: 'media' }, { name: 'big.mp4', content: bigVideo })).toEqual({
      status: 413,
      body: { message: 'File too large (max 5.0 MB for a media file): big.mp4' },
    });
    expect(onDisk()).toEqual([]);
  });

  it('validates the fields, the lesson and the order of the parts', async () => {
    const module = await course.createModule({ title: 'M', published: true });
    const video = await course.createLesson({ moduleId: module._id, title: 'V', kind: 'video' });
    const text = await course.createLesson({ moduleId: module._id, title: 'T', kind: 'text' });
    const vtt = { name: 'a.vtt', content: VTT };
    const cases: Array<[string, Record<string, string>, { name: string; content: Buffer } | null, number, string]> = [
      [video._id, { role: 'poster' }, vtt, 400, 'role must be one of media, captions, attachment'],
      [video._id, { role: 'captions', label: 'English' }, vtt, 400, 'lang is required for captions'],
      [video._id, { role: 'captions', lang: 'en' }, vtt, 400, 'label is required for captions'],
      [video._id, { role: 'captions', lang: 'english!', label: 'English' }, vtt, 400, 'lang must be a language tag such as en or pt-BR'],
      [video._id, { role: 'captions', lang: 'en', label: 'Eng\u0007lish' }, vtt, 400, 'label must not contain control characters'],
      [video._id, { role: 'attachment', lang: 'en' }, { name: 'a.pdf', content: PDF }, 400, 'lang is only for captions'],
      [text._id, { role: 'media' }, { name: 'a.mp4', content: clips.mp4 }, 400, 'role: a text lesson has no media file'],
      [video._id, { role: 'attachment' }, null, 400, 'No file to upload'],
      ['no-such-lesson', { role: 'attachment' }, { name: 'a.pdf', content: PDF }, 404, "No lesson with id 'no-such-lesson'"],
    ];
    for (const [lessonId, fields, file, status, message] of cases) {
      const res = await upload(lessonId, fields, file);
      expect(res.status, message).toBe(status);
      expect(res.body.message).toContain(message);
    }
    const { payload, headers } = multipart({ role: 'attachment' }, [{ name: 'a.pdf', type: 'application/pdf', content: PDF }], true);
    const late = await site.t.app.inject({
      method: 'POST',
      url: `/api/admin/course/lessons/${video._id}/files`,
      payload,
      headers: { ...headers, authorization: `Bearer ${site.adminToken}` },
    });
    expect(late.statusCode).toBe(400);
    const two = multipart({ role: 'attachment' }, [
      { name: 'a.pdf', type: 'application/pdf', content: PDF },
      { name: 'b.pdf', type: 'application/pdf', content: PDF },
    ]);
    const twice = await site.t.app.inject({
      method: 'POST',
      url: `/api/admin/course/lessons/${video._id}/files`,
      payload: two.payload,
      headers: { ...two.headers, authorization: `Bearer ${site.adminToken}` },
    });
    expect(twice.json()).toEqual({ message: 'One file per upload' });
    expect(onDisk()).toEqual([]);
  });

  it('needs an admin, from the headers, before the body is read', async () => {
    const module = await course.createModule({ title: 'M', published: true });
    const lesson = await course.createLesson({ moduleId: module._id, title: 'L', kind: 'video' });
    const explorer = await course.member('explorer@example.com');
    expect((await upload(lesson._id, { role: 'media' }, { name: 'a.mp4', content: clips.mp4 }, '')).status).toBe(401);
    expect((await upload(lesson._id, { role: 'media' }, { name: 'a.mp4', content: clips.mp4 }, explorer.token)).status).toBe(403);
    expect((await course.api('DELETE', '/api/admin/course/files/x', undefined, explorer.token)).status).toBe(403);
    expect(onDisk()).toEqual([]);
  });

  it('an upload cut off over a real socket leaves no .upload-* file behind', async () => {
    const module = await course.createModule({ title: 'M', published: true });
    const lesson = await course.createLesson({ moduleId: module._id, title: 'L', kind: 'video' });
    await site.t.app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = site.t.app.server.address() as AddressInfo;
    const { payload, headers } = multipart({ role: 'media' }, [{ name: 'a.mp4', type: 'video/mp4', content: clips.mp4 }]);
    const request = http.request({
      port,
      host: '127.0.0.1',
      method: 'POST',
      path: `/api/admin/course/lessons/${lesson._id}/files`,
      headers: { ...headers, authorization: `Bearer ${site.adminToken}`, 'content-length': payload.length + 1_000_000 },
    });
    request.on('error', () => {});
    request.write(payload.subarray(0, payload.length - 100));
    await vi.waitFor(() => expect(onDisk().filter((name) => name.startsWith('.upload-'))).toHaveLength(1));
    request.destroy();
    await vi.waitFor(() => expect(onDisk()).toEqual([]));
    expect(await storedNames()).toEqual([]);
  });
  it('a lesson deleted while its file streams in: the upload is a 404 and leaves nothing', async () => {
    const module = await course.createModule({ title: 'M', published: true });
    const lesson = await course.createLesson({ moduleId: module._id, title: 'L', kind: 'video' });
    await site.t.app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = site.t.app.server.address() as AddressInfo;
    const { payload, headers } = multipart({ role: 'media' }, [{ name: 'a.mp4', type: 'video/mp4', content: clips.mp4 }]);
    const answer = new Promise<{ status: number; body: string }>((resolve, reject) => {
      const request = http.request(
        {
          port,
          host: '127.0.0.1',
          method: 'POST',
          path: `/api/admin/course/lessons/${lesson._id}/files`,
          headers: { ...headers, authorization: `Bearer ${site.adminToken}`, 'content-length': payload.length },
        },
        (response) => {
          let body = '';
          response.on('data', (chunk) => (body += chunk));
          response.on('end', () => resolve({ status: response.statusCode!, body }));
        },
      );
      request.on('error', reject);
      request.write(payload.subarray(0, payload.length - 1000));
      // The rest once the lesson is gone.
      void vi
        .waitFor(() => expect(onDisk().filter((name) => name.startsWith('.upload-'))).toHaveLength(1))
        .then(() => course.api('DELETE', `/api/admin/course/lessons/${lesson._id}`))
        .then((deleted) => {
          expect(deleted.status).toBe(200);
          request.end(payload.subarray(payload.length - 1000));
        }, reject);
    });
    const res = await answer;
    expect(res.status).toBe(404);
    expect(JSON.parse(res.body)).toEqual({ message: `No lesson with id '${lesson._id}'` });
    expect(onDisk()).toEqual([]);
    expect(await storedNames()).toEqual([]);
  });
});

describe('deleting', () => {
  it('a file: its row, cues and bytes go, the answer is the lesson, its URLs are 404 at once; the media takes the duration along', async () => {
    const { lesson, media, captions, attachment } = await videoLesson();
    const architect = await course.member('architect@example.com', true);
    const before = await reading(lesson._id, architect.token);
    const res = await course.api('DELETE', `/api/admin/course/files/${media._id}`);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ lesson: { _id: lesson._id, durationSeconds: null } });
    expect(onDisk()).toEqual([`${attachment._id}.pdf`, `${captions._id}.vtt`].sort());
    expect((await fetchFile(before.lesson.media!.url)).statusCode).toBe(404);
    expect((await course.api('DELETE', `/api/admin/course/files/${captions._id}`)).status).toBe(200);
    expect(await site.db.db.select().from(courseCaptionCues)).toEqual([]);
    expect(await course.api('DELETE', `/api/admin/course/files/${captions._id}`)).toMatchObject({
      status: 404,
      body: { message: `No file with id '${captions._id}'` },
    });
    const audit = (await course.api('GET', '/api/admin/audit?action=course.file.delete')).body.data as Array<{ summary: string }>;
    expect(audit.map((entry) => entry.summary)).toEqual([
      '“The pattern”: deleted captions “English” (en) “talk.vtt”',
      '“The pattern”: deleted media “talk.mp4”',
    ]);
  });

  it('a lesson: its files leave the disk and the table, and its URLs are 404', async () => {
    const { lesson } = await videoLesson();
    const other = await videoLesson();
    const architect = await course.member('architect@example.com', true);
    const { media, attachments } = (await reading(lesson._id, architect.token)).lesson;
    expect((await course.api('DELETE', `/api/admin/course/lessons/${lesson._id}`)).status).toBe(200);
    expect(onDisk()).toEqual([`${other.attachment._id}.pdf`, `${other.captions._id}.vtt`, `${other.media._id}.mp4`].sort());
    expect(await storedNames()).toEqual(onDisk());
    for (const url of [media!.url, media!.captions[0]!.url, attachments[0]!.url]) expect((await fetchFile(url)).statusCode).toBe(404);
  });
});

describe('who gets which URL', () => {
  it('every row of "Who sees what": a visitor none, an Explorer the free preview’s, an Architect an open module’s, an admin drafts too', async () => {
    const free = await videoLesson({ freePreview: true });
    const paid = await videoLesson();
    const dripped = await videoLesson({ opensAfterDays: 3 });
    const draft = await videoLesson({ published: false });
    const explorer = await course.member('explorer@example.com');
    const architect = await course.member('architect@example.com', true);

    expect((await read(free.lesson._id, '')).status).toBe(401);
    const preview = await reading(free.lesson._id, explorer.token);
    expect(preview.lesson.media).toMatchObject({ type: 'video/mp4', captions: [{ lang: 'en', label: 'English' }] });
    expect(preview.lesson.attachments).toEqual([{ name: 'Workbook – ch. 1.pdf', size: PDF.length, url: expect.stringMatching(/^\/course-files\//) }]);
    for (const url of [preview.lesson.media!.url, preview.lesson.media!.captions[0]!.url, preview.lesson.attachments[0]!.url]) {
      expect((await fetchFile(url)).statusCode, url).toBe(200);
    }
    // Locked lessons answer the refusal alone: no body, no URL.
    const locked = await read(paid.lesson._id, explorer.token);
    expect(locked).toMatchObject({ status: 403, body: { message: 'This lesson is for Architects' } });
    expect(locked.raw).not.toContain('/course-files/');
    const opensOn = await course.opensOn(architect.id, 3);
    const notYet = await read(dripped.lesson._id, architect.token);
    expect(notYet).toMatchObject({ status: 403, body: { message: `This module opens on ${opensOn}` } });
    expect(notYet.raw).not.toContain('/course-files/');
    expect((await reading(paid.lesson._id, architect.token)).lesson.media).not.toBeNull();
    expect((await read(draft.lesson._id, architect.token)).status).toBe(404);
    const adminView = await reading(draft.lesson._id, site.adminToken);
    expect((await fetchFile(adminView.lesson.media!.url)).statusCode).toBe(200);
    const adminDrip = await reading(dripped.lesson._id, site.adminToken);
    expect((await fetchFile(adminDrip.lesson.attachments[0]!.url)).statusCode).toBe(200);
    // Three days on, the dripped module opens for the Architect.
    ahead = 3 * DAY_MS;
    const opened = await reading(dripped.lesson._id, architect.token);
    expect((await fetchFile(opened.lesson.media!.url)).statusCode).toBe(200);
  });

  it('a downgrade, a suspension and a deletion stop an issued URL at once; an unpublished lesson’s URL is a 404', async () => {
    const { lesson } = await videoLesson();
    const architect = await course.member('architect@example.com', true);
    const url = (await reading(lesson._id, architect.token)).lesson.media!.url;
    expect((await fetchFile(url)).statusCode).toBe(200);
    await course.setUser('architect@example.com', { membershipTier: 'free' });
    expect((await fetchFile(url)).json()).toEqual({ message: 'This lesson is for Architects' });
    await course.setUser('architect@example.com', { membershipTier: 'paid' });
    expect((await fetchFile(url)).statusCode).toBe(200);
    await course.setUser('architect@example.com', { status: 'suspended' });
    const suspended = await fetchFile(url);
    expect(suspended.statusCode).toBe(403);
    expect(suspended.json()).toEqual({ message: 'This file link is no longer valid for its member' });
    await course.setUser('architect@example.com', { status: 'active' });
    expect((await fetchFile(url)).statusCode).toBe(200);
    expect((await course.api('PUT', `/api/admin/course/lessons/${lesson._id}`, { published: false })).status).toBe(200);
    expect((await fetchFile(url)).statusCode).toBe(404);
    expect((await course.api('PUT', `/api/admin/course/lessons/${lesson._id}`, { published: true })).status).toBe(200);
    expect((await fetchFile(url)).statusCode).toBe(200);
    expect((await course.api('DELETE', `/api/admin/users/${architect.id}`)).status).toBe(200);
    expect(await fetchFile(url)).toMatchObject({ statusCode: 403 });
  });

  it('a tampered, foreign or expired signature is a 403; an unknown file with a good signature a 404', async () => {
    const { lesson } = await videoLesson({ freePreview: true });
    const mia = await course.member('mia@example.com');
    const leo = await course.member('leo@example.com');
    const url = new URL((await reading(lesson._id, mia.token)).lesson.media!.url, 'http://site.test');
    const other = new URL((await reading(lesson._id, leo.token)).lesson.attachments[0]!.url, 'http://site.test');
    const variant = (change: (u: URL) => void) => {
      const copy = new URL(url);
      change(copy);
      return `${copy.pathname}${copy.search}`;
    };
    const flip = (s: string) => (s[0] === 'A' ? 'B' : 'A') + s.slice(1);
    const refused = [
      variant((u) => u.searchParams.set('s', flip(u.searchParams.get('s')!))),
      variant((u) => u.searchParams.set('e', String(Number(u.searchParams.get('e')) + 3600))),
      // Mia's signature with Leo's id: Leo may open the lesson too, but the URL was not given to him.
      variant((u) => u.searchParams.set('u', leo.id)),
      // Another file's path with this file's signature.
      variant((u) => (u.pathname = other.pathname)),
      variant((u) => u.searchParams.delete('s')),
      variant((u) => u.searchParams.set('e', 'soon')),
      `${url.pathname}`,
    ];
    for (const target of refused) {
      const res = await fetchFile(target);
      expect(res.statusCode, target).toBe(403);
      expect(res.json(), target).toEqual({ message: 'This file link is not valid' });
    }
    // A valid URL lives COURSE_URL_TTL seconds.
    ahead = (ttl - 5) * 1000;
    expect((await fetchFile(`${url.pathname}${url.search}`)).statusCode).toBe(200);
    ahead = (ttl + 5) * 1000;
    expect((await fetchFile(`${url.pathname}${url.search}`)).json()).toEqual({ message: 'This file link has expired: open the lesson again for a new one' });
    // The file gone, its URL (signature still good) is a 404.
    ahead = 0;
    const { media } = (await reading(lesson._id, mia.token)).lesson;
    const fileId = decodeURIComponent(new URL(media!.url, 'http://site.test').pathname.split('/').pop()!);
    expect((await course.api('DELETE', `/api/admin/course/files/${fileId}`)).status).toBe(200);
    expect(await fetchFile(media!.url)).toMatchObject({ statusCode: 404 });
  });
});

describe('serving', () => {
  it('answers Range with 206, with nosniff, private caching, a no-script policy, and inline or attachment as the role says', async () => {
    const { lesson } = await videoLesson({ freePreview: true });
    const explorer = await course.member('explorer@example.com');
    const { media, attachments } = (await reading(lesson._id, explorer.token)).lesson;
    const whole = await fetchFile(media!.url);
    expect(whole.rawPayload.equals(clips.mp4)).toBe(true);
    const part = await fetchFile(media!.url, { range: 'bytes=100-199' });
    expect(part.statusCode).toBe(206);
    expect(part.headers['content-range']).toBe(`bytes 100-199/${clips.mp4.length}`);
    expect(part.rawPayload.equals(clips.mp4.subarray(100, 200))).toBe(true);
    for (const res of [whole, part]) {
      expect(res.headers).toMatchObject({
        'content-type': 'video/mp4',
        'accept-ranges': 'bytes',
        'x-content-type-options': 'nosniff',
        'cache-control': 'private, no-cache',
        'content-disposition': 'inline; filename="talk.mp4"',
      });
      expect(res.headers['content-security-policy']).toMatch(/default-src 'none'.*sandbox/);
      expect(res.headers['content-security-policy']).not.toMatch(/script-src/);
    }
    const captions = await fetchFile(media!.captions[0]!.url);
    expect(captions.headers).toMatchObject({ 'content-type': 'text/vtt; charset=utf-8', 'content-disposition': 'inline; filename="talk.vtt"' });
    expect(captions.body).toBe(VTT.toString());
    const pdf = await fetchFile(attachments[0]!.url);
    expect(pdf.headers).toMatchObject({
      'content-type': 'application/pdf',
      'content-disposition': `attachment; filename="Workbook _ ch. 1.pdf"; filename*=UTF-8''Workbook%20%E2%80%93%20ch.%201.pdf`,
    });
  });

  it('an SVG passed off as a text attachment goes out as a download, text/plain, nosniff and with no scripts', async () => {
    const { lesson } = await videoLesson({ freePreview: true });
    await uploaded(lesson._id, { role: 'attachment' }, { name: 'drawing.txt', content: SVG });
    const explorer = await course.member('explorer@example.com');
    const svg = (await reading(lesson._id, explorer.token)).lesson.attachments.find((a) => a.name === 'drawing.txt')!;
    const res = await fetchFile(svg.url);
    expect(res.statusCode).toBe(200);
    expect(res.headers).toMatchObject({
      'content-type': 'text/plain; charset=utf-8',
      'content-disposition': 'attachment; filename="drawing.txt"',
      'x-content-type-options': 'nosniff',
    });
    expect(res.headers['content-security-policy']).toContain('sandbox');
  });

  it('/media never reaches the course files, however the path is written', async () => {
    const { media } = await videoLesson();
    const stored = `${media._id}.mp4`;
    for (const url of [
      `/media/../course-files/${stored}`,
      `/media/..%2fcourse-files%2f${stored}`,
      `/media/%2e%2e/course-files/${stored}`,
      `/media/%2e%2e%2f%2e%2e%2fcourse-files%2f${stored}`,
      `/media/${stored}`,
      `/course-files/${stored}`,
    ]) {
      const res = await site.t.app.inject({ url });
      expect(res.statusCode, url).toBeGreaterThanOrEqual(400);
      expect(res.rawPayload.includes(clips.mp4.subarray(0, 64)), url).toBe(false);
    }
  });
});
