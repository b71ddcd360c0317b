// What the player does to its media element. The element is the state (what it plays, where, how
// loud); these functions change it and its events tell React (use-media-state.ts). Kept outside
// the components because React's rules forbid writing to a prop or a hook's argument, which a
// media element passed down is.

export function togglePlay(media: HTMLMediaElement) {
  // A refused play (no user gesture yet, a source that failed) leaves the Play button as it is.
  if (media.paused) void media.play().catch(() => {});
  else media.pause();
}

export function play(media: HTMLMediaElement) {
  void media.play().catch(() => {});
}

export function seek(media: HTMLMediaElement, seconds: number) {
  media.currentTime = seconds;
}

export function toggleMute(media: HTMLMediaElement) {
  media.muted = !media.muted;
}

/** Volume as a percentage; zero is also muted, so that Mute shows what is heard. */
export function setVolumePercent(media: HTMLMediaElement, percent: number) {
  media.volume = Math.min(1, Math.max(0, percent / 100));
  media.muted = media.volume === 0;
}

/** The default rate too, because loading a source resets the rate to it. */
export function setSpeed(media: HTMLMediaElement, speed: number) {
  media.defaultPlaybackRate = speed;
  media.playbackRate = speed;
}

/**
 * Gives each captions track its mode, and answers the one the transcript reads. The chosen track
 * shows on a video (`showOnMedia`; an <audio> shows none); with captions off (-1), the first track
 * still loads, hidden, so the transcript has cues. Every other track is disabled, never fetched.
 */
export function applyCaptionModes(media: HTMLMediaElement, selected: number, showOnMedia: boolean): HTMLTrackElement | null {
  const elements = [...media.querySelectorAll('track')];
  const feeding = elements[selected] ?? elements[0] ?? null;
  for (const [index, element] of elements.entries()) {
    const mode: TextTrackMode = index === selected && showOnMedia ? 'showing' : element === feeding ? 'hidden' : 'disabled';
    element.track.mode = mode;
  }
  return feeding;
}
