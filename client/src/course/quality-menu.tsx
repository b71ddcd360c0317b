// The stream's quality menu (CONTRACT §7: Auto and each rendition by height), a native <select> like
// the player's Speed and Captions (decision 027): Tab reaches it, the arrow keys and type-ahead work
// it, its visible label names it. The choice is said once through a polite live region ("Quality:
// 480p", "Quality: Auto (now 720p)"), never each time Auto changes rendition by itself.
import { useState } from 'react';
import { AUTO, autoLabel, heightLabel, qualityAnnouncement } from './quality-levels';
import type { StreamQuality } from './use-stream-source';

interface QualityMenuProps {
  quality: StreamQuality;
  /** The height chosen, null for Auto: remembered for the next lessons. */
  onChosen: (height: number | null) => void;
}

export function QualityMenu({ quality, onChosen }: QualityMenuProps) {
  const { levels, choice, playing, choose } = quality;
  const [announcement, setAnnouncement] = useState('');

  return (
    <>
      <label className="player-controls__choice">
        Quality
        <select
          value={choice}
          onChange={(event) => {
            const level = Number(event.currentTarget.value);
            choose(level);
            setAnnouncement(qualityAnnouncement(levels, level, playing));
            onChosen(levels.find((candidate) => candidate.index === level)?.height ?? null);
          }}
        >
          <option value={AUTO}>{autoLabel(levels, playing)}</option>
          {levels.map((level) => (
            <option key={level.index} value={level.index}>
              {heightLabel(level.height)}
            </option>
          ))}
        </select>
      </label>
      <span className="visually-hidden" role="status">
        {announcement}
      </span>
    </>
  );
}
