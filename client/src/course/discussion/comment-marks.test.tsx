// @vitest-environment happy-dom
// Comments pinned to moments, on the player: marks along the timeline named "Comment at 12:04",
// placed by their share of the length, and counts beside the transcript lines that hold them;
// each seeks the player there.
import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { LessonMedia } from '@/course/lesson-media';
import type { LessonMediaFile } from '@/course/lesson-media-types';
import { emulateBrowserMedia, signInAs, standIn, type MediaStandIn } from '@/course/test-media.test-support';
import { aComment } from './comment-fixtures.test-support';
import { commentMoments, type CommentMoment } from './comment-moments';

const video: LessonMediaFile = {
  url: '/api/course/files/clip?sig=1',
  type: 'video/webm',
  captions: [{ lang: 'en', label: 'English', url: '/api/course/files/en?sig=1' }],
  stream: null,
};

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

function open(moments: readonly CommentMoment[]) {
  const stand: MediaStandIn = { currentTime: 0, duration: Number.NaN, paused: true, played: [] };
  const view = render(
    <MemoryRouter initialEntries={['/course/l1']}>
      <LessonMedia lessonId="l1" title="Breathing" kind="video" file={video} positionSeconds={0} nextId={null} moments={moments} />
    </MemoryRouter>,
  );
  const media = view.container.querySelector('video')!;
  standIn(media, stand);
  /** The media says how long it is, as a browser does once its metadata is in. */
  const loadDuration = (seconds: number) => {
    stand.duration = seconds;
    act(() => void media.dispatchEvent(new Event('durationchange')));
  };
  return { media, stand, loadDuration };
}

describe("comments on the player's timeline and transcript", () => {
  it('counts the visible top-level comments per second they point at', () => {
    expect(
      commentMoments([
        aComment({ _id: 'a', atSeconds: 724 }),
        aComment({ _id: 'b', atSeconds: 724 }),
        aComment({ _id: 'c', atSeconds: 30 }),
        aComment({ _id: 'd', atSeconds: 60, status: 'held' }),
        aComment({ _id: 'e' }),
      ]),
    ).toEqual([
      { seconds: 30, count: 1 },
      { seconds: 724, count: 2 },
    ]);
  });

  it('places a mark per moment once the length is known, named for the moment, and a click seeks there', () => {
    const { stand, loadDuration } = open([
      { seconds: 30, count: 1 },
      { seconds: 724, count: 2 },
    ]);
    // No length yet, no place for a mark.
    expect(screen.queryByRole('button', { name: 'Comment at 0:30' })).toBeNull();
    loadDuration(1200);
    const controls = screen.getByRole('group', { name: 'Player controls' });
    const first = within(controls).getByRole('button', { name: 'Comment at 0:30' });
    const second = within(controls).getByRole('button', { name: '2 comments at 12:04' });
    expect(first.style.left).toBe('2.5%');
    expect(second.style.left).toMatch(/^60\.33/);
    fireEvent.click(second);
    expect(stand.currentTime).toBe(724);
  });

  it('leaves out a moment past the end', () => {
    const { loadDuration } = open([{ seconds: 900, count: 1 }]);
    loadDuration(600);
    expect(screen.queryByRole('button', { name: /comment/i })).toBeNull();
  });

  it('puts the count beside the transcript line whose time holds the moment, and a click seeks to the moment', () => {
    const { media, stand } = open([
      { seconds: 5, count: 1 },
      { seconds: 7, count: 2 },
    ]);
    const track = media.querySelector('track')!;
    for (const [start, end, text] of [
      [0, 4, 'Welcome.'],
      [4, 9, 'Breathe in.'],
      [9, 12, 'And out.'],
    ] as const)
      track.track.addCue(new VTTCue(start, end, text));
    act(() => void track.dispatchEvent(new Event('load')));
    const transcript = screen.getByRole('region', { name: 'Transcript' });
    const count = within(transcript).getByRole('button', { name: '3 comments on this line, from 0:05' });
    expect(count.textContent).toBe('3');
    expect(count.closest('li')!.textContent).toContain('Breathe in.');
    expect(within(transcript).getAllByRole('button', { name: /comments? on this line/ })).toHaveLength(1);
    fireEvent.click(count);
    expect(stand.currentTime).toBe(5);
  });
});
