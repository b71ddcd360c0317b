// The quiz panel on the lesson page, wired to the server (CONTRACT §8 member calls, through tRPC).
// A refused start (no attempts left, a wait) and every submit make the page read the lesson again,
// since its quiz facts changed; a submit also the course progress and the certificate, which a
// pass moves (the dashboard's percent and certificate link follow).
import { useMemo } from 'react';
import type { MemberQuiz } from '@shared/quiz';
import { trpc } from '@/lib/trpc';
import type { QuizCalls } from './quiz-calls';
import { QuizPanel } from './quiz-panel';
import { saveAnswerAsPageLeaves } from './save-answer-as-page-leaves';

export function LessonQuiz({ lessonId, quiz }: { lessonId: string; quiz: MemberQuiz }) {
  return <QuizPanel quiz={quiz} calls={useQuizCalls(lessonId)} />;
}

function useQuizCalls(lessonId: string): QuizCalls {
  const utils = trpc.useUtils();
  // The plain client's calls: the same functions from render to render, so that a pause in typing
  // is never cut short by a new `save`.
  return useMemo(() => {
    const rereadLesson = () => utils.course.lesson.invalidate({ id: lessonId });
    return {
      async start() {
        try {
          return (await utils.client.course.quiz.start.mutate({ id: lessonId })).attempt;
        } finally {
          void rereadLesson();
        }
      },
      save: (attemptId, questionId, answer) => utils.client.course.quiz.saveAnswer.mutate({ id: attemptId, questionId, ...answer }),
      saveAsPageLeaves: saveAnswerAsPageLeaves,
      async submit(attemptId) {
        const { attempt } = await utils.client.course.quiz.submit.mutate({ id: attemptId });
        await Promise.all([rereadLesson(), utils.course.progress.invalidate(), utils.course.certificate.invalidate()]);
        return attempt;
      },
    };
  }, [utils, lessonId]);
}
