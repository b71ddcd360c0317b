// The quiz procedures (CONTRACT §8): the member's attempts, and the admin's questions. Every call
// about an attempt asks the one access rule about its quiz lesson, as every lesson call does.
import { TRPCError } from '@trpc/server';
import { isPlayed } from '../../../shared/course';
import { QUIZ_MESSAGES, type Answer, type MemberQuiz, type QuizSettings, type Taught } from '../../../shared/quiz';
import { answerSaveInput, attemptIdInput, questionCreateInput, questionIdInput, questionOrderInput, questionUpdateInput } from '../../../shared/quiz-schemas';
import { waitText } from '../../../shared/messages';
import { lessonIdInput } from '../../../shared/course-schemas';
import { recordAudit } from '../../audit/record';
import { isForeignKeyViolation } from '../../db/errors';
import { transaction } from '../../db/transaction';
import { RetryLater } from '../../limits/retry-later';
import type { Tx } from '../../db/client';
import type { Context, SessionUser } from '../../trpc/context';
import { adminProcedure, memberProcedure, router } from '../../trpc/init';
import { findLesson, lessonInTree, type CourseLesson, type LessonHead } from '../content/content-data';
import { lessonTarget } from '../course-audit';
import { noSuchLesson, requireOpen } from '../open-lesson';
import { earnedCertificate } from '../progress/progress-router';
import { saveProgress } from '../progress/progress-data';
import { viewerOf } from '../viewer';
import {
  findAttempt,
  findOpenAttempt,
  isSubmitted,
  readAnswers,
  saveAnswer,
  startAttempt,
  submitAttempt,
  summarizeAttempts,
  type AttemptRow,
} from './attempt-data';
import { attemptKey, type AttemptKey } from './attempt-keys';
import { checkedAnswer, notAQuiz, quizLesson } from './quiz-checks';
import { quizInsights } from './quiz-insights';
import { readTallies } from './quiz-tallies';
import { previewRouter } from './quiz-preview';
import { questionCreatedSummary, quizUpdatedSummary, questionDeletedSummary, questionsReorderedSummary, questionUpdatedSummary } from './quiz-audit';
import { attemptAnswer, lessonTitles, memberQuizAnswer, questionsForAttempt, retryAt } from './quiz-answers';
import {
  createQuestion,
  deleteQuestion,
  questionAnswer,
  readQuestions,
  readQuiz,
  readQuizQuestions,
  reorderQuestions,
  updateQuestion,
  writeQuiz,
} from './quiz-data';
import { scoredAttempt } from './scoring';

const noSuchAttempt = (id: string) => new TRPCError({ code: 'NOT_FOUND', message: `No attempt with id '${id}'` });
const noSuchQuestion = (id: string) => new TRPCError({ code: 'NOT_FOUND', message: `No question with id '${id}'` });

/** The quiz lesson `id`, if the member may open it (404 or 403 otherwise, as any lesson), from the course tree as progress saves ask it. */
async function openQuiz(ctx: Context & { user: SessionUser }, id: string): Promise<LessonHead> {
  const found = lessonInTree(await ctx.deps.courseTree.get(), id);
  requireOpen(viewerOf(ctx.user), id, found, ctx.deps.clock());
  if (found!.lesson.kind !== 'quiz') throw notAQuiz();
  return found!.lesson;
}

const isOwn = (ctx: Context & { user: SessionUser }, attempt: { userId: string } | undefined, id: string) => {
  if (!attempt || attempt.userId !== ctx.user.id) throw noSuchAttempt(id);
};

/** What a save or a submit checks of the member's own attempt, past the access rule of its quiz; another member's is a 404. */
async function ownAttemptKey(ctx: Context & { user: SessionUser }, id: string): Promise<AttemptKey> {
  const key = await attemptKey(ctx.deps.db, id);
  isOwn(ctx, key, id);
  await openQuiz(ctx, key!.lessonId);
  return key!;
}

/** The member's own attempt, past the access rule of its quiz; another member's is a 404. */
async function ownAttempt(ctx: Context & { user: SessionUser }, id: string): Promise<AttemptRow> {
  const attempt = await findAttempt(ctx.deps.db, id);
  isOwn(ctx, attempt, id);
  await openQuiz(ctx, attempt!.lessonId);
  return attempt!;
}

async function answerOf(ctx: Context, attempt: AttemptRow, answers?: Record<string, Answer>) {
  return attemptAnswer(attempt, answers ?? (await readAnswers(ctx.deps.db, attempt.id)), lessonTitles(await ctx.deps.courseTree.get()));
}

/** What a quiz lesson's answer adds for its member (GET /api/course/lessons/{id}). */
export async function memberQuiz(ctx: Context, userId: string, lessonId: string): Promise<MemberQuiz> {
  const [settings, summary, open] = await Promise.all([
    readQuiz(ctx.deps.db, lessonId),
    summarizeAttempts(ctx.deps.db, userId, lessonId),
    findOpenAttempt(ctx.deps.db, userId, lessonId),
  ]);
  return memberQuizAnswer(settings, summary, open ? await answerOf(ctx, open) : null, ctx.deps.clock());
}

const memberCalls = {
  /** POST /api/course/lessons/{id}/attempts: 201 with a new attempt, 200 with the open one. */
  start: memberProcedure.input(lessonIdInput).mutation(async ({ ctx, input }) => {
    const lesson = await openQuiz(ctx, input.id);
    const db = ctx.deps.db;
    const now = ctx.deps.clock();
    const [settings, summary, open] = await Promise.all([
      readQuiz(db, lesson._id),
      summarizeAttempts(db, ctx.user.id, lesson._id),
      findOpenAttempt(db, ctx.user.id, lesson._id),
    ]);
    if (open) return { attempt: await answerOf(ctx, open), started: false };
    const waitUntil = retryAt(settings, summary, false, now);
    if (waitUntil !== null) {
      const seconds = Math.ceil((waitUntil - now) / 1000);
      throw new TRPCError({ code: 'TOO_MANY_REQUESTS', message: QUIZ_MESSAGES.tryAgainIn(waitText(seconds)), cause: new RetryLater(seconds) });
    }
    const questions = (await readQuizQuestions(db, lesson._id)).map(questionAnswer);
    if (questions.length === 0) throw new TRPCError({ code: 'CONFLICT', message: QUIZ_MESSAGES.noQuestions });
    let started;
    try {
      started = await startAttempt(db, {
        userId: ctx.user.id,
        lessonId: lesson._id,
        attemptsAllowed: settings.attemptsAllowed,
        questions: questionsForAttempt(questions, settings),
        at: now,
      });
    } catch (error) {
      if (isForeignKeyViolation(error)) throw noSuchLesson(input.id);
      throw error;
    }
    if (started.state === 'no-attempts-left') throw new TRPCError({ code: 'CONFLICT', message: QUIZ_MESSAGES.noAttemptsLeft });
    if (started.state === 'started')
      ctx.log.info({ userId: ctx.user.id, lessonId: lesson._id, attemptId: started.attempt.id }, 'member started a quiz attempt');
    // A new attempt holds no answers yet.
    return { attempt: await answerOf(ctx, started.attempt, started.state === 'started' ? {} : undefined), started: started.state === 'started' };
  }),

  /** PUT /api/course/attempts/{id}/answers/{questionId}: the checks in memory, then one write (decision 059). */
  saveAnswer: memberProcedure.input(answerSaveInput).mutation(async ({ ctx, input }) => {
    const key = await ownAttemptKey(ctx, input.id);
    const submitted = () => new TRPCError({ code: 'CONFLICT', message: QUIZ_MESSAGES.submitted });
    let answer: Answer;
    try {
      answer = checkedAnswer(key.questions, input);
    } catch (error) {
      // A submitted attempt answers 409 before it judges the answer.
      if (await isSubmitted(ctx.deps.db, input.id, ctx.user.id)) throw submitted();
      throw error;
    }
    const saved = await saveAnswer(ctx.deps.db, { attemptId: input.id, userId: ctx.user.id, questionId: input.questionId, answer, at: ctx.deps.clock() });
    if (saved === undefined) throw noSuchAttempt(input.id);
    if (saved === 'submitted') throw submitted();
    return { saved: true as const };
  }),

  /** POST /api/course/attempts/{id}/submit: a second submit answers the same result and changes nothing. */
  submit: memberProcedure.input(attemptIdInput).mutation(async ({ ctx, input }) => {
    const key = await ownAttemptKey(ctx, input.id);
    const settings = await readQuiz(ctx.deps.db, key.lessonId);
    const now = ctx.deps.clock();
    let completed = false;
    const submitted = await submitAttempt(
      ctx.deps.db,
      input.id,
      (row, answers) => scoredAttempt(row.questions, answers, settings.passPercent),
      async (tx, row) => {
        // Passing completes the lesson; so does any submit when the quiz is not required to pass.
        if (!row.passed && settings.requiredToComplete) return;
        const saved = await saveProgress(
          tx,
          { userId: row.userId, lessonId: row.lessonId, positionSeconds: 0, playedSeconds: 0, completion: 'complete', completeAt: 0 },
          now,
        );
        completed = saved !== 'no-lesson' && saved.completedAt === now;
      },
      now,
    );
    if (!submitted) throw noSuchAttempt(input.id);
    const { attempt, answers } = submitted;
    if (attempt.submittedAt === now)
      ctx.log.info({ userId: ctx.user.id, lessonId: attempt.lessonId, attemptId: attempt.id, percent: attempt.percent }, 'member submitted a quiz attempt');
    // It may have been the last lesson: the certificate is earned now.
    if (completed) await earnedCertificate(ctx, ctx.user);
    return { attempt: await answerOf(ctx, attempt, answers) };
  }),

  /** GET /api/course/attempts/{id} */
  attempt: memberProcedure.input(attemptIdInput).query(async ({ ctx, input }) => ({ attempt: await answerOf(ctx, await ownAttempt(ctx, input.id)) })),
};

/**
 * The quiz settings of PUT /api/admin/course/lessons/{id} `{quiz}`, in the lesson call's
 * transaction: applied over the current ones and recorded as `course.quiz.update`.
 */
export async function saveQuizSettings(tx: Tx, actor: SessionUser, lesson: CourseLesson, changes: Partial<QuizSettings>): Promise<void> {
  if (lesson.kind !== 'quiz') throw new TRPCError({ code: 'BAD_REQUEST', message: `quiz: a ${lesson.kind} lesson has no quiz settings` });
  const before = await readQuiz(tx, lesson._id);
  const after = await writeQuiz(tx, lesson._id, changes);
  await recordAudit(tx, { actor, action: 'course.quiz.update', target: lessonTarget(lesson._id), summary: quizUpdatedSummary(lesson.title, before, after) });
}

/** A 400 unless `taught` names a video or audio lesson (CONTRACT §8: the moment of one that teaches the answer). */
async function checkTaught(tx: Tx, taught: Taught | null): Promise<void> {
  if (!taught) return;
  const lesson = await findLesson(tx, taught.lessonId);
  if (!lesson || !isPlayed(lesson.kind))
    throw new TRPCError({ code: 'BAD_REQUEST', message: `taught.lessonId: no video or audio lesson with id '${taught.lessonId}'` });
}

const questionsRouter = router({
  /** POST /api/admin/course/lessons/{id}/questions: 201, placed last. */
  create: adminProcedure.input(questionCreateInput).mutation(async ({ ctx, input }) => {
    const { id, ...fields } = input;
    const question = await transaction(ctx.deps.db, async (tx) => {
      const lesson = await quizLesson(tx, id);
      await checkTaught(tx, fields.taught);
      const question = questionAnswer(await createQuestion(tx, id, fields));
      await recordAudit(tx, {
        actor: ctx.user,
        action: 'course.quiz.question.create',
        target: lessonTarget(id),
        summary: questionCreatedSummary(lesson.title, question),
      });
      return question;
    });
    ctx.log.info({ adminId: ctx.user.id, lessonId: id, questionId: question._id }, 'admin added a quiz question');
    return { question };
  }),

  /** PUT /api/admin/course/questions/{id}: the whole question; attempts already started keep their snapshot. */
  update: adminProcedure.input(questionUpdateInput).mutation(async ({ ctx, input }) => {
    const { id, ...fields } = input;
    const question = await transaction(ctx.deps.db, async (tx) => {
      const stored = await updateQuestion(tx, id, fields);
      if (!stored) throw noSuchQuestion(id);
      await checkTaught(tx, fields.taught);
      const lesson = (await findLesson(tx, stored.lessonId))!;
      const question = questionAnswer(stored);
      await recordAudit(tx, {
        actor: ctx.user,
        action: 'course.quiz.question.update',
        target: lessonTarget(lesson._id),
        summary: questionUpdatedSummary(lesson.title, question),
      });
      return question;
    });
    ctx.log.info({ adminId: ctx.user.id, questionId: id }, 'admin edited a quiz question');
    return { question };
  }),

  /** DELETE /api/admin/course/questions/{id} */
  delete: adminProcedure.input(questionIdInput).mutation(async ({ ctx, input }) => {
    await transaction(ctx.deps.db, async (tx) => {
      const deleted = await deleteQuestion(tx, input.id);
      if (!deleted) throw noSuchQuestion(input.id);
      const lesson = (await findLesson(tx, deleted.lessonId))!;
      await recordAudit(tx, {
        actor: ctx.user,
        action: 'course.quiz.question.delete',
        target: lessonTarget(lesson._id),
        summary: questionDeletedSummary(lesson.title, deleted),
      });
    });
    ctx.log.info({ adminId: ctx.user.id, questionId: input.id }, 'admin deleted a quiz question');
    return { message: QUIZ_MESSAGES.questionDeleted };
  }),

  /** PUT /api/admin/course/lessons/{id}/questions/order */
  order: adminProcedure.input(questionOrderInput).mutation(async ({ ctx, input }) => {
    const questions = await transaction(ctx.deps.db, async (tx) => {
      const lesson = await quizLesson(tx, input.id);
      const questions = await reorderQuestions(tx, input.id, input.ids);
      if (questions === 'mismatch') throw new TRPCError({ code: 'BAD_REQUEST', message: "ids must be every id of the quiz's questions, each once" });
      await recordAudit(tx, {
        actor: ctx.user,
        action: 'course.quiz.question.reorder',
        target: lessonTarget(input.id),
        summary: questionsReorderedSummary(lesson.title, questions),
      });
      return questions.map(questionAnswer);
    });
    ctx.log.info({ adminId: ctx.user.id, lessonId: input.id }, 'admin reordered the questions of a quiz');
    return { questions };
  }),
});

/** GET /api/admin/course/lessons/{id}/quiz-insights */
const insights = adminProcedure.input(lessonIdInput).query(async ({ ctx, input }) => {
  const lesson = await quizLesson(ctx.deps.db, input.id);
  const [questions, tallies] = await Promise.all([readQuestions(ctx.deps.db, [lesson._id]), readTallies(ctx.deps.db, lesson._id)]);
  return quizInsights(questions.get(lesson._id)!, tallies);
});

export const quizRouter = router({ ...memberCalls, insights, questions: questionsRouter, preview: previewRouter });
