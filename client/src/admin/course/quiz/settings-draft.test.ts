import { describe, expect, it } from 'vitest';
import { DEFAULT_QUIZ, type QuizSettings } from '@shared/quiz';
import { rebaseSettings, settingsChanges, settingsDraftOf } from './settings-draft';

const saved: QuizSettings = { passPercent: 70, attemptsAllowed: 3, retryAfterMinutes: 30, questionsPerAttempt: null, shuffle: false, requiredToComplete: true };

describe('the quiz settings draft', () => {
  it('starts from the defaults for a quiz never saved, and has nothing to send until something changes', () => {
    const draft = settingsDraftOf(null);
    expect(draft).toMatchObject({ passPercent: '80', unlimitedAttempts: true, retryAfterMinutes: '0', everyQuestion: true, requiredToComplete: true });
    expect(settingsChanges(null, draft)).toBeNull();
    expect(settingsChanges(saved, settingsDraftOf(saved))).toBeNull();
  });

  it('sends only what changed', () => {
    expect(settingsChanges(saved, { ...settingsDraftOf(saved), passPercent: '85' })).toEqual({ passPercent: 85 });
    expect(settingsChanges(saved, { ...settingsDraftOf(saved), unlimitedAttempts: true, shuffle: true })).toEqual({ attemptsAllowed: null, shuffle: true });
    expect(settingsChanges(DEFAULT_QUIZ, { ...settingsDraftOf(DEFAULT_QUIZ), everyQuestion: false })).toEqual({ questionsPerAttempt: 10 });
  });

  it('brings back the number typed before when "unlimited" is unticked again', () => {
    const draft = { ...settingsDraftOf(saved), attemptsAllowed: '5' };
    const ticked = { ...draft, unlimitedAttempts: true };
    expect(settingsChanges(saved, { ...ticked, unlimitedAttempts: false })).toEqual({ attemptsAllowed: 5 });
  });

  it('sends an emptied number as NaN (null on the wire), never as 0 or unlimited', () => {
    const changes = settingsChanges(saved, { ...settingsDraftOf(saved), attemptsAllowed: '' });
    expect(changes?.attemptsAllowed).toBeNaN();
    expect(JSON.stringify(changes)).toBe('{"attemptsAllowed":null}');
  });

  it('follows the saved settings except the ones being edited', () => {
    const draft = { ...settingsDraftOf(saved), passPercent: '90' };
    const after = rebaseSettings(saved, draft, { ...saved, passPercent: 75, shuffle: true });
    expect(after.passPercent).toBe('90');
    expect(after.shuffle).toBe(true);
  });
});
