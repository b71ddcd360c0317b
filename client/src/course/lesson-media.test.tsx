// @vitest-environment happy-dom
import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { createMemoryRouter, MemoryRouter, RouterProvider, useLocation } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { LessonMedia } from './lesson-media';
import type { LessonMediaFile } from './lesson-media-types';
import { preferencesKey } from './player-preferences';
import { emulateBrowserMedia, signInAs, standIn, type MediaStandIn, type StandInTrack } from './test-media.test-support';

const video: LessonMediaFile = {
  url: '/api/course/files/clip?sig=1',
  type: 'video/webm',
  captions: [
    { lang: 'en', label: 'English', url: '/api/course/files/en?sig=1' },
    { lang: 'de', label: 'Deutsch', url: '/api/course/files/de?sig=1' },
  ],
  stream: null,
};

function NextLesson() {
  const state = useLocation().state as { autoplay?: boolean } | null;
  return <p>Next lesson page{state?.autoplay ? ', playing' : ''}</p>;
}

function open(file: LessonMediaFile, { kind = 'video', at = '/course/l1', positionSeconds = 0, nextId = 'l2' as string | null } = {}) {
  const stand: MediaStandIn = { currentTime: 0, duration: Number.NaN, paused: true, played: [] };
  const router = createMemoryRouter(
    [
      {
        path: '/course/l1',
        element: <LessonMedia lessonId="l1" title="Breathing" kind={kind} file={file} positionSeconds={positionSeconds} nextId={nextId} />,
      },
      { path: '/course/l2', element: <NextLesson /> },
    ],
    { initialEntries: [at] },
  );
  const view = render(<RouterProvider router={router} />);
  const media = view.container.querySelector<HTMLMediaElement>('video, audio')!;
  standIn(media, stand);
  return { view, media, stand, router };
}

/** Gives a track element's TextTrack these cues, marks `active` current, and says so as the browser does. */
function loadCues(track: HTMLTrackElement, cues: Array<[number, number, string]>) {
  for (const [start, end, text] of cues) track.track.addCue(new VTTCue(start, end, text));
  act(() => void track.dispatchEvent(new Event('load')));
}

function makeCurrent(track: HTMLTrackElement, index: number) {
  const standInTrack = track.track as unknown as StandInTrack;
  standInTrack.active = [standInTrack.list[index]!];
  act(() => void track.dispatchEvent(new Event('cuechange')));
}

let undoEmulation = () => {};

beforeEach(() => {
  undoEmulation = emulateBrowserMedia();
  signInAs('member-1');
  vi.stubGlobal(
    'fetch',
    vi.fn(async () => new Response('{}', { status: 200 })),
  );
});

afterEach(() => {
  cleanup();
  undoEmulation();
  vi.unstubAllGlobals();
  localStorage.clear();
});

describe('the lesson player', () => {
  it('names every control, each a native control that Tab reaches and the keyboard works', () => {
    open(video);
    const controls = screen.getByRole('group', { name: 'Player controls' });
    for (const name of ['Play', 'Mute', 'Full screen']) expect(within(controls).getByRole('button', { name })).toBeTruthy();
    for (const name of ['Seek', 'Volume']) expect(within(controls).getByRole('slider', { name })).toBeTruthy();
    for (const name of ['Speed', 'Captions']) expect(within(controls).getByRole('combobox', { name })).toBeTruthy();
    expect(screen.getByRole('checkbox', { name: 'Go on to the next lesson when this one ends' })).toBeTruthy();
    // Nothing taken out of the tab order, nothing that only a mouse can reach.
    for (const control of controls.querySelectorAll('button, input, select')) expect(control.getAttribute('tabindex')).toBeNull();
    expect(controls.querySelectorAll('[role="button"], [onclick]')).toHaveLength(0);
  });

  it('plays, seeks by the slider (as the arrow keys move it), mutes and sets the volume', async () => {
    const { media, stand } = open(video);
    stand.duration = 120;
    const play = vi.spyOn(media, 'play').mockImplementation(async () => {
      stand.paused = false;
      media.dispatchEvent(new Event('play'));
    });
    await act(async () => screen.getByRole('button', { name: 'Play' }).click());
    expect(play).toHaveBeenCalledTimes(1);
    expect(screen.getByRole('button', { name: 'Pause' })).toBeTruthy();

    act(() => void media.dispatchEvent(new Event('durationchange')));
    const seekBar = screen.getByRole('slider', { name: 'Seek' });
    expect(seekBar.getAttribute('max')).toBe('120');
    fireEvent.change(seekBar, { target: { value: '65' } });
    expect(stand.currentTime).toBe(65);
    // At once, before the media's next event: the next arrow key goes on from here, not from before.
    expect((seekBar as HTMLInputElement).value).toBe('65');
    expect(seekBar.getAttribute('aria-valuetext')).toBe('1:05 of 2:00');

    fireEvent.click(screen.getByRole('button', { name: 'Mute' }));
    expect(media.muted).toBe(true);
    expect(screen.getByRole('button', { name: 'Mute' }).getAttribute('aria-pressed')).toBe('true');
    fireEvent.change(screen.getByRole('slider', { name: 'Volume' }), { target: { value: '40' } });
    expect(media.volume).toBeCloseTo(0.4);
    expect(media.muted).toBe(false);
  });

  it('remembers the speed per member on this device, and another member keeps their own', () => {
    const first = open(video);
    const speed = () => screen.getByRole<HTMLSelectElement>('combobox', { name: 'Speed' });
    expect(speed().value).toBe('1');
    fireEvent.change(speed(), { target: { value: '1.5' } });
    expect(first.media.playbackRate).toBe(1.5);
    expect(first.media.defaultPlaybackRate).toBe(1.5);
    expect(JSON.parse(localStorage.getItem(preferencesKey('member-1'))!)).toEqual({ speed: 1.5, autoAdvance: false, quality: null });
    first.view.unmount();

    const again = open(video);
    expect(speed().value).toBe('1.5');
    expect(again.media.playbackRate).toBe(1.5);
    again.view.unmount();

    signInAs('member-2');
    const other = open(video);
    expect(speed().value).toBe('1');
    expect(other.media.playbackRate).toBe(1);
  });

  it('ignores a remembered speed it does not offer', () => {
    localStorage.setItem(preferencesKey('member-1'), JSON.stringify({ speed: 16, autoAdvance: 'yes' }));
    const { media } = open(video);
    expect(screen.getByRole<HTMLSelectElement>('combobox', { name: 'Speed' }).value).toBe('1');
    expect(media.playbackRate).toBe(1);
    expect(screen.getByRole<HTMLInputElement>('checkbox', { name: /next lesson/ }).checked).toBe(false);
  });

  it('shows the chosen captions on the video, and otherwise loads only the first track, hidden, for the transcript', () => {
    const { media } = open(video);
    const [english, german] = [...media.querySelectorAll('track')];
    expect(english!.getAttribute('srclang')).toBe('en');
    expect(english!.track.mode).toBe('hidden');
    expect(german!.track.mode).toBe('disabled');
    fireEvent.change(screen.getByRole('combobox', { name: 'Captions' }), { target: { value: '1' } });
    expect(english!.track.mode).toBe('disabled');
    expect(german!.track.mode).toBe('showing');
    fireEvent.change(screen.getByRole('combobox', { name: 'Captions' }), { target: { value: '-1' } });
    expect(german!.track.mode).toBe('disabled');
    expect(english!.track.mode).toBe('hidden');
  });

  it('lists the transcript from the cues as text, marks the current line, and a line seeks there', () => {
    const { media, stand } = open(video);
    const english = media.querySelector('track')!;
    loadCues(english, [
      [0, 4, 'Welcome to the lesson.'],
      [4, 9, '<script>window.ran = true</script><b>Breathe</b> in'],
      [9, 12, 'And out.'],
    ]);
    const transcript = screen.getByRole('region', { name: 'Transcript' });
    const lines = within(transcript).getAllByRole('button');
    expect(lines.map((line) => line.textContent)).toEqual(['0:00Welcome to the lesson.', expect.stringMatching(/^0:04/), '0:09And out.']);
    // Markup in a cue never becomes elements of the page.
    expect(transcript.querySelector('script, b')).toBeNull();
    expect((window as { ran?: boolean }).ran).toBeUndefined();

    makeCurrent(english, 2);
    expect(lines.map((line) => line.getAttribute('aria-current'))).toEqual([null, null, 'true']);
    fireEvent.click(lines[1]!);
    expect(stand.currentTime).toBe(4);
    makeCurrent(english, 1);
    expect(lines.map((line) => line.getAttribute('aria-current'))).toEqual([null, 'true', null]);
  });

  it('builds the transcript of an audio lesson from the language chosen for it', () => {
    const { media } = open({ ...video, url: '/api/course/files/talk?sig=1', type: 'audio/ogg' }, { kind: 'audio' });
    expect(media.tagName).toBe('AUDIO');
    const [english, german] = [...media.querySelectorAll('track')];
    expect(screen.queryByRole('button', { name: 'Full screen' })).toBeNull();
    expect(screen.queryByRole('combobox', { name: 'Captions' })).toBeNull();
    fireEvent.change(screen.getByRole('combobox', { name: 'Transcript language' }), { target: { value: '1' } });
    expect(german!.track.mode).toBe('hidden');
    expect(english!.track.mode).toBe('disabled');
    loadCues(german!, [[0, 3, 'Willkommen.']]);
    expect(within(screen.getByRole('region', { name: 'Transcript' })).getByRole('button').textContent).toBe('0:00Willkommen.');
  });

  it('resumes at the saved position, or at ?t= from a search hit, which it then drops from the address', () => {
    const saved = open(video, { positionSeconds: 42 });
    saved.stand.duration = 120;
    act(() => void saved.media.dispatchEvent(new Event('loadedmetadata')));
    expect(saved.stand.currentTime).toBe(42);
    saved.view.unmount();

    const hit = open(video, { positionSeconds: 42, at: '/course/l1?t=75' });
    expect(hit.router.state.location.search).toBe('');
    hit.stand.duration = 120;
    act(() => void hit.media.dispatchEvent(new Event('loadedmetadata')));
    expect(hit.stand.currentTime).toBe(75);
  });

  it('seeks to a search hit on the lesson already open, which keeps its player, and ignores a ?t= that names no moment', async () => {
    const { media, stand, router } = open(video, { positionSeconds: 42 });
    stand.duration = 120;
    act(() => void media.dispatchEvent(new Event('loadedmetadata')));
    expect(stand.currentTime).toBe(42);

    await act(() => router.navigate('/course/l1?t=75'));
    expect(stand.currentTime).toBe(75);
    expect(router.state.location.search).toBe('');
    expect(document.querySelector('video')).toBe(media);

    await act(() => router.navigate('/course/l1?t=soon'));
    expect(stand.currentTime).toBe(75);
    expect(router.state.location.search).toBe('');
  });

  it("opens a quiz's Rewatch passage at its start and pauses once at its end, whichever way the lesson was opened", async () => {
    for (const sameLesson of [false, true]) {
      const { media, stand, router, view } = open(video, { positionSeconds: 42, at: sameLesson ? '/course/l1' : '/course/l1?t=75&end=80' });
      stand.duration = 120;
      act(() => void media.dispatchEvent(new Event('loadedmetadata')));
      if (sameLesson) await act(() => router.navigate('/course/l1?t=75&end=80'));
      expect(stand.currentTime).toBe(75);
      expect(router.state.location.search).toBe('');
      const pause = vi.spyOn(media, 'pause').mockImplementation(() => void (stand.paused = true));
      stand.paused = false;
      const playTo = (seconds: number) => {
        stand.currentTime = seconds;
        act(() => void media.dispatchEvent(new Event('timeupdate')));
      };
      playTo(79.5);
      expect(pause).not.toHaveBeenCalled();
      playTo(80.2);
      expect(pause).toHaveBeenCalledTimes(1);
      // Once: played on from there, it plays on.
      stand.paused = false;
      playTo(85);
      expect(pause).toHaveBeenCalledTimes(1);
      view.unmount();
    }
  });

  it('does not stop a member who jumps past the end of a Rewatch passage, nor after a later hit without an end', async () => {
    const jumper = open(video, { at: '/course/l1?t=75&end=80' });
    const pause = vi.spyOn(jumper.media, 'pause');
    jumper.stand.paused = false;
    jumper.stand.currentTime = 100;
    act(() => void jumper.media.dispatchEvent(new Event('seeking')));
    act(() => void jumper.media.dispatchEvent(new Event('timeupdate')));
    expect(pause).not.toHaveBeenCalled();
    jumper.view.unmount();

    const searcher = open(video, { at: '/course/l1?t=75&end=80' });
    await act(() => searcher.router.navigate('/course/l1?t=10'));
    const later = vi.spyOn(searcher.media, 'pause');
    searcher.stand.paused = false;
    searcher.stand.currentTime = 81;
    act(() => void searcher.media.dispatchEvent(new Event('timeupdate')));
    expect(later).not.toHaveBeenCalled();
  });

  it('goes on to the next lesson at the end when asked, and remembers the choice', async () => {
    const { media, router } = open(video);
    act(() => void media.dispatchEvent(new Event('ended')));
    expect(router.state.location.pathname).toBe('/course/l1');

    fireEvent.click(screen.getByRole('checkbox', { name: 'Go on to the next lesson when this one ends' }));
    expect(JSON.parse(localStorage.getItem(preferencesKey('member-1'))!)).toEqual({ speed: 1, autoAdvance: true, quality: null });
    await act(async () => void media.dispatchEvent(new Event('ended')));
    expect(router.state.location.pathname).toBe('/course/l2');
    expect(screen.getByText('Next lesson page, playing')).toBeTruthy();
  });

  it('offers no auto-advance on the last lesson', () => {
    open(video, { nextId: null });
    expect(screen.queryByRole('checkbox')).toBeNull();
  });

  it('keeps what it opened when the lesson is read again, with signed URLs of a new expiry', () => {
    const lesson = (file: LessonMediaFile, positionSeconds: number) => (
      <MemoryRouter initialEntries={['/course/l1']}>
        <LessonMedia lessonId="l1" title="Breathing" kind="video" file={file} positionSeconds={positionSeconds} nextId={null} />
      </MemoryRouter>
    );
    const view = render(lesson(video, 0));
    const media = view.container.querySelector('video')!;
    const renewed = (url: string) => url.replace('sig=1', 'sig=2');
    view.rerender(lesson({ ...video, url: renewed(video.url), captions: video.captions.map((file) => ({ ...file, url: renewed(file.url) })) }, 99));
    expect(view.container.querySelector('video')).toBe(media);
    expect(media.getAttribute('src')).toBe(video.url);
    expect([...media.querySelectorAll('track')].map((track) => track.getAttribute('src'))).toEqual(video.captions.map((file) => file.url));
  });
});
