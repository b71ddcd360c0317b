// Issue 26: the transcript beside the player, built from the chosen captions (WCAG 1.2.1 and 1.2.2:
// an audio lesson has its text too). The current line is marked (aria-current); a line is a button,
// so a click, Enter or Space seeks there. Cue text goes in as text, never as HTML.
import { useEffect, useMemo, useRef } from 'react';
import { useReducedMotion } from '../lib/use-reduced-motion';
import { commentsPerCue, type CommentMoment } from './discussion/comment-moments';
import { formatClock } from './format-time';
import type { CaptionCues } from './use-caption-cues';
import './transcript-panel.css';

interface TranscriptPanelProps extends CaptionCues {
  onSeek: (seconds: number) => void;
  /** The moments comments are pinned to: their count beside the line that holds them. */
  moments?: readonly CommentMoment[];
}

const NO_MOMENTS: readonly CommentMoment[] = [];

export function TranscriptPanel({ cues, current, hasTrack, onSeek, moments = NO_MOMENTS }: TranscriptPanelProps) {
  const listRef = useRef<HTMLOListElement>(null);
  const reducedMotion = useReducedMotion();
  const comments = useMemo(
    () =>
      commentsPerCue(
        cues.map((cue) => ({ start: cue.start, end: cue.source.endTime })),
        moments,
      ),
    [cues, moments],
  );

  // Keeps the current line in the panel's view by scrolling the panel only, never the page (a member
  // reading further down keeps their place); smoothly unless less motion was asked for.
  useEffect(() => {
    const list = listRef.current;
    const line = current >= 0 ? list?.children[current] : undefined;
    if (!list || !(line instanceof HTMLElement) || typeof list.scrollTo !== 'function') return;
    const top = line.offsetTop - list.offsetTop;
    if (top >= list.scrollTop && top + line.offsetHeight <= list.scrollTop + list.clientHeight) return;
    list.scrollTo({ top: Math.max(0, top - list.clientHeight / 3), behavior: reducedMotion ? 'auto' : 'smooth' });
  }, [current, reducedMotion]);

  return (
    <section className="transcript-panel" aria-labelledby="transcript-heading">
      <h2 id="transcript-heading" className="transcript-panel__heading">
        Transcript
      </h2>
      {cues.length === 0 ? (
        <p className="muted" role="status">
          {hasTrack ? 'The transcript is loading…' : 'No transcript yet.'}
        </p>
      ) : (
        <ol ref={listRef} className="transcript-panel__lines">
          {cues.map((cue, index) => {
            const here = comments.get(index);
            return (
              <li key={`${cue.start}-${index}`} className="transcript-panel__item">
                <button
                  type="button"
                  className="transcript-panel__line"
                  aria-current={index === current ? 'true' : undefined}
                  onClick={() => onSeek(cue.start)}
                >
                  <span className="transcript-panel__time">{formatClock(cue.start)}</span>
                  <span className="transcript-panel__text">{cue.text}</span>
                </button>
                {/* Beside the line, not in it: a button may not hold another. */}
                {here && (
                  <button
                    type="button"
                    className="transcript-panel__comments"
                    aria-label={`${here.count} ${here.count === 1 ? 'comment' : 'comments'} on this line, from ${formatClock(here.first)}`}
                    onClick={() => onSeek(here.first)}
                  >
                    {here.count}
                  </button>
                )}
              </li>
            );
          })}
        </ol>
      )}
    </section>
  );
}
