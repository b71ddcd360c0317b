// What the controls show, read from the media element's own events: the element is the one source
// of truth (a keyboard shortcut of the browser, fullscreen controls or a seek all change it).
import { useCallback, useEffect, useState } from 'react';

export interface MediaState {
  paused: boolean;
  currentTime: number;
  duration: number;
  volume: number;
  muted: boolean;
  rate: number;
}

const EVENTS = ['play', 'pause', 'ended', 'timeupdate', 'seeked', 'durationchange', 'loadedmetadata', 'volumechange', 'ratechange'] as const;

function read(media: HTMLMediaElement | null): MediaState {
  if (!media) return { paused: true, currentTime: 0, duration: 0, volume: 1, muted: false, rate: 1 };
  const duration = Number.isFinite(media.duration) ? media.duration : 0;
  return { paused: media.paused, currentTime: media.currentTime, duration, volume: media.volume, muted: media.muted, rate: media.playbackRate };
}

/**
 * The media's state, and a way to read it again at once. A seek changes currentTime immediately but
 * reports it by a later event; a slider held at the old value in between would be put back by
 * React, and the next arrow key would start from there.
 */
export function useMediaState(media: HTMLMediaElement | null): [MediaState, () => void] {
  const [state, setState] = useState(() => read(media));
  const refresh = useCallback(() => setState(read(media)), [media]);
  useEffect(() => {
    const update = () => setState(read(media));
    update();
    if (!media) return;
    for (const name of EVENTS) media.addEventListener(name, update);
    return () => {
      for (const name of EVENTS) media.removeEventListener(name, update);
    };
  }, [media]);
  return [state, refresh];
}
