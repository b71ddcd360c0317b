import { describe, expect, it } from 'vitest';
import { attemptsLeftWords, isAnswered, retryWords } from './quiz-words';

describe('the words of the quiz panel', () => {
  it('says the time of a wait that ends today, and the day too when it ends later', () => {
    const now = new Date(2026, 10, 29, 9, 0);
    expect(retryWords(new Date(2026, 10, 29, 14, 30), now, 'en-GB')).toBe('You can try again at 14:30.');
    expect(retryWords(new Date(2026, 11, 3, 8, 5), now, 'en-GB')).toBe('You can try again on Thursday 3 December at 08:05.');
  });

  it('counts the attempts left, never below none', () => {
    expect(attemptsLeftWords({ attemptsAllowed: 3, attemptsUsed: 1 })).toBe('2 of 3 attempts left');
    expect(attemptsLeftWords({ attemptsAllowed: 1, attemptsUsed: 0 })).toBe('1 of 1 attempt left');
    expect(attemptsLeftWords({ attemptsAllowed: 2, attemptsUsed: 5 })).toBe('0 of 2 attempts left');
    expect(attemptsLeftWords({ attemptsAllowed: null, attemptsUsed: 5 })).toBe('Unlimited');
  });

  it('counts a question as answered once a choice is made or text beyond spaces is typed', () => {
    expect(isAnswered(undefined)).toBe(false);
    expect(isAnswered({ optionIds: [] })).toBe(false);
    expect(isAnswered({ optionIds: ['a'] })).toBe(true);
    expect(isAnswered({ text: '   ' })).toBe(false);
    expect(isAnswered({ text: ' x ' })).toBe(true);
  });
});
