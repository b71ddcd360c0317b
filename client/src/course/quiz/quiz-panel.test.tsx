// @vitest-environment happy-dom
// The quiz panel's states (issue 35 "What members get"): its facts with Start or Continue, a wait
// or no attempts left; an attempt whose answers are saved as they are given; Submit that asks only
// when questions are unanswered; the result with its Rewatch link. The server's calls are stand-ins
// that answer as CONTRACT §8 says.
import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { TRPCClientError } from '@trpc/client';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Answer, Attempt, MemberQuiz } from '@shared/quiz';
import type { QuizCalls } from './quiz-calls';
import { QuizPanel } from './quiz-panel';
import { TYPING_PAUSE_MS } from './use-answer-saver';

const questions: Attempt['questions'] = [
  {
    _id: 'q1',
    kind: 'single',
    prompt: 'Who observes?\nChoose one.',
    options: [
      { _id: 'a', text: 'The observer' },
      { _id: 'b', text: 'Nobody' },
    ],
    points: 1,
  },
  {
    _id: 'q2',
    kind: 'multiple',
    prompt: 'Which are planets?',
    options: [
      { _id: 'c', text: 'Mars' },
      { _id: 'd', text: 'The Moon' },
      { _id: 'e', text: 'Venus' },
    ],
    points: 2,
  },
  { _id: 'q3', kind: 'text', prompt: 'Name the operator.', options: [], points: 1 },
];

const attempt = (overrides: Partial<Attempt> = {}): Attempt => ({
  _id: 'att-1',
  number: 1,
  startedAt: '2026-11-29T09:00:00.000Z',
  submittedAt: null,
  questions,
  answers: {},
  percent: null,
  passed: null,
  results: null,
  ...overrides,
});

const scored = attempt({
  submittedAt: '2026-11-29T09:05:00.000Z',
  answers: { q1: { optionIds: ['b'] }, q2: { optionIds: ['c', 'e'] }, q3: { text: 'the observer' } },
  percent: 75,
  passed: false,
  results: [
    {
      questionId: 'q1',
      earned: 0,
      points: 1,
      correct: false,
      correctOptionIds: ['a'],
      explanation: 'The observer\nis the operator.',
      taught: { lessonId: 'l-video', startSeconds: 252, endSeconds: 280, lessonTitle: 'The Observer Is The Operator' },
    },
    {
      questionId: 'q2',
      earned: 2,
      points: 2,
      correct: true,
      correctOptionIds: ['c', 'e'],
      explanation: '',
      taught: { lessonId: 'l-video', startSeconds: 10, endSeconds: 20, lessonTitle: 'Planets' },
    },
    { questionId: 'q3', earned: 1, points: 1, correct: true, answers: ['The observer'], explanation: '', taught: null },
  ],
});

const quiz = (overrides: Partial<MemberQuiz> = {}): MemberQuiz => ({
  passPercent: 80,
  attemptsAllowed: 3,
  attemptsUsed: 1,
  retryAt: null,
  best: { percent: 50, passed: false },
  open: null,
  ...overrides,
});

/** Calls that answer at once, recording what they were asked. */
function standInCalls(started: Attempt = attempt()) {
  const saved: Array<[string, Answer]> = [];
  const calls: QuizCalls = {
    start: vi.fn(async () => started),
    save: vi.fn(async (_attemptId: string, questionId: string, answer: Answer) => void saved.push([questionId, answer])),
    submit: vi.fn(async () => scored),
    saveAsPageLeaves: vi.fn(),
  };
  return { calls, saved };
}

function show(memberQuiz: MemberQuiz, calls: QuizCalls) {
  return render(
    <MemoryRouter>
      <QuizPanel quiz={memberQuiz} calls={calls} />
    </MemoryRouter>,
  );
}

/** A refusal as the tRPC client hands it over: the server's message and its HTTP status. */
const refusal = (message: string, httpStatus: number) =>
  new TRPCClientError(message, { result: { error: { message, code: -32600, data: { httpStatus } } } } as ConstructorParameters<typeof TRPCClientError>[1]);

const button = (name: string) => screen.queryByRole('button', { name });
const settle = () => act(() => new Promise((done) => setTimeout(done, 0)));

afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

describe('the quiz panel before an attempt', () => {
  it('shows the pass mark, the attempts left and the best score, and Start', () => {
    show(quiz(), standInCalls().calls);
    const facts = screen.getByRole('region', { name: 'Quiz' });
    expect(within(facts).getByText('Pass mark').nextElementSibling!.textContent).toBe('80 %');
    expect(within(facts).getByText('Attempts left').nextElementSibling!.textContent).toBe('2 of 3 attempts left');
    expect(within(facts).getByText('Best score so far').nextElementSibling!.textContent).toBe('50 %, not passed yet');
    expect(button('Start')).toBeTruthy();
    expect(button('Continue')).toBeNull();
  });

  it('says so when attempts are unlimited and none was made yet', () => {
    show(quiz({ attemptsAllowed: null, attemptsUsed: 0, best: null }), standInCalls().calls);
    expect(screen.getByText('Attempts left').nextElementSibling!.textContent).toBe('Unlimited');
    expect(screen.getByText('Best score so far').nextElementSibling!.textContent).toBe('None yet');
  });

  it('offers Continue for the open attempt, with the answers already given, without starting another', async () => {
    const { calls } = standInCalls();
    show(quiz({ open: attempt({ answers: { q1: { optionIds: ['b'] }, q3: { text: 'Half typed' } } }) }), calls);
    expect(button('Start')).toBeNull();
    fireEvent.click(button('Continue')!);
    expect(calls.start).not.toHaveBeenCalled();
    expect(screen.getByRole<HTMLInputElement>('radio', { name: 'Nobody' }).checked).toBe(true);
    expect(screen.getByRole<HTMLInputElement>('textbox', { name: 'Your answer' }).value).toBe('Half typed');
    expect(screen.getByText('2 of 3 answered')).toBeTruthy();
    await settle();
  });

  it('says when the member may try again, and offers no Start while the wait applies', () => {
    const retryAt = new Date(Date.now() + 60 * 60_000);
    show(quiz({ retryAt: retryAt.toISOString() }), standInCalls().calls);
    expect(button('Start')).toBeNull();
    const time = retryAt.toLocaleTimeString(undefined, { hour: '2-digit', minute: '2-digit' });
    expect(screen.getByText(new RegExp(`^You can try again (at|on .+ at) ${time}\\.$`))).toBeTruthy();
  });

  it('brings Start back when the wait is over', async () => {
    vi.useFakeTimers();
    show(quiz({ retryAt: new Date(Date.now() + 5 * 60_000).toISOString() }), standInCalls().calls);
    expect(button('Start')).toBeNull();
    await act(() => vi.advanceTimersByTimeAsync(5 * 60_000));
    expect(button('Start')).toBeTruthy();
  });

  it('says so when no attempts are left', () => {
    show(quiz({ attemptsUsed: 3 }), standInCalls().calls);
    expect(screen.getByText('Attempts left').nextElementSibling!.textContent).toBe('0 of 3 attempts left');
    expect(screen.getByText('You have no attempts left.')).toBeTruthy();
    expect(button('Start')).toBeNull();
  });

  it("shows the server's refusal of a start in its own words", async () => {
    const { calls } = standInCalls();
    calls.start = vi.fn(async () => {
      throw refusal('You can try again in 25 minutes', 429);
    });
    show(quiz(), calls);
    fireEvent.click(button('Start')!);
    await settle();
    expect(screen.getByRole('alert').textContent).toBe('You can try again in 25 minutes');
    expect(screen.queryByRole('heading', { name: /Attempt/ })).toBeNull();
  });
});

describe('an attempt', () => {
  async function startAttempt() {
    const stand = standInCalls();
    show(quiz(), stand.calls);
    fireEvent.click(button('Start')!);
    await screen.findByRole('heading', { name: 'Attempt 1' });
    return stand;
  }

  it('asks each question in a fieldset named by its prompt, with radio buttons, checkboxes or a text field, and moves focus to the attempt', async () => {
    await startAttempt();
    expect(document.activeElement).toBe(screen.getByRole('heading', { name: 'Attempt 1' }));
    const first = screen.getByRole('group', { name: /Question 1 of 3\s*Who observes\?/ });
    expect(
      within(first)
        .getAllByRole('radio')
        .map((radio) => radio.getAttribute('name')),
    ).toEqual(Array(2).fill(within(first).getAllByRole('radio')[0]!.getAttribute('name')));
    const second = screen.getByRole('group', { name: /Question 2 of 3/ });
    expect(within(second).getAllByRole('checkbox')).toHaveLength(3);
    expect(second.getAttribute('aria-describedby') && document.getElementById(second.getAttribute('aria-describedby')!)!.textContent).toBe(
      '2 points. Choose every answer that is right.',
    );
    const third = screen.getByRole('group', { name: /Question 3 of 3/ });
    expect(within(third).getByRole('textbox', { name: 'Your answer' })).toBeTruthy();
    expect(screen.getByText('0 of 3 answered')).toBeTruthy();
  });

  it('saves each choice as it is made and counts it', async () => {
    const { saved } = await startAttempt();
    fireEvent.click(screen.getByRole('radio', { name: 'Nobody' }));
    fireEvent.click(screen.getByRole('radio', { name: 'The observer' }));
    fireEvent.click(screen.getByRole('checkbox', { name: 'Mars' }));
    fireEvent.click(screen.getByRole('checkbox', { name: 'Venus' }));
    fireEvent.click(screen.getByRole('checkbox', { name: 'Mars' }));
    await settle();
    // In the order given, question by question.
    const of = (questionId: string) => saved.filter(([id]) => id === questionId).map(([, answer]) => answer);
    expect(of('q1')).toEqual([{ optionIds: ['b'] }, { optionIds: ['a'] }]);
    expect(of('q2')).toEqual([{ optionIds: ['c'] }, { optionIds: ['c', 'e'] }, { optionIds: ['e'] }]);
    expect(screen.getByText('2 of 3 answered')).toBeTruthy();
  });

  it('saves typing once the member pauses, and at once when they leave the field', async () => {
    const { saved } = await startAttempt();
    vi.useFakeTimers();
    const field = screen.getByRole('textbox', { name: 'Your answer' });
    for (const text of ['T', 'Th', 'The']) fireEvent.change(field, { target: { value: text } });
    expect(saved).toEqual([]);
    await act(() => vi.advanceTimersByTimeAsync(TYPING_PAUSE_MS));
    expect(saved).toEqual([['q3', { text: 'The' }]]);
    fireEvent.change(field, { target: { value: 'The operator' } });
    fireEvent.blur(field);
    await act(() => vi.advanceTimersByTimeAsync(0));
    expect(saved).toEqual([
      ['q3', { text: 'The' }],
      ['q3', { text: 'The operator' }],
    ]);
    // Nothing waits any more: the pause sends nothing twice.
    await act(() => vi.advanceTimersByTimeAsync(TYPING_PAUSE_MS));
    expect(saved).toHaveLength(2);
  });

  it("shows a refused save in the server's words, and lets Submit go ahead, as asking again would not help", async () => {
    const { calls } = await startAttempt();
    calls.save = vi.fn(async () => {
      throw refusal('This attempt is already submitted', 409);
    });
    fireEvent.click(screen.getByRole('radio', { name: 'The observer' }));
    await settle();
    expect(screen.getByRole('alert').textContent).toBe('This attempt is already submitted');
    fireEvent.click(screen.getByRole('checkbox', { name: 'Mars' }));
    fireEvent.change(screen.getByRole('textbox', { name: 'Your answer' }), { target: { value: 'x' } });
    fireEvent.click(button('Submit')!);
    await screen.findByRole('heading', { name: /You scored/ });
    expect(calls.submit).toHaveBeenCalledTimes(1);
  });

  it('saves the text still waiting for a pause by a request that outlives the page when the page goes away', async () => {
    const { calls, saved } = await startAttempt();
    vi.useFakeTimers();
    fireEvent.change(screen.getByRole('textbox', { name: 'Your answer' }), { target: { value: 'The obs' } });
    window.dispatchEvent(new Event('pagehide'));
    expect(calls.saveAsPageLeaves).toHaveBeenCalledExactlyOnceWith('att-1', 'q3', { text: 'The obs' });
    await act(() => vi.advanceTimersByTimeAsync(TYPING_PAUSE_MS));
    expect(saved).toEqual([]);
  });

  it('submits at once when every question is answered', async () => {
    const { calls } = await startAttempt();
    fireEvent.click(screen.getByRole('radio', { name: 'The observer' }));
    fireEvent.click(screen.getByRole('checkbox', { name: 'Mars' }));
    fireEvent.change(screen.getByRole('textbox', { name: 'Your answer' }), { target: { value: 'The observer' } });
    fireEvent.click(button('Submit')!);
    expect(screen.queryByRole('alertdialog')).toBeNull();
    await screen.findByRole('heading', { name: /You scored 75 %/ });
    expect(calls.submit).toHaveBeenCalledWith('att-1');
  });

  it('asks before submitting with questions unanswered, names them, and Cancel submits nothing', async () => {
    const { calls, saved } = await startAttempt();
    fireEvent.click(screen.getByRole('radio', { name: 'The observer' }));
    fireEvent.change(screen.getByRole('textbox', { name: 'Your answer' }), { target: { value: 'The observer' } });
    fireEvent.click(button('Submit')!);
    const dialog = screen.getByRole('alertdialog', { name: 'Submit with questions unanswered?' });
    expect(dialog.textContent).toContain('1 of 3 questions has no answer yet');
    expect(dialog.textContent).toContain('Unanswered: question 2.');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('alertdialog')).toBeNull();
    expect(calls.submit).not.toHaveBeenCalled();

    fireEvent.click(button('Submit')!);
    fireEvent.click(within(screen.getByRole('alertdialog')).getByRole('button', { name: 'Submit anyway' }));
    await screen.findByRole('heading', { name: /You scored 75 %/ });
    // The text still waiting for a pause went out before the submit.
    expect(saved).toContainEqual(['q3', { text: 'The observer' }]);
    expect(calls.submit).toHaveBeenCalledTimes(1);
  });

  it('does not submit while an answer could not be saved, says so, and sends it again on the next Submit', async () => {
    const { calls, saved } = await startAttempt();
    const save = calls.save;
    let online = false;
    calls.save = vi.fn(async (...args: Parameters<QuizCalls['save']>) => {
      if (!online) throw new Error('offline');
      return save(...args);
    });
    fireEvent.click(screen.getByRole('radio', { name: 'The observer' }));
    await settle();
    expect(screen.getByRole('alert').textContent).toBe('Your answer could not be saved. Check your connection; it is sent again when you submit.');
    fireEvent.click(screen.getByRole('checkbox', { name: 'Mars' }));
    fireEvent.change(screen.getByRole('textbox', { name: 'Your answer' }), { target: { value: 'x' } });
    fireEvent.click(button('Submit')!);
    await settle();
    expect(calls.submit).not.toHaveBeenCalled();
    expect(screen.getByRole('alert').textContent).toBe(
      'Some answers could not be saved, so the quiz was not submitted. Check your connection and submit again.',
    );

    online = true;
    fireEvent.click(button('Submit')!);
    await screen.findByRole('heading', { name: /You scored/ });
    expect(saved).toContainEqual(['q1', { optionIds: ['a'] }]);
    expect(saved).toContainEqual(['q2', { optionIds: ['c'] }]);
    expect(saved).toContainEqual(['q3', { text: 'x' }]);
    expect(calls.submit).toHaveBeenCalledTimes(1);
  });
});

describe('the result', () => {
  async function submitted() {
    const stand = standInCalls(attempt({ answers: scored.answers }));
    const view = show(quiz(), stand.calls);
    fireEvent.click(button('Start')!);
    fireEvent.click(await screen.findByRole('button', { name: 'Submit' }));
    await screen.findByRole('heading', { name: /You scored/ });
    return { ...stand, view };
  }

  it('announces the score by moving focus to it, and shows each right answer, explanation and the Rewatch link of a miss', async () => {
    await submitted();
    const heading = screen.getByRole('heading', { level: 2 });
    expect(heading.textContent).toBe('You scored 75 %: not a pass this time');
    expect(document.activeElement).toBe(heading);
    expect(screen.getByText('The pass mark is 80 %.')).toBeTruthy();

    const first = screen.getByRole('heading', { name: 'Question 1: wrong, 0 of 1 point' }).closest('li')!;
    const options = within(first).getAllByRole('listitem');
    expect(options.map((option) => option.textContent)).toEqual(['The observerRight answer', 'NobodyYour answer']);
    expect(within(first).getByText(/^The observer\s+is the operator\.$/).className).toContain('quiz-text');
    const rewatch = within(first).getByRole('link', { name: 'Rewatch 4:12–4:40 in The Observer Is The Operator' });
    expect(rewatch.getAttribute('href')).toBe('/course/l-video?t=252&end=280');

    // A question answered right has no Rewatch link, even with a passage.
    const second = screen.getByRole('heading', { name: 'Question 2: right, 2 of 2 points' }).closest('li')!;
    expect(within(second).queryByRole('link')).toBeNull();
    const third = screen.getByRole('heading', { name: 'Question 3: right, 1 of 1 point' }).closest('li')!;
    expect(third.textContent).toContain('Your answerthe observer');
    expect(third.textContent).toContain('The right answerThe observer');
  });

  it('renders what the admin wrote as text, never as HTML', async () => {
    const stand = standInCalls(attempt({ questions: [{ ...questions[0]!, prompt: '<img src=x onerror=alert(1)> **bold**' }] }));
    stand.calls.submit = vi.fn(async () => ({ ...scored, questions: [{ ...questions[0]!, prompt: '<img src=x onerror=alert(1)> **bold**' }] }));
    const view = show(quiz(), stand.calls);
    fireEvent.click(button('Start')!);
    await screen.findByText('<img src=x onerror=alert(1)> **bold**');
    expect(view.container.querySelector('img')).toBeNull();
  });

  it('offers Try again when attempts remain, which starts a new attempt with nothing answered', async () => {
    const { calls } = await submitted();
    calls.start = vi.fn(async () => attempt({ _id: 'att-2', number: 2 }));
    // The panel's calls are the ones it was given: Try again uses the same start.
    fireEvent.click(button('Try again')!);
    await screen.findByRole('heading', { name: /Attempt/ });
    expect(screen.getByText('0 of 3 answered')).toBeTruthy();
    for (const choice of screen.getAllByRole<HTMLInputElement>('radio')) expect(choice.checked).toBe(false);
  });

  it('offers no Try again when no attempts are left, or while a wait applies, as the lesson read after the submit says', async () => {
    const { view, calls } = await submitted();
    const reread = (memberQuiz: MemberQuiz) =>
      view.rerender(
        <MemoryRouter>
          <QuizPanel quiz={memberQuiz} calls={calls} />
        </MemoryRouter>,
      );
    reread(quiz({ attemptsUsed: 3 }));
    expect(screen.getByRole('heading', { level: 2 }).textContent).toBe('You scored 75 %: not a pass this time');
    expect(button('Try again')).toBeNull();
    expect(screen.getByText('You have no attempts left.')).toBeTruthy();

    reread(quiz({ attemptsUsed: 2, retryAt: new Date(Date.now() + 30 * 60_000).toISOString() }));
    expect(button('Try again')).toBeNull();
    expect(screen.getByText(/^You can try again (at|on) /)).toBeTruthy();
  });
});
