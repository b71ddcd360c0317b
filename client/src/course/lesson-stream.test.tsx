// @vitest-environment happy-dom
// CONTRACT §7 "Delivery" in the player: the stream through hls.js (a stand-in here, driven by the
// events hls.js sends; the real one plays in tests/e2e/course-stream.spec.ts), the quality menu by
// keyboard and what it says, the browser's own HLS, and the quiet fallback to the original.
import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { LessonMedia } from './lesson-media';
import type { LessonMediaFile } from './lesson-media-types';
import { preferencesKey } from './player-preferences';
import { emulateBrowserMedia, signInAs, standIn, type MediaStandIn } from './test-media.test-support';

type Handler = (event: string, data: unknown) => void;

/** hls.js as the player uses it: its events, its level setters, attach, load and destroy. */
const { StandInHls } = vi.hoisted(() => {
  class StandInHls {
    static made: StandInHls[] = [];
    static supported = true;
    static isSupported = () => StandInHls.supported;
    static Events = { MANIFEST_PARSED: 'hlsManifestParsed', LEVEL_SWITCHED: 'hlsLevelSwitched', FRAG_BUFFERED: 'hlsFragBuffered', ERROR: 'hlsError' };
    static ErrorTypes = { NETWORK_ERROR: 'networkError', MEDIA_ERROR: 'mediaError', OTHER_ERROR: 'otherError' };
    handlers = new Map<string, Handler[]>();
    media: HTMLMediaElement | null = null;
    source: string | null = null;
    destroyed = false;
    nextLevel = -1;
    currentLevel = -1;
    reloads = 0;
    mediaRecoveries = 0;
    constructor(readonly config: { startPosition: number }) {
      StandInHls.made.push(this);
    }
    on(event: string, handler: Handler) {
      this.handlers.set(event, [...(this.handlers.get(event) ?? []), handler]);
    }
    emit(event: string, data: unknown) {
      for (const handler of this.handlers.get(event) ?? []) handler(event, data);
    }
    attachMedia(media: HTMLMediaElement) {
      this.media = media;
    }
    loadSource(url: string) {
      this.source = url;
    }
    startLoad() {
      this.reloads += 1;
    }
    recoverMediaError() {
      this.mediaRecoveries += 1;
    }
    destroy() {
      this.destroyed = true;
      // As hls.js's detach does: the MediaSource's address leaves the element.
      this.media?.removeAttribute('src');
    }
  }
  return { StandInHls };
});

vi.mock('hls.js/light', () => ({ default: StandInHls }));

const STREAM_URL = '/api/course/streams/f1/u/9/sig/master.m3u8';
const streamed: LessonMediaFile = {
  url: '/api/course/files/clip?sig=1',
  type: 'video/mp4',
  captions: [{ lang: 'en', label: 'English', url: '/api/course/files/en?sig=1' }],
  stream: { url: STREAM_URL, poster: '/api/course/streams/f1/u/9/sig/poster.jpg' },
};

function open(file: LessonMediaFile, positionSeconds = 0) {
  const stand: MediaStandIn = { currentTime: 0, duration: Number.NaN, paused: true, played: [] };
  const router = createMemoryRouter(
    [{ path: '/course/l1', element: <LessonMedia lessonId="l1" title="Breathing" kind="video" file={file} positionSeconds={positionSeconds} nextId={null} /> }],
    { initialEntries: ['/course/l1'] },
  );
  const view = render(<RouterProvider router={router} />);
  const media = view.container.querySelector<HTMLMediaElement>('video, audio')!;
  standIn(media, stand);
  return { view, media, stand };
}

/** The player's hls.js, once its lazy chunk has arrived. */
async function hlsOf(media: HTMLMediaElement) {
  await waitFor(() => expect(StandInHls.made.at(-1)?.media).toBe(media));
  return StandInHls.made.at(-1)!;
}

/** The stream's renditions as hls.js lists them (in its order: by bitrate, lowest first). */
function parseManifest(hls: InstanceType<typeof StandInHls>, heights = [240, 360, 720]) {
  act(() => hls.emit(StandInHls.Events.MANIFEST_PARSED, { levels: heights.map((height) => ({ height })) }));
}

const qualityMenu = () => screen.getByRole<HTMLSelectElement>('combobox', { name: 'Quality' });
const optionTexts = (select: HTMLSelectElement) => [...select.options].map((option) => option.textContent);
const stored = () => JSON.parse(localStorage.getItem(preferencesKey('member-1'))!) as { quality: number | null };

let undoEmulation = () => {};
let canPlayType: { mockReturnValue: (answer: CanPlayTypeResult) => unknown; mockRestore: () => void };

beforeEach(() => {
  undoEmulation = emulateBrowserMedia();
  signInAs('member-1');
  StandInHls.made = [];
  StandInHls.supported = true;
  // A browser with MediaSource whose element has no HLS of its own (Firefox; Chromium's own HLS
  // aside, decision 048).
  vi.stubGlobal('MediaSource', class {});
  canPlayType = vi.spyOn(HTMLMediaElement.prototype, 'canPlayType');
  canPlayType.mockReturnValue('');
  vi.stubGlobal(
    'fetch',
    vi.fn(async () => new Response('{}', { status: 200 })),
  );
});

afterEach(() => {
  cleanup();
  undoEmulation();
  vi.unstubAllGlobals();
  canPlayType.mockRestore();
  localStorage.clear();
});

describe('the lesson stream through hls.js', () => {
  it('shows the poster before play, loads the stream from where the member left off, and keeps the captions tracks', async () => {
    const { media } = open(streamed, 42);
    expect(media.getAttribute('poster')).toBe(streamed.stream!.poster);
    // hls.js gives the element its source (MediaSource), never the original meanwhile.
    expect(media.hasAttribute('src')).toBe(false);
    const hls = await hlsOf(media);
    expect(hls.source).toBe(STREAM_URL);
    expect(hls.config.startPosition).toBe(42);
    expect(media.querySelector('track')!.getAttribute('src')).toBe(streamed.captions[0]!.url);
  });

  it('offers Auto and each height as a native select reached by Tab, sets the level, says the choice politely, and remembers it', async () => {
    const { media } = open(streamed);
    const hls = await hlsOf(media);
    expect(screen.queryByRole('combobox', { name: 'Quality' })).toBeNull();
    parseManifest(hls);
    const menu = qualityMenu();
    expect(menu.tagName).toBe('SELECT');
    expect(menu.getAttribute('tabindex')).toBeNull();
    expect(within(screen.getByRole('group', { name: 'Player controls' })).getByRole('combobox', { name: 'Quality' })).toBe(menu);
    expect(optionTexts(menu)).toEqual(['Auto', '720p', '360p', '240p']);
    expect(menu.value).toBe('-1');

    const status = screen.getAllByRole('status').find((element) => element.closest('.player-controls'))!;
    expect(status.textContent).toBe('');
    // A keyboard choice on a select (arrow keys, type-ahead) ends in its change event.
    menu.focus();
    fireEvent.change(menu, { target: { value: '0' } });
    expect(hls.nextLevel).toBe(0);
    expect(hls.currentLevel).toBe(-1);
    expect(menu.value).toBe('0');
    expect(status.textContent).toBe('Quality: 240p');
    expect(stored().quality).toBe(240);
    expect(document.activeElement).toBe(menu);

    // Auto names the height it plays once hls.js says so, and says it when chosen.
    act(() => hls.emit(StandInHls.Events.LEVEL_SWITCHED, { level: 2 }));
    expect(optionTexts(menu)[0]).toBe('Auto (720p)');
    fireEvent.change(menu, { target: { value: '-1' } });
    expect(hls.nextLevel).toBe(-1);
    expect(status.textContent).toBe('Quality: Auto (now 720p)');
    expect(stored().quality).toBeNull();
  });

  it('opens at the remembered height, or the best under it on a smaller lesson', async () => {
    localStorage.setItem(preferencesKey('member-1'), JSON.stringify({ speed: 1, autoAdvance: false, quality: 480 }));
    const { media } = open(streamed);
    const hls = await hlsOf(media);
    parseManifest(hls);
    expect(hls.currentLevel).toBe(1);
    expect(qualityMenu().value).toBe('1');
  });

  it('offers no menu for a stream with one rendition or none with pictures (audio)', async () => {
    const { media } = open(streamed);
    const hls = await hlsOf(media);
    parseManifest(hls, [0]);
    expect(screen.queryByRole('combobox', { name: 'Quality' })).toBeNull();
  });

  it('tries once to recover from a fatal error, then plays the original from the same moment without a word of alarm', async () => {
    const { media, stand } = open(streamed);
    const hls = await hlsOf(media);
    parseManifest(hls);
    act(() => hls.emit(StandInHls.Events.ERROR, { fatal: false, type: StandInHls.ErrorTypes.NETWORK_ERROR }));
    act(() => hls.emit(StandInHls.Events.ERROR, { fatal: true, type: StandInHls.ErrorTypes.NETWORK_ERROR }));
    expect(hls.reloads).toBe(1);
    // Recovered: a piece arrived. The next failure gets its own try.
    act(() => hls.emit(StandInHls.Events.FRAG_BUFFERED, {}));
    act(() => hls.emit(StandInHls.Events.ERROR, { fatal: true, type: StandInHls.ErrorTypes.MEDIA_ERROR }));
    expect(hls.mediaRecoveries).toBe(1);
    expect(hls.destroyed).toBe(false);

    stand.currentTime = 12;
    act(() => hls.emit(StandInHls.Events.ERROR, { fatal: true, type: StandInHls.ErrorTypes.MEDIA_ERROR }));
    expect(hls.destroyed).toBe(true);
    expect(media.getAttribute('src')).toBe(streamed.url);
    expect(screen.queryByRole('combobox', { name: 'Quality' })).toBeNull();
    expect(screen.queryByRole('alert')).toBeNull();
    stand.currentTime = 0;
    stand.duration = 60;
    act(() => void media.dispatchEvent(new Event('loadedmetadata')));
    expect(stand.currentTime).toBe(12);
  });

  it('plays the original at once when the master playlist does not load', async () => {
    const { media } = open(streamed);
    const hls = await hlsOf(media);
    act(() => hls.emit(StandInHls.Events.ERROR, { fatal: true, type: StandInHls.ErrorTypes.NETWORK_ERROR }));
    expect(hls.reloads).toBe(0);
    expect(hls.destroyed).toBe(true);
    expect(media.getAttribute('src')).toBe(streamed.url);
  });

  it('plays the original where hls.js finds no MediaSource it can use', async () => {
    StandInHls.supported = false;
    const { media } = open(streamed);
    await waitFor(() => expect(media.getAttribute('src')).toBe(streamed.url));
    expect(StandInHls.made).toHaveLength(0);
  });

  it('lets hls.js go when the lesson closes', async () => {
    const { view, media } = open(streamed);
    const hls = await hlsOf(media);
    view.unmount();
    expect(hls.destroyed).toBe(true);
  });
});

describe('the lesson stream without hls.js', () => {
  it("plays it on Apple's own HLS, with no quality menu, and the original if that refuses it", async () => {
    vi.stubGlobal('MediaSource', undefined);
    canPlayType.mockReturnValue('maybe');
    const { media } = open(streamed);
    expect(media.getAttribute('src')).toBe(STREAM_URL);
    await act(async () => {});
    expect(StandInHls.made).toHaveLength(0);
    expect(screen.queryByRole('combobox', { name: 'Quality' })).toBeNull();
    act(() => void media.dispatchEvent(new Event('error')));
    expect(media.getAttribute('src')).toBe(streamed.url);
  });

  it('plays the original, and never loads hls.js, until the stream is ready', async () => {
    const { media } = open({ ...streamed, stream: null });
    expect(media.getAttribute('src')).toBe(streamed.url);
    expect(media.hasAttribute('poster')).toBe(false);
    await act(async () => {});
    expect(StandInHls.made).toHaveLength(0);
  });
});
