// The quiz panel's sentences that depend on numbers and times, kept apart so that they are tested
// as words (CONTRACT §8 MemberQuiz).
import type { Answer, MemberQuiz } from '@shared/quiz';

/** Attempts the member may still start; null: unlimited. */
export function attemptsLeft(quiz: Pick<MemberQuiz, 'attemptsAllowed' | 'attemptsUsed'>): number | null {
  return quiz.attemptsAllowed === null ? null : Math.max(0, quiz.attemptsAllowed - quiz.attemptsUsed);
}

export function attemptsLeftWords(quiz: Pick<MemberQuiz, 'attemptsAllowed' | 'attemptsUsed'>): string {
  const left = attemptsLeft(quiz);
  if (left === null) return 'Unlimited';
  return `${left} of ${quiz.attemptsAllowed} ${quiz.attemptsAllowed === 1 ? 'attempt' : 'attempts'} left`;
}

export function bestWords(best: MemberQuiz['best']): string {
  if (!best) return 'None yet';
  return best.passed ? `${best.percent} %, passed` : `${best.percent} %, not passed yet`;
}

/**
 * "You can try again at 14:30" in the member's own time, with the day when it is not today
 * ("on 3 December at 14:30"): a wait can be up to a week (retryAfterMinutes ≤ 10,080).
 */
export function retryWords(retryAt: Date, now: Date, locale?: string): string {
  const time = retryAt.toLocaleTimeString(locale, { hour: '2-digit', minute: '2-digit' });
  if (retryAt.toDateString() === now.toDateString()) return `You can try again at ${time}.`;
  const day = retryAt.toLocaleDateString(locale, { weekday: 'long', day: 'numeric', month: 'long' });
  return `You can try again on ${day} at ${time}.`;
}

/** Whether an answer says anything: a choice made, or text beyond spaces. */
export function isAnswered(answer: Answer | undefined): boolean {
  if (!answer) return false;
  return 'optionIds' in answer ? answer.optionIds.length > 0 : answer.text.trim() !== '';
}

export function answeredWords(answered: number, total: number): string {
  return `${answered} of ${total} answered`;
}
