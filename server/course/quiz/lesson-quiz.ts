// A lesson as the admin's calls answer it, with its quiz settings (CONTRACT §8 "Admin calls"):
// `quiz` is the settings of a quiz lesson (its defaults until first saved), null for any other kind.
import { DEFAULT_QUIZ, type QuizSettings } from '../../../shared/quiz';
import type { Db } from '../../db/client';
import type { CourseLesson } from '../content/content-data';
import { readQuizSettings } from './quiz-data';

export type LessonWithQuiz<L extends CourseLesson = CourseLesson> = L & { quiz: QuizSettings | null };

export async function withQuizzes<L extends CourseLesson>(db: Pick<Db, 'select'>, lessons: readonly L[]): Promise<Array<LessonWithQuiz<L>>> {
  const quizIds = lessons.filter((lesson) => lesson.kind === 'quiz').map((lesson) => lesson._id);
  const settings = await readQuizSettings(db, quizIds);
  return lessons.map((lesson) => ({ ...lesson, quiz: lesson.kind === 'quiz' ? (settings.get(lesson._id) ?? DEFAULT_QUIZ) : null }));
}

export async function withQuiz<L extends CourseLesson>(db: Pick<Db, 'select'>, lesson: L): Promise<LessonWithQuiz<L>> {
  return (await withQuizzes(db, [lesson]))[0]!;
}
