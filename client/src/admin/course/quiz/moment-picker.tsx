// A teaching lesson's transcript as buttons (issue 35 "Where is this taught?"): a click on a line
// sets where the answer starts, a second click where it ends; the lines inside the moment show
// pressed. Driven by its props alone: the cues, the moment picked so far, and what a click does.
import { useId } from 'react';
import { formatClock } from '@/course/format-time';
import { cueInMoment, type CueLine, type PickedMoment } from './quiz-moment';

interface MomentPickerProps {
  cues: readonly CueLine[];
  picked: PickedMoment;
  onClickCue: (cue: CueLine) => void;
  /** Names the transcript ("Transcript of Orbits (English)"). */
  label: string;
}

export function MomentPicker({ cues, picked, onClickCue, label }: MomentPickerProps) {
  const hintId = useId();
  if (cues.length === 0) return <p className="muted">This lesson's captions hold no line to choose.</p>;
  return (
    <div className="cm-moment">
      <p id={hintId} className="field__hint">
        {picked === null || picked.endSeconds !== null
          ? 'Click the line where the answer starts, then the line where it ends.'
          : `Starts at ${formatClock(picked.startSeconds)}: now click the line where it ends.`}
      </p>
      <ol className="cm-moment__lines" aria-label={label} aria-describedby={hintId}>
        {cues.map((cue, index) => (
          <li key={`${cue.startSeconds}-${index}`}>
            <button type="button" className="cm-moment__line" aria-pressed={cueInMoment(cue, picked)} onClick={() => onClickCue(cue)}>
              <span className="cm-moment__time">{formatClock(cue.startSeconds)}</span>
              <span>{cue.text}</span>
            </button>
          </li>
        ))}
      </ol>
    </div>
  );
}
