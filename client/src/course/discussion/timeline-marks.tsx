// The comments pinned to moments of the lesson, as marks along the player's seek bar: each a
// button (reached by Tab, named "Comment at 12:04") that seeks there.
import { markName, type CommentMoment } from './comment-moments';
import './timeline-marks.css';

interface TimelineMarksProps {
  moments: readonly CommentMoment[];
  /** The media's length in seconds; 0 while unknown, when no mark can be placed. */
  duration: number;
  onSeek: (seconds: number) => void;
}

export function TimelineMarks({ moments, duration, onSeek }: TimelineMarksProps) {
  const placed = duration > 0 ? moments.filter((moment) => moment.seconds <= duration) : [];
  if (placed.length === 0) return null;
  return (
    <div className="timeline-marks">
      {placed.map((moment) => (
        <button
          key={moment.seconds}
          type="button"
          className="timeline-marks__mark"
          style={{ left: `${(moment.seconds / duration) * 100}%` }}
          aria-label={markName(moment)}
          title={markName(moment)}
          onClick={() => onSeek(moment.seconds)}
        />
      ))}
    </div>
  );
}
