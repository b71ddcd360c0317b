import { describe, expect, it } from 'vitest';
import type { Question } from '@shared/quiz';
import { addAnswer, addOption, markOption, newQuestionDraft, promptLine, questionDraftOf, questionInput, removeAnswer, removeOption } from './question-draft';

const saved: Question = {
  _id: 'q1',
  kind: 'multiple',
  prompt: 'Which are planets?',
  options: [
    { _id: 'o1', text: 'Mars', correct: true },
    { _id: 'o2', text: 'Venus', correct: true },
    { _id: 'o3', text: 'The Moon', correct: false },
  ],
  answers: [],
  explanation: 'The Moon is a satellite.',
  points: 2,
  taught: { lessonId: 'l9', startSeconds: 252, endSeconds: 280 },
};

describe('a question draft', () => {
  it("sends a saved question back as it was, its options' ids kept", () => {
    expect(questionInput(questionDraftOf(saved))).toEqual({
      kind: 'multiple',
      prompt: 'Which are planets?',
      options: [
        { _id: 'o1', text: 'Mars', correct: true },
        { _id: 'o2', text: 'Venus', correct: true },
        { _id: 'o3', text: 'The Moon', correct: false },
      ],
      answers: [],
      explanation: 'The Moon is a satellite.',
      points: 2,
      taught: { lessonId: 'l9', startSeconds: 252, endSeconds: 280 },
    });
  });

  it('sends the options of a choice and the accepted answers of a text question, and keeps the other list for a change of mind', () => {
    const draft = { ...newQuestionDraft(), prompt: 'Name the red planet' };
    const text = { ...draft, kind: 'text' as const, answers: [{ key: 'a', text: 'Mars' }] };
    expect(questionInput(text)).toMatchObject({ kind: 'text', options: [], answers: ['Mars'] });
    const back = { ...text, kind: 'single' as const };
    expect(questionInput(back)).toMatchObject({
      kind: 'single',
      options: [
        { text: '', correct: false },
        { text: '', correct: false },
      ],
      answers: [],
    });
    expect(questionInput(back).options[0]).not.toHaveProperty('_id');
  });

  it('marks one right option of a single choice, unmarking the others, and any of a multiple choice', () => {
    const single = { ...questionDraftOf(saved), kind: 'single' as const };
    expect(markOption(single, 2, true).options.map((option) => option.correct)).toEqual([false, false, true]);
    const multiple = questionDraftOf(saved);
    expect(markOption(multiple, 2, true).options.map((option) => option.correct)).toEqual([true, true, true]);
    expect(markOption(multiple, 0, false).options.map((option) => option.correct)).toEqual([false, true, false]);
  });

  it('keeps both marks of a multiple choice turned single, for the server to refuse in words', () => {
    const turned = { ...questionDraftOf(saved), kind: 'single' as const };
    expect(questionInput(turned).options.filter((option) => option.correct)).toHaveLength(2);
  });

  it('holds 2 to 10 options and 1 to 10 accepted answers', () => {
    let draft = newQuestionDraft();
    expect(removeOption(draft, 0).options).toHaveLength(2);
    for (let i = 0; i < 12; i++) draft = addOption(draft);
    expect(draft.options).toHaveLength(10);
    expect(removeOption(draft, 9).options).toHaveLength(9);
    expect(removeAnswer(draft, 0).answers).toHaveLength(1);
    for (let i = 0; i < 12; i++) draft = addAnswer(draft);
    expect(draft.answers).toHaveLength(10);
    expect(new Set(draft.options.map((option) => option.key)).size).toBe(10);
  });

  it('sends points as typed, and an empty field as nothing the server takes', () => {
    expect(questionInput({ ...newQuestionDraft(), points: '7' }).points).toBe(7);
    expect(questionInput({ ...newQuestionDraft(), points: ' ' }).points).toBeNaN();
  });

  it('shows a prompt on one line, cut with an ellipsis', () => {
    expect(promptLine('Which\n\nplanet  is red?')).toBe('Which planet is red?');
    expect(promptLine('x'.repeat(10), 5)).toBe('xxxx…');
  });
});
