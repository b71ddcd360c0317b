// Where the discussion meets the player: the moments that visible top-level comments on the
// loaded pages are pinned to, as timeline marks and as counts beside transcript lines.
import type { Comment } from '@shared/discussion';
import { formatClock } from '@/course/format-time';

export interface CommentMoment {
  seconds: number;
  /** Comments pinned to that second. */
  count: number;
}

/** One moment per second that comments point at, in time order. */
export function commentMoments(threads: readonly Comment[]): CommentMoment[] {
  const counts = new Map<number, number>();
  for (const thread of threads) {
    if (thread.status !== 'visible' || thread.atSeconds === null) continue;
    counts.set(thread.atSeconds, (counts.get(thread.atSeconds) ?? 0) + 1);
  }
  return [...counts].map(([seconds, count]) => ({ seconds, count })).sort((a, b) => a.seconds - b.seconds);
}

/** A timeline mark's name: "Comment at 12:04", or "3 comments at 12:04". */
export const markName = ({ seconds, count }: CommentMoment) =>
  count === 1 ? `Comment at ${formatClock(seconds)}` : `${count} comments at ${formatClock(seconds)}`;

export interface CueSpan {
  start: number;
  end: number;
}

export interface CueComments {
  count: number;
  /** The earliest moment among them: where a click seeks. */
  first: number;
}

/** For each cue index whose time range holds moments (the first cue that holds one takes it), their count. */
export function commentsPerCue(cues: readonly CueSpan[], moments: readonly CommentMoment[]): Map<number, CueComments> {
  const result = new Map<number, CueComments>();
  for (const moment of moments) {
    const index = cues.findIndex((cue) => cue.start <= moment.seconds && moment.seconds < cue.end);
    if (index === -1) continue;
    const known = result.get(index);
    result.set(index, { count: (known?.count ?? 0) + moment.count, first: Math.min(known?.first ?? moment.seconds, moment.seconds) });
  }
  return result;
}
