// CONTRACT §7 "Transcoding": the course.transcode job run as the queue runs it (run(payload,
// context)), over real clips made by ffmpeg, on a real database and COURSE_FILES_ROOT; what it
// made is checked with ffprobe: the ladder's heights, codecs, keyframe spacing and segment lengths,
// the master playlist's variants, the audio rendition; and the hostile cases: a truncated video,
// an abort mid-transcode, a file deleted mid-transcode.
import { existsSync, readdirSync, readFileSync, readlinkSync } from 'node:fs';
import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { closeAdminApp, startAdminApp, type AdminApp } from '../../../tests/support/admin-app';
import { courseSite, type CourseSite } from '../../../tests/support/course-site';
import { testClip } from '../../../tests/support/media-clips';
import { sourceClip } from '../../../tests/support/media-clips';
import { courseFilesRoot, ffprobe, jobContext, transcodeHandler } from '../../../tests/support/stream-clips';
import { courseStreams, jobs } from '../../db/schema';
import { transcodeKey } from '../transcode-queue';
import { ffmpegRuns } from './transcode-job';

let site: AdminApp;
let course: CourseSite;

beforeEach(async () => {
  // This process runs no transcode of its own (once the queue runs here): the tests run the job by hand.
  site = await startAdminApp({ env: { TRANSCODE_CONCURRENCY: '0' } });
  course = courseSite(site);
});
afterEach(async () => {
  await closeAdminApp(site);
});

const streamsFolder = () => path.join(courseFilesRoot(site), 'streams');
const output = (fileId: string) => path.join(streamsFolder(), fileId);
const tempFolders = () => (existsSync(streamsFolder()) ? readdirSync(streamsFolder()).filter((name) => name.startsWith('.tmp-')) : []);
const storedFile = (fileId: string) =>
  path.join(
    courseFilesRoot(site),
    readdirSync(courseFilesRoot(site)).find((name) => name.startsWith(fileId))!,
  );
const streamRow = async (fileId: string) => (await site.db.db.select().from(courseStreams).where(eq(courseStreams.fileId, fileId)))[0];

async function mediaLesson(kind: 'video' | 'audio', name: string, content: Buffer) {
  const module = await course.createModule({ title: 'Streams', published: true });
  const lesson = await course.createLesson({ moduleId: module._id, title: `A ${kind} lesson`, kind });
  const fileId = await course.uploadFile(lesson._id, { role: 'media' }, { name, content });
  return { lesson, fileId };
}

/** The variants of a master playlist: their attributes and URIs. */
function variants(master: string) {
  const lines = master.split('\n');
  return lines.flatMap((line, i) => (line.startsWith('#EXT-X-STREAM-INF:') ? [{ attributes: line, uri: lines[i + 1]! }] : []));
}

/** A media playlist's segments and their durations. */
function segments(playlist: string) {
  const lines = playlist.split('\n');
  return lines.flatMap((line, i) => (line.startsWith('#EXTINF:') ? [{ seconds: Number.parseFloat(line.slice(8)), uri: lines[i + 1]! }] : []));
}

describe('a video', () => {
  it('from a 1080p source becomes the whole ladder: H.264 and AAC, a keyframe every 2 s, segments of 2 to 6 s, a master with BANDWIDTH, RESOLUTION and CODECS, and a poster', async () => {
    const source = await sourceClip({ width: 1920, height: 1080, seconds: 5, fps: 15 });
    const { fileId } = await mediaLesson('video', 'lecture.mp4', readFileSync(source));
    expect(await streamRow(fileId)).toMatchObject({ state: 'queued', percent: 0, error: null });
    // Queued in the upload's transaction, under the file's key.
    expect(
      (
        await site.db.db
          .select()
          .from(jobs)
          .where(eq(jobs.key, transcodeKey(fileId)))
      )[0],
    ).toMatchObject({ type: 'course.transcode', state: 'queued', maxAttempts: 3 });

    await transcodeHandler(site).run({ fileId }, jobContext(site));

    expect(await streamRow(fileId)).toMatchObject({ state: 'done', percent: 100, error: null, heights: '[240,360,480,720,1080]' });
    expect(tempFolders()).toEqual([]);
    const folder = output(fileId);
    const master = await readFile(path.join(folder, 'master.m3u8'), 'utf8');
    const listed = variants(master);
    expect(listed.map((variant) => /RESOLUTION=(\d+x\d+)/.exec(variant.attributes)?.[1])).toEqual(['426x240', '640x360', '854x480', '1280x720', '1920x1080']);
    for (const { attributes, uri } of listed) {
      expect(attributes).toMatch(/BANDWIDTH=\d+/);
      expect(attributes).toMatch(/CODECS="avc1\.[0-9a-f]{6},mp4a\.40\.2"/);
      // Relative, beside the master: the signed prefix carries over.
      expect(uri).toMatch(/^v\d\.m3u8$/);
    }
    for (const [i, { uri }] of listed.entries()) {
      const parts = segments(await readFile(path.join(folder, uri), 'utf8'));
      expect(parts.length).toBeGreaterThan(1);
      for (const part of parts.slice(0, -1)) {
        expect(part.seconds).toBeGreaterThanOrEqual(2);
        expect(part.seconds).toBeLessThanOrEqual(6);
      }
      const height = [240, 360, 480, 720, 1080][i];
      for (const part of parts) {
        const probed = (await ffprobe(path.join(folder, part.uri), ['-show_entries', 'stream=codec_name,height'])) as {
          streams: Array<{ codec_name: string; height?: number }>;
        };
        expect(probed.streams.map((stream) => stream.codec_name).sort()).toEqual(['aac', 'h264']);
        expect(probed.streams.find((stream) => stream.codec_name === 'h264')!.height).toBe(height);
      }
      // Keyframes over the whole rendition: at 0, 2, 4 s (15 frames a second: every 30th frame).
      const first = path.join(folder, parts[0]!.uri);
      const frames = (await ffprobe(`concat:${parts.map((part) => path.join(folder, part.uri)).join('|')}`, [
        '-select_streams',
        'v',
        '-show_entries',
        'frame=key_frame,pts_time',
      ])) as {
        frames: Array<{ key_frame: number; pts_time: string }>;
      };
      const start = Number(frames.frames[0]!.pts_time);
      const keyTimes = frames.frames.filter((frame) => frame.key_frame === 1).map((frame) => Number(frame.pts_time) - start);
      expect(
        keyTimes.map((time) => Math.round(time * 100) / 100),
        first,
      ).toEqual([0, 2, 4]);
    }
    const poster = (await ffprobe(path.join(folder, 'poster.jpg'), ['-show_entries', 'stream=codec_name,width,height'])) as {
      streams: Array<Record<string, unknown>>;
    };
    expect(poster.streams[0]).toMatchObject({ codec_name: 'mjpeg', width: 1280, height: 720 });
  }, 180_000);

  it('from a 180-line source gets one rendition at its own size', async () => {
    const source = await sourceClip({ width: 240, height: 180, seconds: 3 });
    const { fileId } = await mediaLesson('video', 'small.mp4', readFileSync(source));
    await transcodeHandler(site).run({ fileId }, jobContext(site));
    expect(await streamRow(fileId)).toMatchObject({ state: 'done', heights: '[180]' });
    const listed = variants(await readFile(path.join(output(fileId), 'master.m3u8'), 'utf8'));
    expect(listed).toHaveLength(1);
    expect(listed[0]!.attributes).toMatch(/RESOLUTION=240x180,CODECS="avc1\.[0-9a-f]{6},mp4a\.40\.2"/);
  }, 60_000);

  it('run again replaces its output whole', async () => {
    const { fileId } = await mediaLesson('video', 'talk.mp4', (await testClip('mp4')).bytes);
    await transcodeHandler(site).run({ fileId }, jobContext(site));
    const before = readdirSync(output(fileId)).sort();
    await transcodeHandler(site).run({ fileId }, jobContext(site));
    expect(readdirSync(output(fileId)).sort()).toEqual(before);
    expect(readdirSync(streamsFolder())).toEqual([fileId]);
  }, 60_000);
});

describe('an audio file', () => {
  it('becomes one AAC rendition of at most 128 kb/s in HLS, with no poster', async () => {
    const { fileId } = await mediaLesson('audio', 'talk.mp3', (await testClip('mp3')).bytes);
    await transcodeHandler(site).run({ fileId }, jobContext(site));
    expect(await streamRow(fileId)).toMatchObject({ state: 'done', heights: '[]' });
    const folder = output(fileId);
    const listed = variants(await readFile(path.join(folder, 'master.m3u8'), 'utf8'));
    expect(listed).toHaveLength(1);
    expect(listed[0]!.attributes).toMatch(/CODECS="mp4a\.40\.2"/);
    // ffmpeg's BANDWIDTH is the stream's rate plus a tenth.
    expect(Number(/BANDWIDTH=(\d+)/.exec(listed[0]!.attributes)![1])).toBeLessThanOrEqual(128_000 * 1.1);
    const parts = segments(await readFile(path.join(folder, listed[0]!.uri), 'utf8'));
    const probed = (await ffprobe(path.join(folder, parts[0]!.uri), ['-show_entries', 'stream=codec_name,codec_type'])) as {
      streams: Array<{ codec_name: string; codec_type: string }>;
    };
    expect(probed.streams).toEqual([{ codec_name: 'aac', codec_type: 'audio' }]);
    expect(existsSync(path.join(folder, 'poster.jpg'))).toBe(false);
  }, 60_000);
});

describe('a failing transcode', () => {
  it('of a truncated video stays queued with its reason after a failed try, and is failed with it after the last, never left running', async () => {
    // The index first, then cut to its first half on disk (a damaged copy): its duration reads, but its pictures stop half way.
    const whole = readFileSync(await sourceClip({ width: 320, height: 240, seconds: 4, faststart: true }));
    const { fileId } = await mediaLesson('video', 'cut.mp4', whole);
    await writeFile(storedFile(fileId), whole.subarray(0, Math.floor(whole.length / 2)));
    const handler = transcodeHandler(site);
    for (const attempt of [1, 2, 3]) {
      await expect(handler.run({ fileId }, jobContext(site, { attempt }))).rejects.toThrow(/cut short/);
      const row = await streamRow(fileId);
      expect(row).toMatchObject({ state: attempt < 3 ? 'queued' : 'failed', percent: 0 });
      expect(row!.error).toMatch(/^ffmpeg read only \d+\.\d s of the video's 4\.0 s: the file looks cut short/);
      expect(row!.error).not.toContain(courseFilesRoot(site));
    }
    await handler.onGaveUp!({ fileId }, new Error('ffmpeg read only 1.9 s of the video'));
    expect(await streamRow(fileId)).toMatchObject({ state: 'failed', error: 'ffmpeg read only 1.9 s of the video' });
    expect(existsSync(output(fileId))).toBe(false);
    expect(tempFolders()).toEqual([]);
  }, 120_000);

  it('of a file ffmpeg cannot read at all says why in words', async () => {
    const whole = readFileSync(await sourceClip({ width: 320, height: 240, seconds: 4 }));
    // The index last, and cut off on disk: no moov atom.
    const { fileId } = await mediaLesson('video', 'broken.mp4', whole);
    await writeFile(storedFile(fileId), whole.subarray(0, 20_000));
    await expect(transcodeHandler(site).run({ fileId }, jobContext(site, { attempt: 3 }))).rejects.toThrow();
    expect((await streamRow(fileId))!.error).toBe('ffmpeg could not read the video: Invalid data found when processing input (moov atom not found)');
  }, 60_000);
});

describe('a transcode stopped half way', () => {
  it('when its job is aborted: ffmpeg is killed, no temporary folder stays, and its state is queued again', async () => {
    const source = await sourceClip({ width: 1280, height: 720, seconds: 8 });
    const { fileId } = await mediaLesson('video', 'long.mp4', readFileSync(source));
    const stop = new AbortController();
    const running = transcodeHandler(site).run({ fileId }, jobContext(site, { signal: stop.signal }));
    await until(async () => tempFolders().length === 1 && readdirSync(path.join(streamsFolder(), tempFolders()[0]!)).some((name) => name.endsWith('.ts')));
    // ffmpeg runs niced, in its folder (the only process whose working folder it is).
    const folder = path.join(streamsFolder(), tempFolders()[0]!);
    const ffmpeg = readdirSync('/proc').filter((pid) => /^\d+$/.test(pid) && cwdOf(pid) === folder);
    expect(ffmpeg).toHaveLength(1);
    // /proc/{pid}/stat: the 19th field, after the command's name in parentheses, is the nice value.
    expect(readFileSync(`/proc/${ffmpeg[0]}/stat`, 'utf8').split(') ')[1]!.split(' ')[16]).toBe('10');
    stop.abort();
    await expect(running).rejects.toThrow();
    expect(existsSync(`/proc/${ffmpeg[0]}`)).toBe(false);
    expect(tempFolders()).toEqual([]);
    expect(existsSync(output(fileId))).toBe(false);
    expect(await streamRow(fileId)).toMatchObject({ state: 'queued' });
  }, 120_000);

  it('when its file is deleted meanwhile: no output stays', async () => {
    const source = await sourceClip({ width: 1280, height: 720, seconds: 8 });
    const { fileId } = await mediaLesson('video', 'long.mp4', readFileSync(source));
    const running = transcodeHandler(site).run({ fileId }, jobContext(site));
    await until(async () => tempFolders().length === 1);
    expect((await course.api('DELETE', `/api/admin/course/files/${fileId}`)).status).toBe(200);
    // Its job was cancelled in the deletion's transaction (the queue would abort the try at its next renewal; here it runs on).
    expect(
      (
        await site.db.db
          .select()
          .from(jobs)
          .where(eq(jobs.key, transcodeKey(fileId)))
      )[0]!.state,
    ).toBe('cancelled');
    await running;
    expect(existsSync(output(fileId))).toBe(false);
    expect(tempFolders()).toEqual([]);
    expect(await streamRow(fileId)).toBeUndefined();
  }, 120_000);
});

describe('ffmpeg on the machine', () => {
  it('is found here, and a machine without it is told apart', async () => {
    expect(await ffmpegRuns()).toBe(true);
    expect(await ffmpegRuns(['no-such-ffmpeg-here', 'ffprobe'])).toBe(false);
  });
});

function cwdOf(pid: string): string | undefined {
  try {
    return readlinkSync(`/proc/${pid}/cwd`);
  } catch {
    return undefined;
  }
}

async function until(condition: () => Promise<boolean>) {
  for (let i = 0; i < 2000; i++) {
    if (await condition()) return;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  throw new Error('the condition never held');
}
