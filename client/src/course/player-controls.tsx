// The player's own controls (decision 027): native buttons, sliders and selects, so each is reached
// with Tab and worked with Enter, Space and the arrow keys as everywhere else, and is named for
// screen readers by its label. They act on the media element; what they show comes from its events.
import { useEffect, useState, type ReactNode } from 'react';
import type { CommentMoment } from './discussion/comment-moments';
import { TimelineMarks } from './discussion/timeline-marks';
import { formatClock } from './format-time';
import { seek, setVolumePercent, toggleMute, togglePlay } from './media-commands';
import { PLAYBACK_SPEEDS } from './player-preferences';
import type { MediaState } from './use-media-state';
import './player-controls.css';

export interface CaptionChoice {
  label: string;
}

interface PlayerControlsProps {
  media: HTMLMediaElement;
  kind: 'video' | 'audio';
  state: MediaState;
  /** Reads the media's state again after a change the slider must show at once. */
  refresh: () => void;
  /** What goes full screen (a video's picture with these controls); null for audio. */
  fullscreenTarget: HTMLElement | null;
  captions: readonly CaptionChoice[];
  /** Index into `captions`, or -1 for none (video only: an audio lesson always has a transcript language). */
  caption: number;
  onCaptionChange: (index: number) => void;
  onSpeedChange: (speed: number) => void;
  /** The stream's quality menu (quality-menu.tsx), when hls.js plays it. */
  qualityMenu?: ReactNode;
  /** The moments comments are pinned to: marks under the seek bar. */
  moments?: readonly CommentMoment[];
}

function useFullscreen(target: HTMLElement | null): boolean {
  const [on, setOn] = useState(false);
  useEffect(() => {
    const update = () => setOn(target !== null && document.fullscreenElement === target);
    document.addEventListener('fullscreenchange', update);
    return () => document.removeEventListener('fullscreenchange', update);
  }, [target]);
  return on;
}

export function PlayerControls({
  media,
  kind,
  state,
  refresh,
  fullscreenTarget,
  captions,
  caption,
  onCaptionChange,
  onSpeedChange,
  qualityMenu,
  moments = [],
}: PlayerControlsProps) {
  const fullscreen = useFullscreen(fullscreenTarget);
  const clock = `${formatClock(state.currentTime)} / ${formatClock(state.duration)}`;
  const isVideo = kind === 'video';
  const volumePercent = Math.round((state.muted ? 0 : state.volume) * 100);

  return (
    <div className="player-controls" role="group" aria-label="Player controls">
      <label className="player-controls__seek">
        <span className="visually-hidden">Seek</span>
        <input
          type="range"
          min={0}
          max={Math.max(1, Math.floor(state.duration))}
          step={1}
          value={Math.floor(state.currentTime)}
          aria-valuetext={`${formatClock(state.currentTime)} of ${formatClock(state.duration)}`}
          onChange={(event) => {
            seek(media, Number(event.currentTarget.value));
            refresh();
          }}
        />
      </label>
      <TimelineMarks
        moments={moments}
        duration={state.duration}
        onSeek={(seconds) => {
          seek(media, seconds);
          refresh();
        }}
      />
      <button type="button" className="player-controls__button" onClick={() => togglePlay(media)}>
        {state.paused ? 'Play' : 'Pause'}
      </button>
      <span className="player-controls__time" aria-hidden="true">
        {clock}
      </span>
      <button type="button" className="player-controls__button" aria-pressed={state.muted} onClick={() => toggleMute(media)}>
        Mute
      </button>
      <label className="player-controls__volume">
        <span className="visually-hidden">Volume</span>
        <input
          type="range"
          min={0}
          max={100}
          step={5}
          value={volumePercent}
          aria-valuetext={`${volumePercent}%`}
          onChange={(event) => {
            setVolumePercent(media, Number(event.currentTarget.value));
            refresh();
          }}
        />
      </label>
      <label className="player-controls__choice">
        Speed
        <select value={state.rate} onChange={(event) => onSpeedChange(Number(event.currentTarget.value))}>
          {PLAYBACK_SPEEDS.map((speed) => (
            <option key={speed} value={speed}>
              {speed}×
            </option>
          ))}
        </select>
      </label>
      {qualityMenu}
      {captions.length > 0 && (
        <label className="player-controls__choice">
          {isVideo ? 'Captions' : 'Transcript language'}
          <select value={caption} onChange={(event) => onCaptionChange(Number(event.currentTarget.value))}>
            {isVideo && <option value={-1}>Off</option>}
            {captions.map((choice, index) => (
              <option key={index} value={index}>
                {choice.label}
              </option>
            ))}
          </select>
        </label>
      )}
      {fullscreenTarget && document.fullscreenEnabled !== false && (
        <button
          type="button"
          className="player-controls__button"
          aria-pressed={fullscreen}
          onClick={() => (fullscreen ? void document.exitFullscreen() : void fullscreenTarget.requestFullscreen().catch(() => {}))}
        >
          Full screen
        </button>
      )}
    </div>
  );
}
