// @vitest-environment happy-dom
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Question } from '@shared/quiz';
import type { QuestionInput } from './question-draft';
import { QuestionEditor } from './question-editor';
import { refusal } from './refusal.test-support';

afterEach(cleanup);

type Save = (id: string, input: QuestionInput) => Promise<{ question: Question }>;

function show({ question = null, create = vi.fn<Save>(), update = vi.fn<Save>() }: { question?: Question | null; create?: Save; update?: Save }) {
  const onSaved = vi.fn(async () => undefined);
  const onClose = vi.fn();
  const showStatus = vi.fn();
  render(
    <QuestionEditor
      lessonId="quiz-1"
      question={question}
      number={question ? 1 : 3}
      teaching={[]}
      calls={{ createQuestion: create, updateQuestion: update }}
      onSaved={onSaved}
      onClose={onClose}
      showStatus={showStatus}
    />,
  );
  return { onSaved, onClose, showStatus, save: () => fireEvent.submit(screen.getByRole('form')) };
}

const type = (label: string, value: string) => fireEvent.change(screen.getByLabelText(label), { target: { value } });
const mark = (n: number) => screen.getByLabelText(`Option ${n} is right`) as HTMLInputElement;
const description = (element: HTMLElement) => (element.getAttribute('aria-describedby') ?? '').split(' ').map((id) => document.getElementById(id)?.textContent);

describe('the question editor', () => {
  it('refuses a single choice with two right options beside the options, then adds it once one is right', async () => {
    const message = 'options: a single-choice question has exactly one right option';
    const create = vi.fn<Save>().mockRejectedValueOnce(refusal(message));
    create.mockResolvedValueOnce({ question: {} as Question });
    const { onSaved, onClose, showStatus, save } = show({ create });
    fireEvent.change(screen.getByLabelText('Question kind'), { target: { value: 'multiple' } });
    type('Question (Markdown)', 'Which planet is red?');
    type('Option 1', 'Mars');
    type('Option 2', 'Venus');
    fireEvent.click(mark(1));
    fireEvent.click(mark(2));
    expect(mark(1).type).toBe('checkbox');
    fireEvent.change(screen.getByLabelText('Question kind'), { target: { value: 'single' } });
    expect(mark(1).type).toBe('radio');
    expect([mark(1).checked, mark(2).checked]).toEqual([true, true]);
    save();
    await waitFor(() => expect(mark(1).getAttribute('aria-invalid')).toBe('true'));
    expect(description(mark(1))).toEqual([message]);
    expect(onSaved).not.toHaveBeenCalled();

    fireEvent.click(mark(1));
    expect([mark(1).checked, mark(2).checked]).toEqual([true, false]);
    save();
    await waitFor(() => expect(onClose).toHaveBeenCalledTimes(1));
    expect(create).toHaveBeenLastCalledWith('quiz-1', {
      kind: 'single',
      prompt: 'Which planet is red?',
      options: [
        { text: 'Mars', correct: true },
        { text: 'Venus', correct: false },
      ],
      answers: [],
      explanation: '',
      points: 1,
      taught: null,
    });
    expect(onSaved).toHaveBeenCalledTimes(1);
    expect(showStatus).toHaveBeenCalledWith('Question 3 added', { tone: 'success' });
  });

  it('adds and removes options from 2 to 10', () => {
    show({});
    expect(screen.queryByRole('button', { name: 'Remove option 1' })).toBeNull();
    for (let i = 0; i < 8; i++) fireEvent.click(screen.getByRole('button', { name: 'Add an option' }));
    expect(screen.getByLabelText('Option 10')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Add an option' })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Remove option 4' }));
    expect(screen.queryByLabelText('Option 10')).toBeNull();
    expect(screen.getByRole('button', { name: 'Add an option' })).toBeTruthy();
  });

  it("saves a text question's accepted answers, its explanation and points, and puts a refusal beside its field", async () => {
    const question: Question = {
      _id: 'q1',
      kind: 'text',
      prompt: 'Name the red planet',
      options: [],
      answers: ['Mars'],
      explanation: '',
      points: 1,
      taught: { lessonId: 'gone', startSeconds: 252, endSeconds: 280 },
    };
    const update = vi.fn<Save>().mockRejectedValueOnce(refusal('points must be a whole number from 1 to 10'));
    update.mockResolvedValueOnce({ question });
    const { onClose, showStatus, save } = show({ question, update });
    expect(screen.getByRole('status').textContent).toBe('Taught at 4:12–4:40 in a lesson no longer in the course.');
    fireEvent.click(screen.getByRole('button', { name: 'Add an accepted answer' }));
    type('Accepted answer 2', 'the red planet');
    type('Explanation (Markdown, shown once the member submits)', 'Iron oxide.');
    type('Points', '11');
    save();
    const points = screen.getByLabelText('Points');
    await waitFor(() => expect(points.getAttribute('aria-invalid')).toBe('true'));
    expect(description(points)).toContain('points must be a whole number from 1 to 10');

    type('Points', '3');
    fireEvent.click(screen.getByRole('button', { name: 'Clear the moment' }));
    save();
    await waitFor(() => expect(onClose).toHaveBeenCalledTimes(1));
    expect(update).toHaveBeenLastCalledWith('q1', {
      kind: 'text',
      prompt: 'Name the red planet',
      options: [],
      answers: ['Mars', 'the red planet'],
      explanation: 'Iron oxide.',
      points: 3,
      taught: null,
    });
    expect(showStatus).toHaveBeenCalledWith('Question 1 saved', { tone: 'success' });
  });
});
