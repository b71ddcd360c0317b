// The stream room's test helpers: sources of a given size made by Debian's ffmpeg (real clips, as
// media-clips.ts makes them), the transcode job run by hand as the queue would run it, and ffprobe.
import { execFile } from 'node:child_process';
import { existsSync, mkdirSync, realpathSync } from 'node:fs';
import { rename } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import type { JobContext } from '../../server/jobs/job-handler';
import { transcodeJob } from '../../server/course/stream/transcode-job';
import type { AdminApp } from './admin-app';

const run = promisify(execFile);
const folder = path.join(tmpdir(), `qc-test-stream-clips-${process.getuid?.() ?? 'user'}-v1`);

/**
 * A video with a tone of `seconds` at `width`×`height` and `fps` (mp4, H.264 and AAC, the index at
 * the end unless `faststart`): made once per run and machine.
 */
export async function sourceClip(options: {
  width: number;
  height: number;
  seconds: number;
  fps?: number;
  faststart?: boolean;
  audio?: boolean;
}): Promise<string> {
  const { width, height, seconds, fps = 15, faststart = false, audio = true } = options;
  const file = path.join(folder, `src-${width}x${height}-${seconds}s-${fps}${faststart ? '-fs' : ''}${audio ? '' : '-mute'}.mp4`);
  if (existsSync(file)) return file;
  mkdirSync(folder, { recursive: true });
  const partial = path.join(folder, `.${process.pid}-${Date.now()}.mp4`);
  await run('ffmpeg', [
    ...['-hide_banner', '-loglevel', 'error', '-y', '-f', 'lavfi', '-i', `testsrc2=size=${width}x${height}:rate=${fps}:duration=${seconds}`],
    ...(audio ? ['-f', 'lavfi', '-i', `sine=frequency=440:duration=${seconds}`, '-c:a', 'aac'] : []),
    ...['-c:v', 'libx264', '-preset', 'ultrafast', '-pix_fmt', 'yuv420p', '-shortest', ...(faststart ? ['-movflags', '+faststart'] : []), partial],
  ]);
  await rename(partial, file);
  return file;
}

/** A context as the queue gives one: try `attempt` of 3, stopped by `signal`. */
export function jobContext(site: AdminApp, options: { attempt?: number; signal?: AbortSignal } = {}): JobContext {
  return { jobId: 'test-job', attempt: options.attempt ?? 1, maxAttempts: 3, signal: options.signal ?? new AbortController().signal, log: site.t.app.log };
}

/** The transcode handler over the test app's database and COURSE_FILES_ROOT (its real path, as app.ts gives it). */
export function transcodeHandler(site: AdminApp) {
  return transcodeJob({ db: site.db.db, config: site.t.config, courseFiles: { root: courseFilesRoot(site), urls: undefined as never } });
}

export const courseFilesRoot = (site: AdminApp) => realpathSync(site.t.config.courseFilesRoot);

/** ffprobe's JSON of a file, for the entries asked. */
export async function ffprobe(file: string, args: string[]): Promise<Record<string, unknown>> {
  const { stdout } = await run('ffprobe', ['-v', 'error', '-of', 'json', ...args, file], { maxBuffer: 16 * 1024 * 1024 });
  return JSON.parse(stdout) as Record<string, unknown>;
}
