// @vitest-environment happy-dom
// The quiz on the lesson page, wired to the server: a quiz lesson has the quiz where others have a
// player, and no Mark complete; Start, each answer and Submit are the §8 calls; after a submit the
// lesson and the course progress are read again, so what comes next and the course percent follow
// the server; a refused start says why in the server's words. The page runs with its real tRPC
// client and react-query; only the network (fetch) is a stand-in, answering as the server does.
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Attempt, MemberQuiz } from '@shared/quiz';
import { AppProviders } from '@/app/providers';
import { LessonPage } from '@/pages/lesson-page';
import { CourseProgressSummary } from '../course-progress-summary';
import { NO_COMMENTS, quietStream } from '../discussion/discussion-server.test-support';
import { signInAs } from '../test-media.test-support';

const question: Attempt['questions'][number] = {
  _id: 'q1',
  kind: 'single',
  prompt: 'Who observes?',
  options: [
    { _id: 'a', text: 'The observer' },
    { _id: 'b', text: 'Nobody' },
  ],
  points: 1,
};

const started: Attempt = {
  _id: 'att-1',
  number: 1,
  startedAt: '2026-11-29T09:00:00.000Z',
  submittedAt: null,
  questions: [question],
  answers: {},
  percent: null,
  passed: null,
  results: null,
};

const passed: Attempt = {
  ...started,
  submittedAt: '2026-11-29T09:02:00.000Z',
  answers: { q1: { optionIds: ['a'] } },
  percent: 100,
  passed: true,
  results: [{ questionId: 'q1', earned: 1, points: 1, correct: true, correctOptionIds: ['a'], explanation: '', taught: null }],
};

const facts: MemberQuiz = { passPercent: 80, attemptsAllowed: 2, attemptsUsed: 0, retryAt: null, best: null, open: null };

/** What the server answers now: changed by the test as the server's state would change. */
let server: { quiz: MemberQuiz; completedAt: string | null; percent: number; start: () => Entry };
/** Each call: its procedure and its input. */
let calls: Array<[string, unknown]>;

/** One call's answer in a tRPC batch. */
type Entry = { result: { data: unknown } } | { error: { message: string; code: number; data: { httpStatus: number } & Record<string, unknown> } };

const refused = (message: string, httpStatus: number, data: Record<string, unknown> = {}): Entry => ({
  error: { message, code: -32600, data: { httpStatus, ...data } },
});

function entryOf(procedure: string): Entry {
  if (procedure === 'course.quiz.start') return server.start();
  if (procedure === 'course.certificate') return refused('Complete every lesson to earn the certificate', 404);
  return { result: { data: dataOf(procedure) } };
}

/** A batch's status as tRPC sends it: the one status all its calls share, else 207. */
function batchAnswer(entries: Entry[]): Response {
  const statuses = new Set(entries.map((entry) => ('error' in entry ? entry.error.data.httpStatus : 200)));
  const status = statuses.size === 1 ? [...statuses][0]! : 207;
  return new Response(JSON.stringify(entries), { status, headers: { 'content-type': 'application/json' } });
}

function dataOf(procedure: string): unknown {
  switch (procedure) {
    case 'course.lesson':
      return {
        lesson: {
          _id: 'l1',
          moduleId: 'm1',
          title: 'Check yourself',
          summary: '',
          kind: 'quiz',
          durationSeconds: null,
          html: '<p>Two minutes.</p>\n',
          media: null,
          attachments: [],
        },
        progress: { positionSeconds: 0, playedSeconds: 0, completedAt: server.completedAt },
        quiz: server.quiz,
        previousId: null,
        nextId: null,
      };
    case 'course.progress':
      return { completedLessons: server.percent / 50, totalLessons: 2, percent: server.percent, resume: null, modules: [] };
    case 'discussion.list':
      return NO_COMMENTS;
    case 'course.quiz.saveAnswer':
      return { saved: true };
    case 'course.quiz.submit':
      return { attempt: passed };
    default:
      throw new Error(`unexpected call ${procedure}`);
  }
}

beforeEach(() => {
  calls = [];
  server = { quiz: facts, completedAt: null, percent: 0, start: () => ({ result: { data: { attempt: started } } }) };
  signInAs('member-1');
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const stream = quietStream(String(input), 'l1');
      if (stream) return stream;
      const url = new URL(String(input), 'http://localhost');
      if (url.pathname.startsWith('/api/')) {
        calls.push([`${init?.method} ${url.pathname}${init?.keepalive ? ' (keepalive)' : ''}`, JSON.parse(String(init?.body))]);
        return new Response('{"saved":true}', { status: 200, headers: { 'content-type': 'application/json' } });
      }
      const procedures = url.pathname.replace('/trpc/', '').split(',');
      const inputs = (init?.method === 'POST' ? JSON.parse(String(init.body)) : JSON.parse(url.searchParams.get('input') ?? '{}')) as Record<string, unknown>;
      procedures.forEach((procedure, index) => calls.push([procedure, inputs[index]]));
      return batchAnswer(procedures.map(entryOf));
    }),
  );
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  localStorage.clear();
});

async function openQuizLesson() {
  const router = createMemoryRouter(
    [
      {
        path: '/course/:lessonId',
        element: (
          <>
            <LessonPage />
            <CourseProgressSummary />
          </>
        ),
      },
    ],
    { initialEntries: ['/course/l1'] },
  );
  const view = render(
    <AppProviders>
      <RouterProvider router={router} />
    </AppProviders>,
  );
  await screen.findByRole('heading', { name: 'Check yourself', level: 1 });
  return view;
}

/** The course percent the dashboard's summary shows. */
const percentShown = () => document.querySelector('.course-progress__percent')?.textContent;

const reads = (procedure: string) => calls.filter(([name]) => name === procedure).length;

describe('the quiz on the lesson page', () => {
  it('takes the place of the player, with no Mark complete', async () => {
    const view = await openQuizLesson();
    const panel = screen.getByRole('region', { name: 'Quiz' });
    expect(within(panel).getByRole('button', { name: 'Start' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Mark complete' })).toBeNull();
    expect(view.container.querySelector('video, audio')).toBeNull();
  });

  it('starts, saves an answer and submits through the §8 calls, then reads the lesson and the course progress again', async () => {
    await openQuizLesson();
    await vi.waitFor(() => expect(percentShown()).toBe('0%'));
    fireEvent.click(screen.getByRole('button', { name: 'Start' }));
    await screen.findByRole('heading', { name: 'Attempt 1' });
    expect(calls).toContainEqual(['course.quiz.start', { id: 'l1' }]);

    fireEvent.click(screen.getByRole('radio', { name: 'The observer' }));
    await vi.waitFor(() => expect(calls).toContainEqual(['course.quiz.saveAnswer', { id: 'att-1', questionId: 'q1', optionIds: ['a'] }]));

    // The server's state after the pass: both attempts used, the lesson complete, half the course done.
    const lessonReads = reads('course.lesson');
    const progressReads = reads('course.progress');
    server = { ...server, quiz: { ...facts, attemptsUsed: 2, best: { percent: 100, passed: true } }, completedAt: passed.submittedAt, percent: 50 };
    fireEvent.click(screen.getByRole('button', { name: 'Submit' }));
    await screen.findByRole('heading', { name: 'You passed with 100 %' });
    expect(calls).toContainEqual(['course.quiz.submit', { id: 'att-1' }]);
    expect(reads('course.lesson')).toBe(lessonReads + 1);
    expect(reads('course.progress')).toBe(progressReads + 1);
    // What comes next is the re-read lesson's: no attempts left.
    expect(screen.getByText('You have no attempts left.')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Try again' })).toBeNull();
    expect(percentShown()).toBe('50%');
  });

  it('sends the text typed just before the page goes away with the REST call, keepalive', async () => {
    server.start = () => ({
      result: { data: { attempt: { ...started, questions: [{ _id: 'q2', kind: 'text', prompt: 'Name it.', options: [], points: 1 }] } } },
    });
    await openQuizLesson();
    fireEvent.click(screen.getByRole('button', { name: 'Start' }));
    fireEvent.change(await screen.findByRole('textbox', { name: 'Your answer' }), { target: { value: 'Earth' } });
    window.dispatchEvent(new Event('pagehide'));
    expect(calls).toContainEqual(['PUT /api/course/attempts/att-1/answers/q2 (keepalive)', { text: 'Earth' }]);
  });

  it("says why a start is refused in the server's words, and shows the wait the re-read lesson holds", async () => {
    await openQuizLesson();
    const retryAt = new Date(Date.now() + 25 * 60_000).toISOString();
    server.start = () => {
      server.quiz = { ...facts, attemptsUsed: 1, retryAt };
      return refused('You can try again in 25 minutes', 429, { retryAfterSeconds: 1500 });
    };
    fireEvent.click(screen.getByRole('button', { name: 'Start' }));
    expect((await screen.findByRole('alert')).textContent).toBe('You can try again in 25 minutes');
    await screen.findByText(/^You can try again (at|on) /);
    expect(screen.queryByRole('button', { name: 'Start' })).toBeNull();
  });
});
