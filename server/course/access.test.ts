// CONTRACT §4 "Who sees what", row by row, through the one access rule: each viewer against a
// published lesson, a free preview, a draft lesson, a lesson of a draft module, and drip.
import { describe, expect, it } from 'vitest';
import { DAY_MS } from '../../shared/constants';
import { lessonAccess, lockedMessage, moduleOpensAt, type CourseViewer } from './access';

const NOW = Date.parse('2025-03-10T15:00:00Z');
const open = { published: true, opensAfterDays: 0 };
const lesson = { published: true, freePreview: false };
const preview = { published: true, freePreview: true };
const draftLesson = { published: false, freePreview: true };
const draftModule = { published: false, opensAfterDays: 0 };

const visitor = null;
const explorer: CourseViewer = { role: 'user', tier: 'free', paidSince: null };
const architect = (paidSince: string | number): CourseViewer => ({
  role: 'user',
  tier: 'paid',
  paidSince: typeof paidSince === 'number' ? paidSince : Date.parse(paidSince),
});
const admin: CourseViewer = { role: 'admin', tier: 'free', paidSince: null };

describe('the access rule', () => {
  it('a visitor: sees the outline, opens nothing (sign in), not even a free preview', () => {
    expect(lessonAccess(visitor, lesson, open, NOW)).toEqual({ state: 'locked', reason: 'sign-in' });
    expect(lessonAccess(visitor, preview, open, NOW)).toEqual({ state: 'locked', reason: 'sign-in' });
    expect(moduleOpensAt(visitor, open, NOW)).toBeNull();
  });

  it('an Explorer: opens the free previews; any other lesson is for Architects', () => {
    expect(lessonAccess(explorer, preview, open, NOW)).toEqual({ state: 'open' });
    const locked = lessonAccess(explorer, lesson, open, NOW);
    expect(locked).toEqual({ state: 'locked', reason: 'architect' });
    expect(lockedMessage(locked as Extract<typeof locked, { state: 'locked' }>)).toBe('This lesson is for Architects');
    // Drip is an Architect's matter: an Explorer is told to upgrade, not to wait.
    expect(lessonAccess(explorer, lesson, { published: true, opensAfterDays: 30 }, NOW)).toEqual({ state: 'locked', reason: 'architect' });
    expect(moduleOpensAt(explorer, open, NOW)).toBeNull();
  });

  it('an Architect: opens every published lesson of a module open to them', () => {
    expect(lessonAccess(architect('2025-01-01T00:00:00Z'), lesson, open, NOW)).toEqual({ state: 'open' });
    expect(lessonAccess(architect('2025-01-01T00:00:00Z'), lesson, { published: true, opensAfterDays: 68 }, NOW)).toEqual({ state: 'open' });
  });

  it('an Architect: a module not open yet is locked until the start (UTC) of its opening day, and says which day', () => {
    const paid = architect('2025-03-03T20:00:00Z');
    const weekOn = { published: true, opensAfterDays: 7 };
    const locked = lessonAccess(paid, lesson, weekOn, Date.parse('2025-03-09T15:00:00Z'));
    expect(locked).toEqual({ state: 'locked', reason: 'opens', opensAt: '2025-03-10' });
    // Paid on the 3rd at 20:00, seven days on: the 10th. Locked on the 9th at the last millisecond, open from the 10th at 00:00 UTC.
    expect(lessonAccess(paid, lesson, weekOn, Date.parse('2025-03-09T23:59:59.999Z')).state).toBe('locked');
    expect(lessonAccess(paid, lesson, weekOn, Date.parse('2025-03-10T00:00:00Z'))).toEqual({ state: 'open' });
    expect(lockedMessage({ state: 'locked', reason: 'opens', opensAt: '2025-03-10' })).toBe('This module opens on 2025-03-10');
    expect(moduleOpensAt(paid, weekOn, NOW)).toBe('2025-03-10');
    expect(moduleOpensAt(paid, open, NOW)).toBe('2025-03-03');
  });

  it('an Architect: a free preview is open even in a module that drip still holds', () => {
    expect(lessonAccess(architect(NOW), preview, { published: true, opensAfterDays: 30 }, NOW)).toEqual({ state: 'open' });
  });

  it('an Architect who just paid: a module with no drip is open at once, one day on is not', () => {
    expect(lessonAccess(architect(NOW), lesson, open, NOW)).toEqual({ state: 'open' });
    expect(lessonAccess(architect(NOW), lesson, { published: true, opensAfterDays: 1 }, NOW)).toEqual({
      state: 'locked',
      reason: 'opens',
      opensAt: '2025-03-11',
    });
    expect(lessonAccess(architect(NOW - 1 * DAY_MS), lesson, { published: true, opensAfterDays: 1 }, NOW)).toEqual({ state: 'open' });
  });

  it('a paid member without paidSince (none should be) counts from today', () => {
    const unknown: CourseViewer = { role: 'user', tier: 'paid', paidSince: null };
    expect(lessonAccess(unknown, lesson, open, NOW)).toEqual({ state: 'open' });
    expect(lessonAccess(unknown, lesson, { published: true, opensAfterDays: 2 }, NOW)).toEqual({ state: 'locked', reason: 'opens', opensAt: '2025-03-12' });
  });

  it('an admin: everything, drafts included, and drip does not apply', () => {
    for (const item of [lesson, preview, draftLesson]) {
      for (const module of [open, draftModule, { published: true, opensAfterDays: 3650 }])
        expect(lessonAccess(admin, item, module, NOW)).toEqual({ state: 'open' });
    }
    expect(lessonAccess({ ...admin, tier: 'paid', paidSince: NOW }, lesson, { published: true, opensAfterDays: 9 }, NOW)).toEqual({ state: 'open' });
    expect(moduleOpensAt({ ...admin, tier: 'paid', paidSince: NOW }, open, NOW)).toBeNull();
  });

  it('a draft lesson, or any lesson of a draft module, does not exist for anyone but admins', () => {
    for (const viewer of [visitor, explorer, architect('2020-01-01T00:00:00Z')]) {
      expect(lessonAccess(viewer, draftLesson, open, NOW), JSON.stringify(viewer)).toEqual({ state: 'hidden' });
      expect(lessonAccess(viewer, { published: false, freePreview: false }, open, NOW)).toEqual({ state: 'hidden' });
      expect(lessonAccess(viewer, lesson, draftModule, NOW)).toEqual({ state: 'hidden' });
      expect(lessonAccess(viewer, preview, draftModule, NOW)).toEqual({ state: 'hidden' });
    }
  });
});
