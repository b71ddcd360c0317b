// The HLS ladder of CONTRACT §7 "Transcoding", as pure figures: which renditions a source gets,
// their sizes and bit rates, and the keyframe spacing. transcoder.ts turns them into ffmpeg's
// arguments; the tests check what ffmpeg made of them with ffprobe.

/** The ladder's rungs, lowest first: the master playlist lists them in this order, so a player that starts on the first variant starts low. */
export const LADDER = [
  { height: 240, videoKbps: 400 },
  { height: 360, videoKbps: 800 },
  { height: 480, videoKbps: 1400 },
  { height: 720, videoKbps: 2800 },
  { height: 1080, videoKbps: 5000 },
] as const;

/** Every rendition's audio, and an audio lesson's one rendition: AAC at this rate (the contract's ceiling). */
export const AUDIO_KBPS = 128;

/** A keyframe every this many seconds, in every rendition (CONTRACT §7). */
export const KEYFRAME_SECONDS = 2;

export interface Rendition {
  width: number;
  height: number;
  videoKbps: number;
}

/** Down to an even number, at least 2: H.264 in 4:2:0 takes only even sizes. */
const even = (value: number) => Math.max(2, 2 * Math.floor(value / 2));

/** The width that keeps the source's shape at `height`, rounded to the nearest even number. */
const widthAt = (source: { width: number; height: number }, height: number) => Math.max(2, 2 * Math.round((source.width * height) / source.height / 2));

/**
 * The renditions of a source of this size (as displayed, rotation applied): every rung up to its
 * height and never above it; a source under the lowest rung gets one rendition at its own size.
 */
export function ladderFor(source: { width: number; height: number }): Rendition[] {
  const rungs = LADDER.filter((rung) => rung.height <= source.height);
  if (rungs.length === 0) {
    const height = even(source.height);
    return [{ width: widthAt(source, height), height, videoKbps: LADDER[0].videoKbps }];
  }
  return rungs.map((rung) => ({ width: widthAt(source, rung.height), height: rung.height, videoKbps: rung.videoKbps }));
}

/** The rate assumed when a source does not say its own (ffprobe's 0/0): the commonest camera rate. */
const DEFAULT_FRAMES_PER_SECOND = 30;

/** Frames between keyframes: KEYFRAME_SECONDS at the source's rate, to the nearest frame (at least 1). */
export function keyframeInterval(framesPerSecond: number | null): number {
  const rate = framesPerSecond !== null && Number.isFinite(framesPerSecond) && framesPerSecond > 0 ? framesPerSecond : DEFAULT_FRAMES_PER_SECOND;
  return Math.max(1, Math.round(KEYFRAME_SECONDS * rate));
}
