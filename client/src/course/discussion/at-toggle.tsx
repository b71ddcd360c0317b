// "at 12:04": pins the comment being written to a moment of the lesson. Unticked, it follows the
// player; ticked, it holds the second it was ticked at, so that a video playing on while the member
// types does not move the comment away from what they asked about.
import { formatClock } from '@/course/format-time';
import { useMediaState } from '@/course/use-media-state';

interface AtToggleProps {
  media: HTMLMediaElement;
  /** The pinned second, or null when unticked. */
  moment: number | null;
  onChange: (moment: number | null) => void;
}

export function AtToggle({ media, moment, onChange }: AtToggleProps) {
  const [state] = useMediaState(media);
  const seconds = moment ?? Math.floor(state.currentTime);
  return (
    <label className="at-toggle">
      <input type="checkbox" checked={moment !== null} onChange={(event) => onChange(event.currentTarget.checked ? Math.floor(media.currentTime) : null)} />
      at {formatClock(seconds)}
    </label>
  );
}
