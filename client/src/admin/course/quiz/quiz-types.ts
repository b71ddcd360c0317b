// What the admin tree says of a quiz lesson (CONTRACT §8): its settings and its questions.
// TEMPORARY until the lead's router is on `quiz`: the tree's lessons carry `quiz` and `questions`
// there, and this reads them without the cast.
import type { Question, QuizSettings } from '@shared/quiz';
import type { AdminLesson } from '../course-types';

export interface QuizParts {
  quiz: QuizSettings | null;
  questions: Question[];
}

export function quizPartsOf(lesson: AdminLesson): QuizParts {
  const parts = lesson as Partial<QuizParts>;
  return { quiz: parts.quiz ?? null, questions: parts.questions ?? [] };
}
