// Stand-ins for what happy-dom's media elements leave out: a position and a duration that the
// test sets, and played ranges, on a real <video> element (its events and tracks stay real).
import { TOKEN_STORAGE_KEY } from '@shared/constants';
import type { Ranges } from './played-seconds';

export interface MediaStandIn {
  currentTime: number;
  duration: number;
  paused: boolean;
  played: Array<[number, number]>;
}

/** Makes `media` report `stand` for its position, duration, paused state and played ranges. */
export function standIn(media: HTMLMediaElement, stand: MediaStandIn) {
  Object.defineProperties(media, {
    currentTime: { configurable: true, get: () => stand.currentTime, set: (value: number) => (stand.currentTime = value) },
    duration: { configurable: true, get: () => stand.duration },
    paused: { configurable: true, get: () => stand.paused },
    readyState: { configurable: true, get: () => (Number.isNaN(stand.duration) ? 0 : 1) },
    played: {
      configurable: true,
      get: (): Ranges => ({ length: stand.played.length, start: (index) => stand.played[index]![0], end: (index) => stand.played[index]![1] }),
    },
  });
}

function base64Url(text: string) {
  return btoa(text).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

/** Stores a session token for user `id` (the payload is all the client reads of it). */
export function signInAs(id: string) {
  localStorage.setItem(TOKEN_STORAGE_KEY, `${base64Url('{"alg":"HS256"}')}.${base64Url(JSON.stringify({ user: { id, role: 'user' } }))}.signature`);
  return localStorage.getItem(TOKEN_STORAGE_KEY)!;
}

/** A TextTrack as a browser keeps it: one per track element, with its mode, cues and active cues. */
export class StandInTrack extends EventTarget {
  mode: TextTrackMode = 'disabled';
  list: TextTrackCue[] = [];
  active: TextTrackCue[] = [];

  get cues() {
    return this.mode === 'disabled' ? null : this.list;
  }

  get activeCues() {
    return this.mode === 'disabled' ? null : this.active;
  }

  addCue(cue: TextTrackCue) {
    this.list.push(cue);
  }
}

/**
 * What happy-dom leaves out of media elements and a test of the player needs: a track element
 * keeping one TextTrack whose modes include 'hidden' (happy-dom makes a new one at each read), and
 * the 'volumechange' and 'ratechange' events a browser fires. Returns the undo.
 */
export function emulateBrowserMedia(): () => void {
  const restores: Array<() => void> = [];
  const patch = (proto: object, name: string, descriptor: PropertyDescriptor) => {
    const original = Object.getOwnPropertyDescriptor(proto, name)!;
    Object.defineProperty(proto, name, { configurable: true, ...descriptor });
    restores.push(() => Object.defineProperty(proto, name, original));
    return original;
  };
  for (const [name, event] of [
    ['muted', 'volumechange'],
    ['volume', 'volumechange'],
    ['playbackRate', 'ratechange'],
  ] as const) {
    const original = Object.getOwnPropertyDescriptor(HTMLMediaElement.prototype, name)!;
    patch(HTMLMediaElement.prototype, name, {
      get: original.get,
      set(this: HTMLMediaElement, value: unknown) {
        original.set!.call(this, value);
        this.dispatchEvent(new Event(event));
      },
    });
  }
  const tracks = new WeakMap<HTMLTrackElement, StandInTrack>();
  patch(HTMLTrackElement.prototype, 'track', {
    get(this: HTMLTrackElement) {
      if (!tracks.has(this)) tracks.set(this, new StandInTrack());
      return tracks.get(this);
    },
  });
  return () => {
    for (const restore of restores.reverse()) restore();
  };
}
