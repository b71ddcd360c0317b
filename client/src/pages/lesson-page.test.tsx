// @vitest-environment happy-dom
// The lesson page's Mark complete follows a completion the player's save brought (CONTRACT §4: a
// video lesson completes by itself at 90 % played), at once, without a reload; and a save answered
// late never undoes what the member clicked since. The page runs with its real tRPC client and
// react-query; only the network (fetch) is a stand-in, answering as the server does.
import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { AppProviders } from '../app/providers';
import type { LessonProgress } from '../course/lesson-progress-answers';
import { progressPath } from '../course/save-progress';
import { NO_COMMENTS, quietStream } from '../course/discussion/discussion-server.test-support';
import { aComment } from '../course/discussion/comment-fixtures.test-support';
import { emulateBrowserMedia, signInAs, standIn, type MediaStandIn } from '../course/test-media.test-support';
import { LessonPage } from './lesson-page';

const COMPLETED_AT = '2026-11-26T12:00:00.000Z';

const reading = (progress: LessonProgress) => ({
  lesson: {
    _id: 'l1',
    moduleId: 'm1',
    title: 'Breathing',
    summary: '',
    kind: 'video',
    durationSeconds: 20,
    html: '<p>Watch closely.</p>\n',
    media: { url: '/course-files/clip?u=member-1&e=9&s=x', type: 'video/webm', captions: [] },
    attachments: [],
  },
  progress,
  previousId: null,
  nextId: null,
});

/** An answer the test sends when it wants: a save in flight. */
interface Held {
  body: unknown;
  answer: (progress: LessonProgress) => Promise<void>;
}

let held: Held[] = [];
let lessonReads = 0;
/** The discussion's first page. */
let discussion: { comments: unknown[]; nextCursor: string | null } = NO_COMMENTS;
const json = (value: unknown) => new Response(JSON.stringify(value), { status: 200, headers: { 'content-type': 'application/json' } });

beforeEach(() => {
  held = [];
  lessonReads = 0;
  discussion = NO_COMMENTS;
  signInAs('member-1');
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const url = String(input);
      // The player's saves (REST, keepalive) and Mark complete (tRPC): each waits for the test.
      if (url === progressPath('l1') || url.startsWith('/trpc/course.saveProgress')) {
        const body = JSON.parse(String(init!.body)) as unknown;
        return new Promise<Response>((resolve) => {
          const rest = url.startsWith('/trpc');
          held.push({
            body: rest ? (body as Record<string, unknown>)['0'] : body,
            answer: async (progress) => {
              resolve(json(rest ? [{ result: { data: progress } }] : progress));
              // Lets the answer reach the page.
              await act(() => new Promise((done) => setTimeout(done, 20)));
            },
          });
        });
      }
      const stream = quietStream(url, 'l1');
      if (stream) return stream;
      // The lesson, and the discussion under it (read in the same batch).
      const procedures = /^\/trpc\/([^?]+)\?/.exec(url)?.[1]?.split(',') ?? [];
      if (procedures.length > 0 && procedures.every((name) => name === 'course.lesson' || name === 'discussion.list')) {
        return json(
          procedures.map((name) => {
            if (name === 'discussion.list') return { result: { data: discussion } };
            lessonReads++;
            return { result: { data: reading({ positionSeconds: 0, playedSeconds: 0, completedAt: null }) } };
          }),
        );
      }
      throw new Error(`unexpected request ${url}`);
    }),
  );
});

let undoEmulation = () => {};
beforeEach(() => {
  undoEmulation = emulateBrowserMedia();
});

afterEach(() => {
  cleanup();
  undoEmulation();
  vi.unstubAllGlobals();
  localStorage.clear();
});

async function openLesson() {
  const router = createMemoryRouter([{ path: '/course/:lessonId', element: <LessonPage /> }], { initialEntries: ['/course/l1'] });
  const view = render(
    <AppProviders>
      <RouterProvider router={router} />
    </AppProviders>,
  );
  await screen.findByRole('heading', { name: 'Breathing' });
  const media = view.container.querySelector<HTMLVideoElement>('video')!;
  const stand: MediaStandIn = { currentTime: 0, duration: 20, paused: true, played: [] };
  standIn(media, stand);
  /** Plays `seconds` from where it is and pauses, which saves. */
  const playAndPause = async (seconds: number) => {
    stand.paused = false;
    await act(() => void media.dispatchEvent(new Event('play')));
    stand.played.push([stand.currentTime, stand.currentTime + seconds]);
    stand.currentTime += seconds;
    stand.paused = true;
    await act(() => void media.dispatchEvent(new Event('pause')));
  };
  return { playAndPause, media, stand };
}

const button = (name: string) => screen.queryByRole('button', { name });

describe('the lesson page', () => {
  it('turns Mark complete into Mark incomplete, with "Completed", once a save of the player comes back completed', async () => {
    const { playAndPause } = await openLesson();
    expect(button('Mark complete')).toBeTruthy();
    expect(screen.queryByText('Completed')).toBeNull();

    await playAndPause(18);
    expect(held.map((save) => save.body)).toEqual([{ positionSeconds: 18, playedSeconds: 18 }]);
    // The server crossed 90 % with this save and says so.
    await held[0]!.answer({ positionSeconds: 18, playedSeconds: 18, completedAt: COMPLETED_AT });

    expect(button('Mark incomplete')).toBeTruthy();
    expect(button('Mark complete')).toBeNull();
    expect(within(screen.getByRole('article', { name: 'Breathing' })).getByRole('status').textContent).toBe('Completed');
    // No reload: the lesson was read once.
    expect(lessonReads).toBe(1);

    // Undoing it keeps the member where the player got to, not where the lesson opened.
    fireEvent.click(button('Mark incomplete')!);
    await vi.waitFor(() => expect(held).toHaveLength(2));
    expect(held[1]!.body).toEqual({ id: 'l1', positionSeconds: 18, completed: false });
    await held[1]!.answer({ positionSeconds: 18, playedSeconds: 18, completedAt: null });
    expect(button('Mark complete')).toBeTruthy();
    expect(screen.queryByText('Completed')).toBeNull();
  });

  it("keeps what the member clicked when an older save's answer arrives after it", async () => {
    const { playAndPause } = await openLesson();
    await playAndPause(5);
    // That save is still in flight when the member marks the lesson complete.
    fireEvent.click(button('Mark complete')!);
    await vi.waitFor(() => expect(held).toHaveLength(2));
    await held[1]!.answer({ positionSeconds: 5, playedSeconds: 5, completedAt: COMPLETED_AT });
    expect(button('Mark incomplete')).toBeTruthy();

    // The save, answered by the server before the click reached it, comes back last.
    await held[0]!.answer({ positionSeconds: 5, playedSeconds: 5, completedAt: null });
    expect(button('Mark incomplete')).toBeTruthy();
    expect(within(screen.getByRole('article', { name: 'Breathing' })).getByRole('status').textContent).toBe('Completed');
  });

  it("shows the discussion under the lesson, its comments' moments as marks on the timeline, and both seek the player", async () => {
    discussion = { comments: [aComment({ _id: 'c1', atSeconds: 12 })], nextCursor: null };
    const { media, stand } = await openLesson();
    const region = await screen.findByRole('region', { name: 'Discussion' });
    await within(region).findByRole('article', { name: 'Comment by Grace' });
    await act(() => void media.dispatchEvent(new Event('durationchange')));
    fireEvent.click(screen.getByRole('button', { name: 'Comment at 0:12' }));
    expect(stand.currentTime).toBe(12);
    stand.currentTime = 3;
    fireEvent.click(within(region).getByRole('button', { name: 'at 0:12' }));
    expect(stand.currentTime).toBe(12);
  });
});
