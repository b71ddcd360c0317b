import { describe, expect, it } from 'vitest';
import type { AdminLesson } from './course-types';
import { changesOf, draftOf, rebase } from './lesson-draft';

const saved: AdminLesson = {
  _id: 'l1',
  moduleId: 'm1',
  title: 'Welcome',
  summary: 'Start here',
  position: 0,
  published: false,
  freePreview: false,
  kind: 'text',
  durationSeconds: null,
  body: '# Hi',
  files: [],
} as unknown as AdminLesson;

describe("the lesson editor's draft", () => {
  it('starts as the saved lesson, with nothing to send', () => {
    expect(draftOf(saved)).toEqual({
      moduleId: 'm1',
      title: 'Welcome',
      kind: 'text',
      summary: 'Start here',
      body: '# Hi',
      freePreview: false,
      published: false,
    });
    expect(changesOf(saved, draftOf(saved))).toBeNull();
  });

  it('sends the id and only the fields that changed, a move to another module included', () => {
    const draft = { ...draftOf(saved), title: 'Hello', published: true, moduleId: 'm2' };
    expect(changesOf(saved, draft)).toEqual({ id: 'l1', title: 'Hello', published: true, moduleId: 'm2' });
  });

  it('a field changed and changed back is not sent', () => {
    expect(changesOf(saved, { ...draftOf(saved), body: '# Hi' })).toBeNull();
  });

  it('follows the server for untouched fields and keeps what the admin is editing', () => {
    const draft = { ...draftOf(saved), body: 'typing…' };
    const current = { ...saved, title: 'Renamed elsewhere', body: '# Hi, saved elsewhere', durationSeconds: 3 } as AdminLesson;
    const next = rebase(saved, draft, current);
    expect(next.title).toBe('Renamed elsewhere');
    expect(next.body).toBe('typing…');
    // Saved: the draft is the lesson as stored, nothing left to send.
    const stored = { ...saved, body: 'typing…' } as AdminLesson;
    expect(changesOf(stored, rebase(stored, draft, stored))).toBeNull();
  });
});
