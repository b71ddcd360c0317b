// The checks the quiz calls share (CONTRACT §8): a quiz lesson an admin names, and an answer
// checked against the question it answers, each refusal naming its field.
import { TRPCError } from '@trpc/server';
import { QUIZ_MESSAGES, type Answer, type Question } from '../../../shared/quiz';
import type { Context } from '../../trpc/context';
import { findLesson, type CourseLesson } from '../content/content-data';
import { noSuchLesson } from '../open-lesson';

export const notAQuiz = () => new TRPCError({ code: 'CONFLICT', message: QUIZ_MESSAGES.notAQuiz });

/** The quiz lesson `id`, for the admin; 404 if missing, 409 if another kind. */
export async function quizLesson(db: Context['deps']['db'], id: string): Promise<CourseLesson> {
  const lesson = await findLesson(db, id);
  if (!lesson) throw noSuchLesson(id);
  if (lesson.kind !== 'quiz') throw notAQuiz();
  return lesson;
}

/** A question as an answer is checked against it: its id, kind and options' ids. */
export type AnswerShape = Pick<Question, '_id' | 'kind'> & { options: ReadonlyArray<Pick<Question['options'][number], '_id'>> };

/** The answer as kept, checked against the attempt's (or the preview's) question it answers: a 400 naming the field otherwise. */
export function checkedAnswer(
  questions: readonly AnswerShape[],
  input: { questionId: string; optionIds?: string[] | undefined; text?: string | undefined },
): Answer {
  const refuse = (message: string) => new TRPCError({ code: 'BAD_REQUEST', message });
  const question = questions.find((candidate) => candidate._id === input.questionId);
  if (!question) throw refuse(QUIZ_MESSAGES.noSuchQuestionInAttempt(input.questionId));
  if (question.kind === 'text') {
    if (input.text === undefined) throw refuse('text: this question takes a text answer');
    return { text: input.text };
  }
  if (input.optionIds === undefined) throw refuse('optionIds: this question takes options');
  const optionIds = [...new Set(input.optionIds)];
  if (question.kind === 'single' && optionIds.length > 1) throw refuse('optionIds: this question takes one option');
  const known = new Set(question.options.map((option) => option._id));
  const unknown = optionIds.find((id) => !known.has(id));
  if (unknown !== undefined) throw refuse(`optionIds: no option with id '${unknown}' in this question`);
  return { optionIds };
}
