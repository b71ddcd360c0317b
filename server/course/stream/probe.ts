// What ffprobe says of a media file, as much as the transcode needs: its duration, its picture's
// size and rate (as displayed: a phone's rotation applied) and whether it has sound.
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { ffmpegReason } from './ffmpeg-words';

const run = promisify(execFile);

export interface Probe {
  durationSeconds: number;
  /** The first video stream that is a picture track (not a cover image), if any. */
  video: { index: number; width: number; height: number; framesPerSecond: number | null } | null;
  /** The first audio stream, if any. */
  audio: { index: number; channels: number } | null;
}

interface ProbeJson {
  format?: { duration?: string };
  streams?: Array<{
    index: number;
    codec_type?: string;
    width?: number;
    height?: number;
    avg_frame_rate?: string;
    r_frame_rate?: string;
    channels?: number;
    duration?: string;
    disposition?: { attached_pic?: number };
    tags?: { rotate?: string };
    side_data_list?: Array<{ rotation?: number }>;
  }>;
}

/** "30000/1001" → 29.97; "0/0" and the like → null. */
function rate(text: string | undefined): number | null {
  const [top, bottom] = (text ?? '').split('/').map(Number);
  if (top === undefined || bottom === undefined || !Number.isFinite(top) || !Number.isFinite(bottom) || top <= 0 || bottom <= 0) return null;
  return top / bottom;
}

/** A quarter turn either way swaps the picture's sides as players show it (and as ffmpeg's autorotate decodes it). */
function quarterTurned(stream: NonNullable<ProbeJson['streams']>[number]): boolean {
  const degrees = Number(stream.side_data_list?.find((data) => data.rotation !== undefined)?.rotation ?? stream.tags?.rotate ?? 0);
  return Math.abs(degrees) % 180 === 90;
}

/** ffprobe's JSON read into a Probe; a file with neither a picture nor sound, or no duration, is refused in words. */
export function readProbe(json: ProbeJson): Probe {
  const streams = json.streams ?? [];
  const picture = streams.find((stream) => stream.codec_type === 'video' && !stream.disposition?.attached_pic && stream.width && stream.height);
  const sound = streams.find((stream) => stream.codec_type === 'audio');
  if (!picture && !sound) throw new Error('ffmpeg found neither a picture nor sound in the file');
  const duration = Number(json.format?.duration ?? picture?.duration ?? sound?.duration);
  if (!Number.isFinite(duration) || duration <= 0) throw new Error('ffmpeg could not tell how long the file is');
  const turned = picture ? quarterTurned(picture) : false;
  return {
    durationSeconds: duration,
    video: picture
      ? {
          index: picture.index,
          width: turned ? picture.height! : picture.width!,
          height: turned ? picture.width! : picture.height!,
          framesPerSecond: rate(picture.avg_frame_rate) ?? rate(picture.r_frame_rate),
        }
      : null,
    audio: sound ? { index: sound.index, channels: sound.channels ?? 2 } : null,
  };
}

const ENTRIES =
  'format=duration:stream=index,codec_type,width,height,avg_frame_rate,r_frame_rate,channels,duration:stream_disposition=attached_pic:stream_tags=rotate:stream_side_data=rotation';

/** Probes `file` (ffprobe's JSON); a file ffprobe cannot read is refused with its reason in words. */
export async function probeMedia(file: string, what: 'video' | 'audio', signal?: AbortSignal): Promise<Probe> {
  let stdout: string;
  try {
    ({ stdout } = await run('ffprobe', ['-v', 'error', '-of', 'json', '-show_entries', ENTRIES, file], { maxBuffer: 4 * 1024 * 1024, signal }));
  } catch (error) {
    if ((error as Error).name === 'AbortError') throw error;
    const stderr = String((error as { stderr?: string }).stderr ?? '');
    throw new Error(`ffmpeg could not read the ${what}: ${ffmpegReason(stderr, [file])}`, { cause: error });
  }
  return readProbe(JSON.parse(stdout) as ProbeJson);
}
