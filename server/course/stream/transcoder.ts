// One media file into HLS (CONTRACT §7 "Transcoding"; decision 046): ONE ffmpeg process per file,
// which decodes the source once and splits the picture into every rendition of the ladder (and
// the poster), run under `nice -n 10` so the site keeps answering. It writes into a folder of its
// own and the caller publishes it whole (stream-disk.ts). Its percent comes from `-progress`.
import { execFile, spawn } from 'node:child_process';
import { readFile, rm } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { ffmpegReason } from './ffmpeg-words';
import { AUDIO_KBPS, keyframeInterval, ladderFor, type Rendition } from './ladder';
import { probeMedia, type Probe } from './probe';
import { makeTempFolder } from './stream-disk';

/** Seconds per segment: the shortest the contract allows, for the fastest start (decision 046). */
export const SEGMENT_SECONDS = 2;
export const MASTER_PLAYLIST = 'master.m3u8';
export const POSTER = 'poster.jpg';
/** The poster is the frame at this share of the duration. */
const POSTER_AT = 0.1;
/** The poster's height at most: a player's size, not the source's. */
const POSTER_MAX_HEIGHT = 720;
/** Of ffmpeg's stderr, the tail kept for the failure's reason. */
const STDERR_TAIL = 16 * 1024;

export type MediaKind = 'video' | 'audio';

/** What ffmpeg is asked to make of one probed source. */
export interface TranscodePlan {
  input: string;
  kind: MediaKind;
  probe: Probe;
  /** Empty for audio. */
  renditions: Rendition[];
}

export function planTranscode(input: string, kind: MediaKind, probe: Probe): TranscodePlan {
  // A "video" with no picture (sound in an mp4) streams as audio; an audio file's cover image is no picture.
  const asVideo = kind === 'video' && probe.video !== null;
  if (!asVideo && probe.audio === null) throw new Error(`ffmpeg found no sound in the ${kind} to stream`);
  return { input, kind: asVideo ? 'video' : 'audio', probe, renditions: asVideo ? ladderFor(probe.video!) : [] };
}

/** Stereo at most: a 5.1 mix squeezed into 128 kb/s sounds worse than its down-mix. */
const audioArgs = (probe: Probe) => ['-c:a', 'aac', '-b:a', `${AUDIO_KBPS}k`, ...(probe.audio && probe.audio.channels > 2 ? ['-ac', '2'] : [])];

const hlsArgs = (streamMap: string) => [
  '-f',
  'hls',
  '-hls_time',
  String(SEGMENT_SECONDS),
  '-hls_playlist_type',
  'vod',
  '-hls_segment_type',
  'mpegts',
  // Every segment starts with a keyframe (-g, -keyint_min and -sc_threshold 0): players may start or switch at any.
  '-hls_flags',
  'independent_segments',
  '-master_pl_name',
  MASTER_PLAYLIST,
  '-hls_segment_filename',
  'v%v_%05d.ts',
  '-var_stream_map',
  streamMap,
  'v%v.m3u8',
];

/** ffmpeg's arguments for a plan, writing into its working folder (relative names: the playlists' URLs are relative). */
export function ffmpegArgs(plan: TranscodePlan): string[] {
  const { probe } = plan;
  const head = ['-hide_banner', '-nostdin', '-loglevel', 'error', '-nostats', '-progress', 'pipe:1', '-y', '-i', plan.input, '-max_muxing_queue_size', '4096'];
  if (plan.kind === 'audio') return [...head, '-map', `0:${probe.audio!.index}`, ...audioArgs(probe), ...hlsArgs('a:0')];

  const video = probe.video!;
  const { renditions } = plan;
  const gop = keyframeInterval(video.framesPerSecond);
  const top = renditions[renditions.length - 1]!;
  const posterHeight = Math.min(top.height, POSTER_MAX_HEIGHT);
  const posterWidth = Math.max(2, 2 * Math.round((top.width * posterHeight) / top.height / 2));
  const branches = renditions.map((_, i) => `[s${i}]`).join('');
  const filter = [
    `[0:${video.index}]split=${renditions.length + 1}${branches}[sp]`,
    ...renditions.map((r, i) => `[s${i}]scale=${r.width}:${r.height},setsar=1,format=yuv420p[v${i}]`),
    `[sp]trim=start=${(probe.durationSeconds * POSTER_AT).toFixed(3)},scale=${posterWidth}:${posterHeight},setsar=1[poster]`,
  ].join(';');
  const maps = renditions.flatMap((_, i) => ['-map', `[v${i}]`, ...(probe.audio ? ['-map', `0:${probe.audio.index}`] : [])]);
  const rates = renditions.flatMap((r, i) => [
    `-b:v:${i}`,
    `${r.videoKbps}k`,
    `-maxrate:v:${i}`,
    `${Math.round(r.videoKbps * 1.07)}k`,
    `-bufsize:v:${i}`,
    `${Math.round(r.videoKbps * 1.5)}k`,
  ]);
  const streamMap = renditions.map((_, i) => (probe.audio ? `v:${i},a:${i}` : `v:${i}`)).join(' ');
  return [
    ...head,
    '-filter_complex',
    filter,
    ...maps,
    ...['-c:v', 'libx264', '-preset', 'veryfast', '-profile:v', 'high', '-g', String(gop), '-keyint_min', String(gop), '-sc_threshold', '0'],
    ...rates,
    ...(probe.audio ? audioArgs(probe) : []),
    ...hlsArgs(streamMap),
    // The poster: a second output of the same process, one frame.
    ...['-map', '[poster]', '-frames:v', '1', '-q:v', '3', '-update', '1', POSTER],
  ];
}

const exec = promisify(execFile);
let niceWorks: Promise<boolean> | undefined;

/** Whether `nice` runs here (coreutils; absent from some slim images): ffmpeg runs without it otherwise. */
function canNice(): Promise<boolean> {
  niceWorks ??= exec('nice', ['-n', '10', 'true']).then(
    () => true,
    () => false,
  );
  return niceWorks;
}

export interface TranscodeRun {
  input: string;
  kind: MediaKind;
  courseFilesRoot: string;
  fileId: string;
  /** Aborted: ffmpeg is killed and its folder removed. */
  signal: AbortSignal;
  /** Whole percents of the probed duration, as ffmpeg reports its progress (never 100: that is the caller's, once published). */
  onPercent(percent: number): void;
}

export interface Transcoded {
  /** The folder holding the whole output, for the caller to publish (or remove). */
  folder: string;
  /** The renditions' heights, ascending; empty for audio. */
  heights: number[];
  poster: boolean;
}

/** Runs ffmpeg over one file into a new folder; throws with the reason in words. On failure or abort, leaves nothing. */
export async function transcodeToFolder(run: TranscodeRun): Promise<Transcoded> {
  run.signal.throwIfAborted();
  const probe = await probeMedia(run.input, run.kind, run.signal);
  const plan = planTranscode(run.input, run.kind, probe);
  const folder = await makeTempFolder(run.courseFilesRoot, run.fileId);
  try {
    await runFfmpeg(plan, folder, run);
    await checkMaster(folder, plan);
    const poster =
      plan.kind === 'video' &&
      (await readFile(path.join(folder, POSTER)).then(
        (bytes) => bytes.length > 0,
        () => false,
      ));
    if (!poster) await rm(path.join(folder, POSTER), { force: true });
    return { folder, heights: plan.renditions.map((r) => r.height), poster };
  } catch (error) {
    await rm(folder, { recursive: true, force: true });
    throw error;
  }
}

/** The contract's master playlist: every variant with BANDWIDTH, RESOLUTION (video) and CODECS. ffmpeg writes them; this makes sure. */
async function checkMaster(folder: string, plan: TranscodePlan): Promise<void> {
  const master = await readFile(path.join(folder, MASTER_PLAYLIST), 'utf8');
  const variants = master.split('\n').filter((line) => line.startsWith('#EXT-X-STREAM-INF:'));
  const expected = plan.kind === 'video' ? plan.renditions.length : 1;
  const complete = variants.every(
    (line) => /BANDWIDTH=\d+/.test(line) && /CODECS="[^"]+"/.test(line) && (plan.kind === 'audio' || /RESOLUTION=\d+x\d+/.test(line)),
  );
  if (variants.length !== expected || !complete) throw new Error('ffmpeg wrote an incomplete master playlist');
}

/** Runs ffmpeg in `folder`; resolves when it ended well and read the whole source. */
async function runFfmpeg(plan: TranscodePlan, folder: string, run: TranscodeRun): Promise<void> {
  const args = ffmpegArgs(plan);
  const niced = await canNice();
  run.signal.throwIfAborted();
  // Its own process group (detached), so that a kill reaches ffmpeg under nice and anything it started.
  const child = niced
    ? spawn('nice', ['-n', '10', 'ffmpeg', ...args], { cwd: folder, detached: true, stdio: ['ignore', 'pipe', 'pipe'] })
    : spawn('ffmpeg', args, { cwd: folder, detached: true, stdio: ['ignore', 'pipe', 'pipe'] });
  const kill = () => {
    try {
      if (child.pid !== undefined) process.kill(-child.pid, 'SIGKILL');
    } catch {
      // Already gone.
    }
  };
  run.signal.addEventListener('abort', kill, { once: true });
  let stderr = '';
  child.stderr.setEncoding('utf8').on('data', (chunk: string) => {
    stderr = (stderr + chunk).slice(-STDERR_TAIL);
  });
  let reachedUs = 0;
  let lastPercent = -1;
  let pending = '';
  child.stdout.setEncoding('utf8').on('data', (chunk: string) => {
    const lines = (pending + chunk).split('\n');
    pending = lines.pop() ?? '';
    for (const line of lines) {
      const match = /^out_time_us=(\d+)/.exec(line);
      if (!match) continue;
      reachedUs = Math.max(reachedUs, Number(match[1]));
      const percent = Math.min(99, Math.floor((reachedUs / 1e6 / plan.probe.durationSeconds) * 100));
      if (percent > lastPercent) {
        lastPercent = percent;
        run.onPercent(percent);
      }
    }
  });
  const ended = await new Promise<{ code: number | null; error?: Error }>((resolve) => {
    child.once('error', (error) => resolve({ code: null, error }));
    child.once('close', (code) => resolve({ code }));
  });
  run.signal.removeEventListener('abort', kill);
  run.signal.throwIfAborted();
  const paths = [plan.input, folder];
  if (ended.error) throw new Error(`ffmpeg could not be started: ${ended.error.message}`, { cause: ended.error });
  if (ended.code !== 0) throw new Error(`ffmpeg stopped while transcoding the ${plan.kind}: ${ffmpegReason(stderr, paths)}`);
  // ffmpeg ends well on a file cut short (a partial upload, a damaged copy), having read what there was.
  const reached = reachedUs / 1e6;
  const duration = plan.probe.durationSeconds;
  if (duration - reached > Math.max(0.5, duration * 0.05)) {
    const said = stderr.trim() === '' ? '' : ` (${ffmpegReason(stderr, paths)})`;
    throw new Error(`ffmpeg read only ${reached.toFixed(1)} s of the ${plan.kind}'s ${duration.toFixed(1)} s: the file looks cut short${said}`);
  }
}
