import { describe, expect, it } from 'vitest';
import { fieldOfMessage, lengthNote } from './field-errors';

const FIELDS = ['title', 'summary', 'body', 'opensAfterDays'] as const;

describe('a refused save’s reason', () => {
  it('belongs to the field the server names first', () => {
    expect(fieldOfMessage('title must be at most 200 characters', FIELDS)).toBe('title');
    expect(fieldOfMessage('body must not contain control characters', FIELDS)).toBe('body');
    expect(fieldOfMessage('opensAfterDays must be a whole number from 0 to 3650', FIELDS)).toBe('opensAfterDays');
    expect(fieldOfMessage('summary: Invalid input: expected string, received number', FIELDS)).toBe('summary');
  });

  it('belongs to the field a dotted path names, else to the field holding it', () => {
    const quiz = ['quiz.passPercent', 'quiz.attemptsAllowed', 'quiz'] as const;
    expect(fieldOfMessage('quiz.passPercent must be a whole number from 0 to 100', quiz)).toBe('quiz.passPercent');
    expect(fieldOfMessage('quiz.attemptsAllowed must be a whole number from 1 to 100', quiz)).toBe('quiz.attemptsAllowed');
    expect(fieldOfMessage('quiz.shuffle must be true or false', quiz)).toBe('quiz');
    const question = ['options', 'answers', 'taught', 'points'] as const;
    expect(fieldOfMessage('options: a single-choice question has exactly one right option', question)).toBe('options');
    expect(fieldOfMessage('options.text is required', question)).toBe('options');
    expect(fieldOfMessage('taught.endSeconds must be after taught.startSeconds', question)).toBe('taught');
    expect(fieldOfMessage('optionsx is wrong', question)).toBeNull();
    expect(fieldOfMessage('quizzes.passPercent is wrong', quiz)).toBeNull();
  });

  it('belongs to no field when it names none of the form’s', () => {
    expect(fieldOfMessage('Move or delete its lessons first', FIELDS)).toBeNull();
    expect(fieldOfMessage("No lesson with id 'x'", FIELDS)).toBeNull();
    expect(fieldOfMessage('titles are nice', FIELDS)).toBeNull();
    expect(fieldOfMessage('', FIELDS)).toBeNull();
  });

  it('counts a value against its limit', () => {
    expect(lengthNote('abc', 200)).toBe('3 / 200 characters');
    expect(lengthNote('x'.repeat(1500), 200_000)).toBe('1,500 / 200,000 characters');
  });
});
