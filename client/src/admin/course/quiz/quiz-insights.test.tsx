// @vitest-environment happy-dom
import { cleanup, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { Question } from '@shared/quiz';
import type { QuizInsights } from './quiz-calls';
import { QuizInsightsBody } from './quiz-insights';
import { quizTotalsSentence, rightSentence } from './quiz-insights-data';

afterEach(cleanup);

const question = (id: string, prompt: string, extra: Partial<Question> = {}): Question => ({
  _id: id,
  kind: 'single',
  prompt,
  options: [
    { _id: `${id}-a`, text: 'Mars', correct: true },
    { _id: `${id}-b`, text: 'Venus', correct: false },
  ],
  answers: [],
  explanation: '',
  points: 1,
  taught: null,
  ...extra,
});

const questions = [
  question('q1', 'Which planet is red?', { taught: { lessonId: 'l9', startSeconds: 252, endSeconds: 280 } }),
  question('q2', 'Which is a gas giant?'),
  question('q3', 'Name the\nsmallest planet', { kind: 'text', options: [], answers: ['Mercury'] }),
  question('q4', 'Added after the attempts'),
];

const insights: QuizInsights = {
  attempts: 12,
  members: 8,
  passed: 5,
  questions: [
    { _id: 'q1', answered: 12, correctPercent: 25, commonWrongOptionId: 'q1-b' },
    { _id: 'q2', answered: 12, correctPercent: 75, commonWrongOptionId: null },
    { _id: 'q3', answered: 1, correctPercent: 25, commonWrongOptionId: null },
  ],
};

describe('the quiz insights', () => {
  it('say the totals, then each question the weakest first, with its wrong option picked most and the moment it points to', () => {
    render(<QuizInsightsBody insights={insights} questions={questions} lessonTitle={(id) => (id === 'l9' ? 'Orbits' : null)} />);
    expect(screen.getByText('12 attempts by 8 members, 5 passed')).toBeTruthy();
    const rows = within(screen.getByRole('list', { name: 'Questions, the weakest first' }))
      .getAllByRole('listitem')
      .map((item) => item.textContent);
    expect(rows).toEqual([
      '1. Which planet is red?25 % right of 12 answers. Most picked wrong option: Venus. Taught at 4:12–4:40 in Orbits.',
      '3. Name the smallest planet25 % right of 1 answer',
      '2. Which is a gas giant?75 % right of 12 answers',
      '4. Added after the attemptsNot answered yet',
    ]);
  });

  it('say so when nobody has submitted the quiz', () => {
    render(<QuizInsightsBody insights={{ attempts: 0, members: 0, passed: 0, questions: [] }} questions={questions} lessonTitle={() => null} />);
    expect(screen.getByText('No member has submitted this quiz yet.')).toBeTruthy();
    expect(screen.queryByRole('list')).toBeNull();
  });

  it('count in words', () => {
    expect(quizTotalsSentence({ attempts: 1, members: 1, passed: 0 })).toBe('1 attempt by 1 member, 0 passed');
    expect(rightSentence({ answered: 1500, correctPercent: 0 })).toBe('0 % right of 1,500 answers');
  });
});
