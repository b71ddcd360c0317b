// Real video and audio clips for the tests, made once per run by Debian's ffmpeg (DESIGN "Tests":
// no file that only pretends to be a video): a test pattern with a sine tone. Never skipped: a
// machine without ffmpeg fails here, loudly, with the package to install.
import { execFile } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync } from 'node:fs';
import { rename } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';

const run = promisify(execFile);

export const CLIP_SECONDS = 3;

const tone = (seconds: number) => ['-f', 'lavfi', '-i', `sine=frequency=440:duration=${seconds}`];
const pattern = (seconds: number) => ['-f', 'lavfi', '-i', `testsrc=size=160x120:rate=15:duration=${seconds}`, ...tone(seconds)];

/** ffmpeg's arguments for a clip of `seconds` seconds. */
const CLIPS = {
  mp4: (seconds: number) => [...pattern(seconds), ...'-c:v libx264 -preset ultrafast -pix_fmt yuv420p -c:a aac -shortest -movflags +faststart'.split(' ')],
  webm: (seconds: number) => [...pattern(seconds), ...'-c:v libvpx -deadline realtime -b:v 200k -c:a libopus -shortest'.split(' ')],
  m4a: (seconds: number) => [...tone(seconds), '-c:a', 'aac'],
  mp3: (seconds: number) => [...tone(seconds), ...'-c:a libmp3lame -q:a 9'.split(' ')],
} as const;

export type ClipKind = keyof typeof CLIPS;

// One folder per user and ffmpeg run settings: test files of one run share the clips they made.
const folder = path.join(tmpdir(), `qc-test-clips-${process.getuid?.() ?? 'user'}-v1`);

async function make(kind: ClipKind, seconds: number): Promise<string> {
  const file = path.join(folder, seconds === CLIP_SECONDS ? `clip.${kind}` : `clip-${seconds}s.${kind}`);
  if (existsSync(file)) return file;
  mkdirSync(folder, { recursive: true });
  // Written under a name of its own, then renamed: two test files making one clip at once never read half of it.
  const partial = path.join(folder, `.${process.pid}-${Date.now()}.${kind}`);
  try {
    await run('ffmpeg', ['-hide_banner', '-loglevel', 'error', '-y', ...CLIPS[kind](seconds), partial]);
  } catch (error) {
    const missing = (error as NodeJS.ErrnoException).code === 'ENOENT';
    throw new Error(
      missing
        ? "The course's tests need Debian's ffmpeg to make their clips: apt-get install ffmpeg (npm test installs it when run as root)"
        : `ffmpeg could not make the ${kind} test clip: ${(error as Error).message}`,
      { cause: error },
    );
  }
  await rename(partial, file);
  return file;
}

/** A real clip of CLIP_SECONDS seconds (or `seconds`: the player's tests need time to seek in): its path and its bytes. */
export async function testClip(kind: ClipKind, seconds = CLIP_SECONDS): Promise<{ file: string; bytes: Buffer }> {
  const file = await make(kind, seconds);
  return { file, bytes: readFileSync(file) };
}

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
