// @vitest-environment happy-dom
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { QuizSettings } from '@shared/quiz';
import { QuizSettingsForm } from './quiz-settings-form';
import { refusal } from './refusal.test-support';

afterEach(cleanup);

const saved: QuizSettings = {
  passPercent: 80,
  attemptsAllowed: null,
  retryAfterMinutes: 0,
  questionsPerAttempt: null,
  shuffle: false,
  requiredToComplete: true,
};

function show(saveSettings: (id: string, quiz: Partial<QuizSettings>) => Promise<unknown>) {
  const showStatus = vi.fn();
  const onChanged = vi.fn(async () => undefined);
  render(<QuizSettingsForm lessonId="l1" quiz={saved} calls={{ saveSettings }} onChanged={onChanged} showStatus={showStatus} />);
  const save = () => fireEvent.submit(screen.getByRole('form', { name: 'Quiz settings' }));
  return { showStatus, onChanged, save };
}

describe('the quiz settings', () => {
  it('send the settings that changed, say so and read the course again', async () => {
    const saveSettings = vi.fn(async () => ({}));
    const { showStatus, onChanged, save } = show(saveSettings);
    fireEvent.change(screen.getByLabelText('Pass mark (%)'), { target: { value: '70' } });
    fireEvent.click(screen.getByLabelText('Unlimited attempts'));
    fireEvent.change(screen.getByLabelText('Attempts allowed'), { target: { value: '2' } });
    fireEvent.click(screen.getByLabelText('Shuffle the questions and their options in each attempt'));
    expect(screen.getByText('Unsaved changes')).toBeTruthy();
    save();
    await waitFor(() => expect(onChanged).toHaveBeenCalledTimes(1));
    expect(saveSettings).toHaveBeenCalledWith('l1', { passPercent: 70, attemptsAllowed: 2, shuffle: true });
    expect(showStatus).toHaveBeenCalledWith('Quiz settings saved', { tone: 'success' });
  });

  it('show the number of attempts and of questions only when they are not unlimited and every one', () => {
    show(vi.fn());
    expect(screen.queryByLabelText('Attempts allowed')).toBeNull();
    expect(screen.queryByLabelText('Questions per attempt')).toBeNull();
    fireEvent.click(screen.getByLabelText('Every question of the quiz'));
    expect((screen.getByLabelText('Questions per attempt') as HTMLInputElement).value).toBe('10');
  });

  it("put the server's refusal beside the field it names", async () => {
    const message = 'quiz.passPercent must be a whole number from 0 to 100';
    const { onChanged, save } = show(vi.fn(async () => Promise.reject(refusal(message))));
    fireEvent.change(screen.getByLabelText('Pass mark (%)'), { target: { value: '101' } });
    save();
    const field = screen.getByLabelText('Pass mark (%)');
    await waitFor(() => expect(field.getAttribute('aria-invalid')).toBe('true'));
    const described = field
      .getAttribute('aria-describedby')!
      .split(' ')
      .map((id) => document.getElementById(id)?.textContent);
    expect(described).toContain(message);
    expect(screen.getByLabelText('Wait between attempts (minutes)').getAttribute('aria-invalid')).toBeNull();
    expect(onChanged).not.toHaveBeenCalled();
  });

  it('say so when nothing changed, and put a reason naming no field above the button', async () => {
    const { showStatus, save } = show(vi.fn(async () => Promise.reject(refusal('This lesson is not a quiz', 409))));
    save();
    expect(showStatus).toHaveBeenCalledWith('No changes to save');
    fireEvent.click(screen.getByLabelText('Only a pass completes the lesson (unticked: any submitted attempt does)'));
    save();
    expect((await screen.findByRole('alert')).textContent).toBe('This lesson is not a quiz');
  });
});
