// A taught moment as the Course Manager writes it and picks it (CONTRACT §8 `taught`): "4:12–4:40",
// and what a click on a transcript line does to the moment being picked. Pure, so tested without a browser.
import type { Taught } from '@shared/quiz';
import { formatClock } from '@/course/format-time';

/** A transcript line of a video or audio lesson: when it is said, and what. */
export interface CueLine {
  startSeconds: number;
  endSeconds: number;
  text: string;
}

/** "4:12–4:40": the player's clock, as the member's Rewatch link writes the same moment. */
export const momentText = ({ startSeconds, endSeconds }: Pick<Taught, 'startSeconds' | 'endSeconds'>) =>
  `${formatClock(startSeconds)}–${formatClock(endSeconds)}`;

/** A moment being picked: its start chosen and its end not yet, or both. */
export type PickedMoment = { startSeconds: number; endSeconds: number | null } | null;

/**
 * A click on `cue`: with nothing picked, or a whole moment picked, it starts a new moment at the cue;
 * with a start picked, it ends the moment at the cue's end (a cue before the start makes the moment
 * run from that cue to the end of the first one).
 */
export function clickCue(picked: PickedMoment, cue: CueLine, cues: readonly CueLine[]): PickedMoment {
  if (picked === null || picked.endSeconds !== null) return { startSeconds: cue.startSeconds, endSeconds: null };
  if (cue.startSeconds >= picked.startSeconds) return { startSeconds: picked.startSeconds, endSeconds: cue.endSeconds };
  const first = cues.find((line) => line.startSeconds === picked.startSeconds);
  return { startSeconds: cue.startSeconds, endSeconds: first?.endSeconds ?? picked.startSeconds };
}

/** Whether `cue` lies inside the moment (its start line only, while the end is not picked). */
export function cueInMoment(cue: CueLine, picked: PickedMoment): boolean {
  if (picked === null) return false;
  if (picked.endSeconds === null) return cue.startSeconds === picked.startSeconds;
  return cue.startSeconds >= picked.startSeconds && cue.endSeconds <= picked.endSeconds;
}
