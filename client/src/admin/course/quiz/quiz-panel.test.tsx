// @vitest-environment happy-dom
// A quiz lesson's part of the lesson editor through the real tRPC client: only the network is a
// stand-in, answering as the server does.
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Question } from '@shared/quiz';
import { AppProviders } from '@/app/providers';
import { signInAs } from '@/course/test-media.test-support';
import type { AdminLesson, AdminModule } from '../course-types';
import { QuizPanel } from './quiz-panel';

const question = (id: string, prompt: string): Question => ({
  _id: id,
  kind: 'single',
  prompt,
  options: [
    { _id: `${id}-a`, text: 'Mars', correct: true },
    { _id: `${id}-b`, text: 'Venus', correct: false },
  ],
  answers: [],
  explanation: '',
  points: 2,
  taught: null,
});

const lesson = {
  _id: 'quiz-1',
  title: 'Check',
  kind: 'quiz',
  quiz: { passPercent: 80, attemptsAllowed: 3, retryAfterMinutes: 0, questionsPerAttempt: null, shuffle: false, requiredToComplete: true },
  questions: [question('q1', 'Which planet is red?'), question('q2', 'Which is a gas giant?')],
} as unknown as AdminLesson;
const modules = [{ _id: 'm1', title: 'Foundations', lessons: [lesson] }] as unknown as AdminModule[];

/** The preview as the server starts it: the questions without their right answers. */
const previewAttempt = {
  _id: 'preview',
  number: 1,
  startedAt: '2026-11-29T12:00:00.000Z',
  submittedAt: null,
  questions: lesson.questions.map(({ _id, kind, prompt, options, points }) => ({
    _id,
    kind,
    prompt,
    points,
    options: options.map(({ _id: id, text }) => ({ _id: id, text })),
  })),
  answers: {},
  percent: null,
  passed: null,
  results: null,
};
const scoredPreview = {
  ...previewAttempt,
  submittedAt: '2026-11-29T12:01:00.000Z',
  answers: { q1: { optionIds: ['q1-a'] } },
  percent: 50,
  passed: false,
  results: lesson.questions.map((question) => ({
    questionId: question._id,
    earned: question._id === 'q1' ? 2 : 0,
    points: 2,
    correct: question._id === 'q1',
    correctOptionIds: [`${question._id}-a`],
    explanation: '',
    taught: null,
  })),
};

const json = (value: unknown, status = 200) => new Response(JSON.stringify(value), { status, headers: { 'content-type': 'application/json' } });
let sent: Array<{ procedure: string; input: unknown }> = [];

beforeEach(() => {
  signInAs('admin-1');
  sent = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const url = new URL(String(input), 'http://site.test');
      const procedure = url.pathname.replace('/trpc/', '');
      if (procedure === 'course.quiz.insights') {
        return json([{ result: { data: { attempts: 0, members: 0, passed: 0, questions: [] } } }]);
      }
      if (procedure === 'course.quiz.preview.start') return json([{ result: { data: { attempt: previewAttempt } } }]);
      if (procedure === 'course.quiz.preview.score') {
        sent.push({ procedure, input: (JSON.parse(String(init!.body)) as Record<string, unknown>)['0'] });
        return json([{ result: { data: { attempt: scoredPreview } } }]);
      }
      if (procedure === 'course.quiz.questions.delete') {
        sent.push({ procedure, input: (JSON.parse(String(init!.body)) as Record<string, unknown>)['0'] });
        return json([{ result: { data: { message: 'Question deleted' } } }]);
      }
      throw new Error(`unexpected request ${procedure}`);
    }),
  );
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  localStorage.clear();
});

function show() {
  const onChanged = vi.fn(async () => undefined);
  const showStatus = vi.fn();
  render(
    <AppProviders>
      <QuizPanel lesson={lesson} modules={modules} onChanged={onChanged} showStatus={showStatus} />
    </AppProviders>,
  );
  return { onChanged, showStatus };
}

describe("a quiz lesson's part of the lesson editor", () => {
  it('lists the questions in order, each with a handle named for its place, its kind and points', async () => {
    show();
    const list = screen.getByRole('list', { name: 'Questions, in quiz order' });
    expect(
      within(list)
        .getAllByRole('listitem')
        .map((item) => item.querySelector('.cm-lesson__title')?.textContent),
    ).toEqual(['1. Which planet is red?', '2. Which is a gas giant?']);
    expect(within(list).getByRole('button', { name: 'Move question 2, position 2 of 2' })).toBeTruthy();
    expect(within(list).getAllByText('2 points')).toHaveLength(2);
    expect(await screen.findByText('No member has submitted this quiz yet.')).toBeTruthy();
  });

  it('deletes a question once the admin confirms, and reads the course again', async () => {
    const { onChanged, showStatus } = show();
    await screen.findByText('No member has submitted this quiz yet.');
    fireEvent.click(screen.getByRole('button', { name: 'Delete question 2' }));
    const dialog = screen.getByRole('alertdialog', { name: 'Delete this question?' });
    expect(within(dialog).getByText('Which is a gas giant?')).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Delete question' }));
    await waitFor(() => expect(onChanged).toHaveBeenCalledTimes(1));
    expect(sent).toEqual([{ procedure: 'course.quiz.questions.delete', input: { id: 'q2' } }]);
    expect(showStatus).toHaveBeenCalledWith('Question deleted', { tone: 'success' });
    expect(screen.queryByRole('alertdialog')).toBeNull();
  });

  it('opens one question at a time in the editor', async () => {
    show();
    await screen.findByText('No member has submitted this quiz yet.');
    fireEvent.click(screen.getByRole('button', { name: 'Edit question 1' }));
    const editor = screen.getByRole('form', { name: 'Edit question 1' });
    expect((within(editor).getByLabelText('Question (Markdown)') as HTMLTextAreaElement).value).toBe('Which planet is red?');
    expect(screen.queryByRole('button', { name: 'Add a question' })).toBeNull();
    fireEvent.click(within(editor).getByRole('button', { name: 'Cancel' }));
    fireEvent.click(screen.getByRole('button', { name: 'Add a question' }));
    expect(screen.getByRole('form', { name: 'New question' })).toBeTruthy();
  });

  it('previews the quiz as a member: answers kept in the page, scored by the server, nothing recorded', async () => {
    show();
    fireEvent.click(screen.getByRole('button', { name: 'Preview the quiz' }));
    const preview = screen.getByRole('region', { name: 'Try the quiz as a member' });
    expect(await within(preview).findByRole('heading', { name: 'Preview' })).toBeTruthy();
    expect(within(preview).getByText(/nothing of it is kept/)).toBeTruthy();
    fireEvent.click(within(within(preview).getByRole('group', { name: /Question 1 of 2/ })).getByRole('radio', { name: 'Mars' }));
    fireEvent.click(within(preview).getByRole('button', { name: 'Submit' }));
    fireEvent.click(within(screen.getByRole('alertdialog', { name: 'Submit with questions unanswered?' })).getByRole('button', { name: 'Submit anyway' }));
    expect(await within(preview).findByRole('heading', { name: 'You scored 50 %: not a pass this time' })).toBeTruthy();
    expect(sent).toEqual([
      { procedure: 'course.quiz.preview.score', input: { id: 'quiz-1', questionIds: ['q1', 'q2'], answers: [{ questionId: 'q1', optionIds: ['q1-a'] }] } },
    ]);
    fireEvent.click(within(preview).getByRole('button', { name: 'Close the preview' }));
    expect(within(preview).getByRole('button', { name: 'Preview the quiz' })).toBeTruthy();
  });
});
