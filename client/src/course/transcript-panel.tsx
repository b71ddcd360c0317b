// Issue 26: the transcript beside the player, built from the chosen captions (WCAG 1.2.1 and 1.2.2:
// an audio lesson has its text too). The current line is marked (aria-current); a line is a button,
// so a click, Enter or Space seeks there. Cue text goes in as text, never as HTML.
import { useEffect, useRef } from 'react';
import { useReducedMotion } from '../lib/use-reduced-motion';
import { formatClock } from './format-time';
import type { CaptionCues } from './use-caption-cues';
import './transcript-panel.css';

interface TranscriptPanelProps extends CaptionCues {
  onSeek: (seconds: number) => void;
}

export function TranscriptPanel({ cues, current, hasTrack, onSeek }: TranscriptPanelProps) {
  const listRef = useRef<HTMLOListElement>(null);
  const reducedMotion = useReducedMotion();

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
          {cues.map((cue, index) => (
            <li key={`${cue.start}-${index}`}>
              <button type="button" className="transcript-panel__line" aria-current={index === current ? 'true' : undefined} onClick={() => onSeek(cue.start)}>
                <span className="transcript-panel__time">{formatClock(cue.start)}</span>
                <span className="transcript-panel__text">{cue.text}</span>
              </button>
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}
