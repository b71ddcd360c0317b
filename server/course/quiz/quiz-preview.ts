// The admin's preview of a quiz (issue 35 "What admins get"): the questions a member's attempt
// would show, chosen and ordered by the same rule, then scored by the same formula, and kept
// nowhere: no attempt, no answer row, no audit entry, nothing in the insights.
import { TRPCError } from '@trpc/server';
import { QUIZ_MESSAGES, type Answer, type Attempt, type Question } from '../../../shared/quiz';
import { lessonIdInput } from '../../../shared/course-schemas';
import { previewScoreInput } from '../../../shared/quiz-schemas';
import { adminProcedure, router } from '../../trpc/init';
import type { AttemptRow } from './attempt-data';
import { checkedAnswer, quizLesson } from './quiz-checks';
import { attemptAnswer, lessonTitles, questionsForAttempt } from './quiz-answers';
import { questionAnswer, readQuestions, readQuiz } from './quiz-data';
import { scoredAttempt } from './scoring';

/** A preview's attempt is never stored: its id says so. */
const PREVIEW_ID = 'preview';

function previewRow(userId: string, lessonId: string, questions: Question[], at: number): AttemptRow {
  return { id: PREVIEW_ID, userId, lessonId, number: 1, startedAt: at, submittedAt: null, questions, percent: null, passed: null, results: null };
}

export const previewRouter = router({
  /** The questions a member's new attempt would get now: right answers left out, as for a member. */
  start: adminProcedure.input(lessonIdInput).mutation(async ({ ctx, input }): Promise<{ attempt: Attempt }> => {
    const lesson = await quizLesson(ctx.deps.db, input.id);
    const [settings, questions] = await Promise.all([readQuiz(ctx.deps.db, lesson._id), readQuestions(ctx.deps.db, [lesson._id])]);
    const all = questions.get(lesson._id)!.map(questionAnswer);
    if (all.length === 0) throw new TRPCError({ code: 'CONFLICT', message: QUIZ_MESSAGES.noQuestions });
    const row = previewRow(ctx.user.id, lesson._id, questionsForAttempt(all, settings), ctx.deps.clock());
    return { attempt: attemptAnswer(row, {}, new Map()) };
  }),

  /** The preview's answers scored against the questions as they are now, with each result as a member would see it. */
  score: adminProcedure.input(previewScoreInput).mutation(async ({ ctx, input }): Promise<{ attempt: Attempt }> => {
    const lesson = await quizLesson(ctx.deps.db, input.id);
    const [settings, questions] = await Promise.all([readQuiz(ctx.deps.db, lesson._id), readQuestions(ctx.deps.db, [lesson._id])]);
    const byId = new Map(questions.get(lesson._id)!.map((question) => [question._id, questionAnswer(question)]));
    const snapshot: Question[] = [];
    for (const id of input.questionIds) {
      const question = byId.get(id);
      if (!question) throw new TRPCError({ code: 'CONFLICT', message: QUIZ_MESSAGES.previewOutdated });
      snapshot.push(question);
    }
    const answers: Record<string, Answer> = {};
    for (const given of input.answers) answers[given.questionId] = checkedAnswer(snapshot, given);
    const now = ctx.deps.clock();
    const row = { ...previewRow(ctx.user.id, lesson._id, snapshot, now), submittedAt: now, ...scoredAttempt(snapshot, answers, settings.passPercent) };
    return { attempt: attemptAnswer(row, answers, lessonTitles(await ctx.deps.courseTree.get())) };
  }),
});
