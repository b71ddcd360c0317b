// @vitest-environment happy-dom
import { act, cleanup, render } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { progressPath } from './save-progress';
import { signInAs, standIn, type MediaStandIn } from './test-media.test-support';
import { SAVE_EVERY_MS, useProgressSaver } from './use-progress-saver';

function Saver({ lessonId, start, stand }: { lessonId: string; start: number; stand: MediaStandIn }) {
  const [media, setMedia] = useState<HTMLVideoElement | null>(null);
  useProgressSaver(lessonId, media, start);
  return (
    <video
      ref={(element) => {
        if (element) standIn(element, stand);
        setMedia(element);
      }}
    />
  );
}

let token = '';
let status = 200;
const fetchMock = vi.fn(async (_input: RequestInfo | URL, _init?: RequestInit) => {
  await Promise.resolve();
  return new Response(JSON.stringify(status === 200 ? { positionSeconds: 0, playedSeconds: 0, completedAt: null } : { message: 'No lesson' }), { status });
});

/** The bodies of every save sent so far, after checking how each was sent. */
function saves() {
  return fetchMock.mock.calls.map(([input, init]) => {
    expect(String(input)).toBe(progressPath('lesson-1'));
    expect(init).toMatchObject({ method: 'PUT', keepalive: true, headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' } });
    return JSON.parse(String(init!.body)) as unknown;
  });
}

function setup(start = 0) {
  const stand: MediaStandIn = { currentTime: start, duration: 120, paused: true, played: [] };
  const view = render(<Saver lessonId="lesson-1" start={start} stand={stand} />);
  const media = view.container.querySelector('video')!;
  const playFor = async (seconds: number) => {
    const from = stand.currentTime;
    stand.currentTime += seconds;
    stand.played.push([from, stand.currentTime]);
    await act(() => vi.advanceTimersByTimeAsync(seconds * 1000));
  };
  const event = (name: string) => act(() => void media.dispatchEvent(new Event(name)));
  const start_ = async () => {
    stand.paused = false;
    await event('play');
  };
  const pause = async () => {
    stand.paused = true;
    await event('pause');
  };
  return { view, stand, media, playFor, play: start_, pause };
}

beforeEach(() => {
  vi.useFakeTimers({ now: 0 });
  token = signInAs('member-1');
  status = 200;
  fetchMock.mockClear();
  vi.stubGlobal('fetch', fetchMock);
});

afterEach(() => {
  cleanup();
  vi.useRealTimers();
  vi.unstubAllGlobals();
  localStorage.clear();
});

describe('the progress saver', () => {
  it('saves every 10 s while playing, with the bearer header and keepalive, and stops when paused', async () => {
    const { playFor, play, pause } = setup();
    await play();
    await playFor(9);
    expect(saves()).toEqual([]);
    await playFor(1);
    expect(saves()).toEqual([{ positionSeconds: 10, playedSeconds: 10 }]);
    await playFor(10);
    expect(saves()).toHaveLength(2);
    await pause();
    // The pause itself saves only what is new; then the clock runs on with nothing sent.
    expect(saves()).toHaveLength(2);
    await act(() => vi.advanceTimersByTimeAsync(SAVE_EVERY_MS * 3));
    expect(saves()).toEqual([
      { positionSeconds: 10, playedSeconds: 10 },
      { positionSeconds: 20, playedSeconds: 20 },
    ]);
  });

  it('saves on pause, counting a seek to the end as the seconds played there only', async () => {
    const { stand, playFor, play, pause } = setup();
    await play();
    await playFor(4);
    stand.currentTime = 110;
    await playFor(3);
    await pause();
    expect(saves()).toEqual([{ positionSeconds: 113, playedSeconds: 7 }]);
  });

  it('saves when the page is hidden and when it is closed', async () => {
    const { stand, playFor, play } = setup();
    await play();
    await playFor(3);
    const visibility = vi.spyOn(document, 'visibilityState', 'get').mockReturnValue('hidden');
    await act(() => void document.dispatchEvent(new Event('visibilitychange')));
    expect(saves()).toEqual([{ positionSeconds: 3, playedSeconds: 3 }]);
    visibility.mockReturnValue('visible');
    await act(() => void document.dispatchEvent(new Event('visibilitychange')));
    expect(saves()).toHaveLength(1);

    stand.currentTime = 5;
    stand.played.push([3, 5]);
    await act(() => void window.dispatchEvent(new Event('pagehide')));
    expect(saves()).toEqual([
      { positionSeconds: 3, playedSeconds: 3 },
      { positionSeconds: 5, playedSeconds: 5 },
    ]);
  });

  it('sends nothing for a lesson only opened, and saves when the member leaves it inside the site', async () => {
    const { view, stand, play, playFor } = setup(30);
    await act(() => void window.dispatchEvent(new Event('pagehide')));
    expect(saves()).toEqual([]);
    await play();
    await playFor(2);
    stand.paused = true;
    view.unmount();
    expect(saves()).toEqual([{ positionSeconds: 32, playedSeconds: 2 }]);
  });

  for (const refusal of [404, 403]) {
    it(`goes quiet after a ${refusal}: no error shown or logged, and no more saves for the lesson`, async () => {
      status = refusal;
      const { play, playFor, pause } = setup();
      await play();
      await playFor(10);
      expect(saves()).toHaveLength(1);
      await playFor(25);
      await pause();
      expect(saves()).toHaveLength(1);
    });
  }

  it('tries again at the next save after a server error or a network failure', async () => {
    status = 503;
    const { play, playFor } = setup();
    await play();
    await playFor(10);
    fetchMock.mockRejectedValueOnce(new TypeError('Failed to fetch'));
    await playFor(10);
    await playFor(10);
    expect(saves()).toHaveLength(3);
  });
});
