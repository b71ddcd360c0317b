// The quiz insights' words and order (issue 35 "Quiz insights", course.quiz.insights): the totals in
// a sentence, and each question with its percent right, the wrong option picked most and the
// moment it points to, the weakest first. Pure, so the sentences are tested without a browser.
import type { Question } from '@shared/quiz';
import { promptLine } from './question-draft';
import type { QuizInsights } from './quiz-calls';
import { momentText } from './quiz-moment';

export interface QuestionFigure {
  id: string;
  /** "2. Which planet ..." after its place in the quiz. */
  label: string;
  answered: number;
  correctPercent: number;
  /** "Most picked wrong: Venus", or null. */
  wrong: string | null;
  /** "Taught at 4:12–4:40 in Orbits", or null. */
  taught: string | null;
}

const count = (n: number, one: string, many: string) => `${n.toLocaleString('en')} ${n === 1 ? one : many}`;

/** "12 attempts by 8 members, 5 passed" */
export function quizTotalsSentence({ attempts, members, passed }: Pick<QuizInsights, 'attempts' | 'members' | 'passed'>): string {
  return `${count(attempts, 'attempt', 'attempts')} by ${count(members, 'member', 'members')}, ${passed.toLocaleString('en')} passed`;
}

/**
 * The quiz's questions with their figures, the weakest first (the lowest percent right; questions
 * nobody has answered yet last; a tie keeps the quiz's order).
 */
export function questionFigures(insights: QuizInsights, questions: readonly Question[], lessonTitle: (id: string) => string | null): QuestionFigure[] {
  const figures = new Map(insights.questions.map((figure) => [figure._id, figure]));
  const rows = questions.map((question, index) => {
    const figure = figures.get(question._id);
    const wrongOption = figure?.commonWrongOptionId ? question.options.find((option) => option._id === figure.commonWrongOptionId) : undefined;
    const taughtIn = question.taught ? lessonTitle(question.taught.lessonId) : null;
    return {
      id: question._id,
      label: `${index + 1}. ${promptLine(question.prompt, 90)}`,
      answered: figure?.answered ?? 0,
      correctPercent: figure?.correctPercent ?? 0,
      wrong: wrongOption ? `Most picked wrong option: ${wrongOption.text}` : null,
      taught: question.taught ? `Taught at ${momentText(question.taught)}${taughtIn ? ` in ${taughtIn}` : ''}` : null,
    };
  });
  const rank = (row: QuestionFigure) => (row.answered === 0 ? Number.POSITIVE_INFINITY : row.correctPercent);
  return rows
    .map((row, index) => ({ row, index }))
    .sort((a, b) => rank(a.row) - rank(b.row) || a.index - b.index)
    .map(({ row }) => row);
}

/** "40 % right of 25 answers", or that nobody has answered it. */
export function rightSentence({ answered, correctPercent }: Pick<QuestionFigure, 'answered' | 'correctPercent'>): string {
  if (answered === 0) return 'Not answered yet';
  return `${correctPercent} % right of ${count(answered, 'answer', 'answers')}`;
}
