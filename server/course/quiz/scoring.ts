// Scoring an attempt (CONTRACT §8 "Scoring"): pure functions of a question and an answer, so that
// the property tests (scoring.test.ts) hold them to the formula with any input.
// - single: one option at most (more is refused before this, a 400); its points for the right one.
// - multiple: points × max(0, (right picks − wrong picks) ÷ right options): ticking every option
//   earns nothing more than it should, as each wrong pick takes back a right one.
// - text: its points when an accepted answer matches after trimming, collapsing spaces, NFC and
//   ignoring case.
// The percent is the floor of 100 × earned ÷ total, never above 100.
import type { Answer, Question, QuestionResult } from '../../../shared/quiz';

/** A text answer as it is compared: trimmed, inner spaces collapsed, NFC, case folded. */
export const normalizedText = (text: string): string => text.normalize('NFC').trim().replace(/\s+/gu, ' ').toLocaleLowerCase('und');

/** The points `answer` earns on `question` (a fraction for a multiple-choice question partly right). */
export function earnedPoints(question: Question, answer: Answer | undefined): number {
  if (!answer) return 0;
  if (question.kind === 'text') {
    if (!('text' in answer)) return 0;
    const given = normalizedText(answer.text);
    return question.answers.some((accepted) => normalizedText(accepted) === given) ? question.points : 0;
  }
  if (!('optionIds' in answer)) return 0;
  const picked = new Set(answer.optionIds);
  const right = question.options.filter((option) => option.correct);
  if (question.kind === 'single') return picked.size === 1 && right.some((option) => picked.has(option._id)) ? question.points : 0;
  const rightPicks = right.filter((option) => picked.has(option._id)).length;
  const wrongPicks = question.options.filter((option) => !option.correct && picked.has(option._id)).length;
  return (question.points * Math.max(0, rightPicks - wrongPicks)) / right.length;
}

export interface Score {
  percent: number;
  earned: number;
  total: number;
}

// Every question's earned points are a multiple of 1/2520 (2520 is divisible by every count of right
// options, 1 to 10), so the sum is counted in 2520ths, as an integer: the floor of the percent is then
// exact, where floats would make 1/3 + 2/3 of the points 99 %.
const PARTS = 2520;

export function scoreOf(questions: readonly Question[], answers: Readonly<Record<string, Answer>>): Score {
  let earnedParts = 0;
  let total = 0;
  for (const question of questions) {
    earnedParts += Math.round(earnedPoints(question, answers[question._id]) * PARTS);
    total += question.points;
  }
  const percent = total === 0 ? 0 : Math.min(100, Math.floor((100 * earnedParts) / (PARTS * total)));
  return { percent, earned: earnedParts / PARTS, total };
}

/** Each question's result, without its taught lesson's title (the answer adds it when read). */
export function questionResults(
  questions: readonly Question[],
  answers: Readonly<Record<string, Answer>>,
): Array<Omit<QuestionResult, 'taught'> & { taught: Question['taught'] }> {
  return questions.map((question) => {
    const earned = earnedPoints(question, answers[question._id]);
    return {
      questionId: question._id,
      earned,
      points: question.points,
      correct: earned >= question.points,
      ...(question.kind === 'text'
        ? { answers: question.answers }
        : { correctOptionIds: question.options.filter((option) => option.correct).map((option) => option._id) }),
      explanation: question.explanation,
      taught: question.taught,
    };
  });
}

/** What a submit records (and a preview shows): the percent, the pass against `passPercent`, each question's result. */
export function scoredAttempt(questions: readonly Question[], answers: Readonly<Record<string, Answer>>, passPercent: number) {
  const { percent } = scoreOf(questions, answers);
  return { percent, passed: percent >= passPercent, results: questionResults(questions, answers) };
}
