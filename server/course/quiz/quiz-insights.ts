// The quiz insights (CONTRACT §8 GET /api/admin/course/lessons/{id}/quiz-insights): over the
// submitted attempts, how many, by how many members, how many members passed; and per question of
// the quiz, the attempts that held it, the floor of the percent of those that earned its full
// points, and the wrong option picked most (null when none was). Counted from the attempts' own
// results, so that an attempt is judged by the question as it was when it started.
import type { Question } from '../../../shared/quiz';
import type { SubmittedAttempt } from './attempt-data';

export interface QuizInsights {
  attempts: number;
  members: number;
  passed: number;
  questions: Array<{ _id: string; answered: number; correctPercent: number; commonWrongOptionId: string | null }>;
}

export function quizInsights(questions: readonly Question[], attempts: readonly SubmittedAttempt[]): QuizInsights {
  const members = new Set(attempts.map((attempt) => attempt.userId));
  const passed = new Set(attempts.filter((attempt) => attempt.passed).map((attempt) => attempt.userId));
  const tallies = new Map(questions.map((question) => [question._id, { answered: 0, full: 0, wrongPicks: new Map<string, number>() }]));
  for (const attempt of attempts) {
    for (const result of attempt.results) {
      const tally = tallies.get(result.questionId);
      if (!tally) continue;
      tally.answered += 1;
      if (result.correct) tally.full += 1;
      const right = new Set(result.correctOptionIds ?? []);
      for (const optionId of attempt.picks.get(result.questionId) ?? []) {
        if (!right.has(optionId)) tally.wrongPicks.set(optionId, (tally.wrongPicks.get(optionId) ?? 0) + 1);
      }
    }
  }
  return {
    attempts: attempts.length,
    members: members.size,
    passed: passed.size,
    questions: questions.map((question) => {
      const tally = tallies.get(question._id)!;
      // The most picked; a tie goes to the option listed first in the question.
      let common: string | null = null;
      for (const option of question.options) {
        const picks = tally.wrongPicks.get(option._id) ?? 0;
        if (picks > 0 && (common === null || picks > tally.wrongPicks.get(common)!)) common = option._id;
      }
      return {
        _id: question._id,
        answered: tally.answered,
        correctPercent: tally.answered === 0 ? 0 : Math.floor((100 * tally.full) / tally.answered),
        commonWrongOptionId: common,
      };
    }),
  };
}
