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
