// Which player a lesson's HLS stream gets (decision 048). Apple's browsers play HLS themselves, with
// AirPlay and the least battery: there the stream goes on the element as it is. Everywhere else that
// has MediaSource, hls.js plays it, loaded only then: it offers the quality menu that a browser's
// own HLS has no API for. Chromium answers 'maybe' for HLS since its built-in player (2025), so
// canPlayType alone would hand it a player without levels; Apple's browsers are the ones that
// either lack MediaSource (iPhones before iOS 17.1) or have Apple's ManagedMediaSource.

export type StreamPlayer = 'native' | 'hls.js' | 'original';

/** What the browser says of itself; read from the real window by `probeBrowser`. */
export interface BrowserProbe {
  /** The answer of canPlayType('application/vnd.apple.mpegurl'). */
  nativeHls: string;
  mediaSource: boolean;
  managedMediaSource: boolean;
}

export function probeBrowser(): BrowserProbe {
  const scope = window as unknown as Record<string, unknown>;
  return {
    nativeHls: document.createElement('video').canPlayType('application/vnd.apple.mpegurl'),
    mediaSource: typeof scope.MediaSource === 'function',
    managedMediaSource: typeof scope.ManagedMediaSource === 'function',
  };
}

/** 'original': neither plays HLS here (an old browser), so the member gets the uploaded file. */
export function streamPlayerFor(probe: BrowserProbe): StreamPlayer {
  const native = probe.nativeHls !== '';
  if (native && (!probe.mediaSource || probe.managedMediaSource)) return 'native';
  if (probe.mediaSource || probe.managedMediaSource) return 'hls.js';
  return native ? 'native' : 'original';
}
