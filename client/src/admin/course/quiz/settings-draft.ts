// The quiz settings form's draft (CONTRACT §8: pass mark, attempts, wait, questions per attempt,
// shuffle, required). Numbers are held as typed (a field may be empty for a moment); "unlimited"
// and "every question" are ticks beside their number, so the number typed before comes back when
// the tick goes. A save sends the settings that changed, as the lesson editor does.
import { DEFAULT_QUIZ, type QuizSettings } from '@shared/quiz';

export interface SettingsDraft {
  passPercent: string;
  unlimitedAttempts: boolean;
  attemptsAllowed: string;
  retryAfterMinutes: string;
  everyQuestion: boolean;
  questionsPerAttempt: string;
  shuffle: boolean;
  requiredToComplete: boolean;
}

/** The number offered when "unlimited" or "every question" is unticked and none was set before. */
const SUGGESTED = { attemptsAllowed: '3', questionsPerAttempt: '10' };

export function settingsDraftOf(saved: QuizSettings | null): SettingsDraft {
  const quiz = saved ?? DEFAULT_QUIZ;
  return {
    passPercent: String(quiz.passPercent),
    unlimitedAttempts: quiz.attemptsAllowed === null,
    attemptsAllowed: quiz.attemptsAllowed === null ? SUGGESTED.attemptsAllowed : String(quiz.attemptsAllowed),
    retryAfterMinutes: String(quiz.retryAfterMinutes),
    everyQuestion: quiz.questionsPerAttempt === null,
    questionsPerAttempt: quiz.questionsPerAttempt === null ? SUGGESTED.questionsPerAttempt : String(quiz.questionsPerAttempt),
    shuffle: quiz.shuffle,
    requiredToComplete: quiz.requiredToComplete,
  };
}

/**
 * A number as typed: an empty or unreadable one goes as NaN, which JSON sends as null and the
 * server refuses with its own words (never a silent 0 or "unlimited").
 */
const numberOf = (typed: string) => (typed.trim() === '' ? Number.NaN : Number(typed));

export function settingsOf(draft: SettingsDraft): QuizSettings {
  return {
    passPercent: numberOf(draft.passPercent),
    attemptsAllowed: draft.unlimitedAttempts ? null : numberOf(draft.attemptsAllowed),
    retryAfterMinutes: numberOf(draft.retryAfterMinutes),
    questionsPerAttempt: draft.everyQuestion ? null : numberOf(draft.questionsPerAttempt),
    shuffle: draft.shuffle,
    requiredToComplete: draft.requiredToComplete,
  };
}

const KEYS = Object.keys(DEFAULT_QUIZ) as Array<keyof QuizSettings>;

/** The settings that differ from the saved ones (the defaults for a quiz never saved); null when none does. */
export function settingsChanges(saved: QuizSettings | null, draft: SettingsDraft): Partial<QuizSettings> | null {
  const base = saved ?? DEFAULT_QUIZ;
  const next = settingsOf(draft);
  const changes: Partial<QuizSettings> = {};
  for (const key of KEYS) if (!Object.is(next[key], base[key])) Object.assign(changes, { [key]: next[key] });
  return Object.keys(changes).length === 0 ? null : changes;
}

/** The saved settings changed (this save, another admin): the fields being edited stay as typed, the rest follow. */
export function rebaseSettings(previous: QuizSettings | null, draft: SettingsDraft, current: QuizSettings | null): SettingsDraft {
  const before = settingsDraftOf(previous);
  const next = settingsDraftOf(current);
  for (const key of Object.keys(draft) as Array<keyof SettingsDraft>) {
    if (draft[key] !== before[key]) Object.assign(next, { [key]: draft[key] });
  }
  return next;
}
