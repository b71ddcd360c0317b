// The quiz's admin calls (CONTRACT §8 "Admin calls") as the Course Manager makes them: one place,
// so the components take them as props and their tests hand in stand-ins.
import type { inferRouterOutputs } from '@trpc/server';
import { useMemo } from 'react';
import type { Answer, QuizSettings } from '@shared/quiz';
import { trpc, type AppRouter } from '@/lib/trpc';
import type { QuestionInput } from './question-draft';

export type QuizInsights = inferRouterOutputs<AppRouter>['course']['quiz']['insights'];

export function useQuizCalls() {
  const utils = trpc.useUtils();
  return useMemo(() => {
    const course = utils.client.course;
    return {
      saveSettings: (lessonId: string, quiz: Partial<QuizSettings>) => course.lessons.update.mutate({ id: lessonId, quiz }),
      createQuestion: (lessonId: string, input: QuestionInput) => course.quiz.questions.create.mutate({ id: lessonId, ...input }),
      updateQuestion: (questionId: string, input: QuestionInput) => course.quiz.questions.update.mutate({ id: questionId, ...input }),
      deleteQuestion: (questionId: string) => course.quiz.questions.delete.mutate({ id: questionId }),
      orderQuestions: (lessonId: string, ids: string[]) => course.quiz.questions.order.mutate({ id: lessonId, ids }),
      previewStart: async (lessonId: string) => (await course.quiz.preview.start.mutate({ id: lessonId })).attempt,
      previewScore: async (lessonId: string, questionIds: string[], answers: Array<{ questionId: string } & Answer>) =>
        (await course.quiz.preview.score.mutate({ id: lessonId, questionIds, answers })).attempt,
    };
  }, [utils]);
}
