// The quiz insights (CONTRACT §8 GET /api/admin/course/lessons/{id}/quiz-insights): over the
// submitted attempts, how many, by how many members, how many members passed; and per question of
// the quiz, the attempts that held it, the floor of the percent of those that earned its full
// points, and the wrong option picked most (null when none was). Read from the running totals each
// submit adds its own results to (quiz-tallies.ts), so that an attempt is judged by the question as
// it was when it started.
import type { Question } from '../../../shared/quiz';
import type { QuizTallies } from './quiz-tallies';

export interface QuizInsights {
  attempts: number;
  members: number;
  passed: number;
  questions: Array<{ _id: string; answered: number; correctPercent: number; commonWrongOptionId: string | null }>;
}

export function quizInsights(questions: readonly Question[], tallies: QuizTallies): QuizInsights {
  return {
    attempts: tallies.attempts,
    members: tallies.members,
    passed: tallies.passed,
    questions: questions.map((question) => {
      const tally = tallies.questions.get(question._id) ?? { answered: 0, full: 0 };
      const wrongPicks = tallies.wrongPicks.get(question._id) ?? new Map<string, number>();
      // The most picked; a tie goes to the option listed first in the question.
      let common: string | null = null;
      for (const option of question.options) {
        const picks = wrongPicks.get(option._id) ?? 0;
        if (picks > 0 && (common === null || picks > wrongPicks.get(common)!)) common = option._id;
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
