// The quiz's admin calls (CONTRACT §8 "Admin calls") as the Course Manager makes them.
// TEMPORARY until the lead's router is on `quiz`: the procedures are typed here by hand from the
// brief's names, through one cast; once merged, they come from AppRouter and this cast goes.
import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import type { Question, QuizSettings } from '@shared/quiz';
import { trpc } from '@/lib/trpc';
import type { QuestionInput } from './question-draft';

export interface QuizInsights {
  attempts: number;
  members: number;
  passed: number;
  questions: Array<{ _id: string; answered: number; correctPercent: number; commonWrongOptionId: string | null }>;
}

interface QuizProcedures {
  lessons: { update: { mutate(input: { id: string; quiz: Partial<QuizSettings> }): Promise<unknown> } };
  quiz: {
    questions: {
      create: { mutate(input: QuestionInput & { id: string }): Promise<{ question: Question }> };
      update: { mutate(input: QuestionInput & { id: string }): Promise<{ question: Question }> };
      delete: { mutate(input: { id: string }): Promise<{ message: string }> };
      order: { mutate(input: { id: string; ids: string[] }): Promise<{ questions: Question[] }> };
    };
    insights: { query(input: { id: string }): Promise<QuizInsights> };
  };
}

function useQuizProcedures(): QuizProcedures {
  const utils = trpc.useUtils();
  return utils.client.course as unknown as QuizProcedures;
}

export function useQuizCalls() {
  const course = useQuizProcedures();
  return useMemo(
    () => ({
      saveSettings: (lessonId: string, quiz: Partial<QuizSettings>) => course.lessons.update.mutate({ id: lessonId, quiz }),
      createQuestion: (lessonId: string, input: QuestionInput) => course.quiz.questions.create.mutate({ id: lessonId, ...input }),
      updateQuestion: (questionId: string, input: QuestionInput) => course.quiz.questions.update.mutate({ id: questionId, ...input }),
      deleteQuestion: (questionId: string) => course.quiz.questions.delete.mutate({ id: questionId }),
      orderQuestions: (lessonId: string, ids: string[]) => course.quiz.questions.order.mutate({ id: lessonId, ids }),
    }),
    [course],
  );
}

export type QuizCalls = ReturnType<typeof useQuizCalls>;

export function useQuizInsights(lessonId: string) {
  const course = useQuizProcedures();
  return useQuery({ queryKey: ['course.quiz.insights', lessonId], queryFn: () => course.quiz.insights.query({ id: lessonId }) });
}
