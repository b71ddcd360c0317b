// The course's procedures (CONTRACT §4 "Member calls" and "Admin calls"). Every answer about a
// lesson goes through the one access rule (access.ts).
import { TRPCError } from '@trpc/server';
import { COURSE_MESSAGES } from '../../shared/course';
import { DAY_MS } from '../../shared/constants';
import {
  courseFileIdInput,
  coursePreviewInput,
  lessonBodyInput,
  lessonCreateInput,
  lessonIdInput,
  lessonOrderInput,
  lessonUpdateInput,
  moduleCreateInput,
  moduleIdInput,
  moduleOrderInput,
  moduleUpdateInput,
} from '../../shared/course-schemas';
import { recordAudit } from '../audit/record';
import { courseProgress } from '../db/schema';
import { holdWrites } from '../db/transaction';
import { commitThenPublish } from '../events/after-commit';
import type { Context } from '../trpc/context';
import { adminProcedure, memberProcedure, publicProcedure, router } from '../trpc/init';
import type { CourseViewer } from './access';
import {
  createLesson,
  createModule,
  deleteLesson,
  deleteModule,
  findLesson,
  findLessonWithModule,
  findModule,
  readFullCourse,
  reorderLessons,
  reorderModules,
  updateLesson,
  updateModule,
} from './content/content-data';
import { fileUrlFor, lessonFileUrls, lessonImages } from './files/file-answers';
import { lessonStream } from './stream/stream-answers';
import { streamProcedures } from './stream/stream-router';
import { insightsAnswer } from './insights/insights';
import { readInsightTotals } from './insights/insights-data';
import { deleteFile, deleteLessonFiles, filesByLesson, listLessonFiles } from './files/files-data';
import { removeStoredFiles } from './files/files-disk';
import {
  COURSE_TARGET,
  fileDeletedSummary,
  lessonCreatedSummary,
  lessonDeletedSummary,
  lessonsReorderedSummary,
  lessonTarget,
  lessonUpdatedSummary,
  moduleCreatedSummary,
  moduleDeletedSummary,
  modulesReorderedSummary,
  moduleTarget,
  moduleUpdatedSummary,
} from './course-audit';
import { renderLessonBody } from './content/markdown';
import { noSuchLesson, requireOpen } from './open-lesson';
import { neighbours, outlineFor } from './content/outline';
import { progressAnswer } from './progress/progress';
import { readLessonProgress } from './progress/progress-data';
import { progressProcedures } from './progress/progress-router';
import { viewerOf } from './viewer';
import { withQuiz, withQuizzes } from './quiz/lesson-quiz';
import { questionAnswer, readQuestions } from './quiz/quiz-data';
import { memberQuiz, quizRouter, saveQuizSettings } from './quiz/quiz-router';

const noSuchModule = (id: string) => new TRPCError({ code: 'NOT_FOUND', message: `No module with id '${id}'` });
const unknownModuleField = (id: string) => new TRPCError({ code: 'BAD_REQUEST', message: `moduleId: no module with id '${id}'` });

/**
 * The outline's bearer is optional: no token, or one that stands for no active member (expired,
 * signed out, suspended), gets the visitor's outline rather than an error, so that a stale token
 * in a browser never breaks the courses page.
 */
async function optionalViewer(ctx: Context): Promise<CourseViewer | null> {
  const session = await ctx.session();
  if ('failure' in session || session.user.status !== 'active') return null;
  return viewerOf(session.user);
}

const modulesRouter = router({
  create: adminProcedure.input(moduleCreateInput).mutation(async ({ ctx, input }) => {
    const module = await commitThenPublish(ctx.deps, async (tx, events) => {
      const module = await createModule(tx, events, input);
      await recordAudit(tx, { actor: ctx.user, action: 'course.module.create', target: moduleTarget(module._id), summary: moduleCreatedSummary(module) });
      return module;
    });
    ctx.log.info({ adminId: ctx.user.id, moduleId: module._id }, 'admin created a course module');
    return { module };
  }),

  update: adminProcedure.input(moduleUpdateInput).mutation(async ({ ctx, input }) => {
    const { id, ...changes } = input;
    const module = await commitThenPublish(ctx.deps, async (tx, events) => {
      const before = await findModule(tx, id);
      const after = before && (await updateModule(tx, events, id, changes));
      if (!before || !after) throw noSuchModule(id);
      await recordAudit(tx, { actor: ctx.user, action: 'course.module.update', target: moduleTarget(id), summary: moduleUpdatedSummary(before, after) });
      return after;
    });
    ctx.log.info({ adminId: ctx.user.id, moduleId: id }, 'admin updated a course module');
    return { module };
  }),

  delete: adminProcedure.input(moduleIdInput).mutation(async ({ ctx, input }) => {
    await commitThenPublish(ctx.deps, async (tx, events) => {
      const deleted = await deleteModule(tx, events, input.id);
      if (!deleted) throw noSuchModule(input.id);
      if (deleted === 'has-lessons') throw new TRPCError({ code: 'CONFLICT', message: COURSE_MESSAGES.moduleHasLessons });
      await recordAudit(tx, { actor: ctx.user, action: 'course.module.delete', target: moduleTarget(input.id), summary: moduleDeletedSummary(deleted) });
    });
    ctx.log.info({ adminId: ctx.user.id, moduleId: input.id }, 'admin deleted a course module');
    return { message: COURSE_MESSAGES.moduleDeleted };
  }),

  order: adminProcedure.input(moduleOrderInput).mutation(async ({ ctx, input }) => {
    const modules = await commitThenPublish(ctx.deps, async (tx, events) => {
      const modules = await reorderModules(tx, events, input.ids);
      if (modules === 'mismatch') throw new TRPCError({ code: 'BAD_REQUEST', message: "ids must be every module's id, each once" });
      await recordAudit(tx, { actor: ctx.user, action: 'course.module.reorder', target: COURSE_TARGET, summary: modulesReorderedSummary(modules) });
      return modules;
    });
    ctx.log.info({ adminId: ctx.user.id }, 'admin reordered the course modules');
    return { modules };
  }),
});

const lessonsRouter = router({
  create: adminProcedure.input(lessonCreateInput).mutation(async ({ ctx, input }) => {
    const lesson = await commitThenPublish(ctx.deps, async (tx, events) => {
      const module = await findModule(tx, input.moduleId);
      const lesson = module && (await createLesson(tx, events, input));
      if (!module || !lesson || lesson === 'no-module') throw unknownModuleField(input.moduleId);
      await recordAudit(tx, {
        actor: ctx.user,
        action: 'course.lesson.create',
        target: lessonTarget(lesson._id),
        summary: lessonCreatedSummary(lesson, module.title),
      });
      return lesson;
    });
    ctx.log.info({ adminId: ctx.user.id, lessonId: lesson._id }, 'admin created a lesson');
    return { lesson: await withQuiz(ctx.deps.db, lesson) };
  }),

  update: adminProcedure.input(lessonUpdateInput).mutation(async ({ ctx, input }) => {
    const { id, quiz, ...changes } = input;
    const lesson = await commitThenPublish(ctx.deps, async (tx, events) => {
      // A new publication or module moves the lesson's rows in the insights' totals (decision 032).
      if (changes.published !== undefined || changes.moduleId !== undefined) await holdWrites(tx, courseProgress);
      const before = await findLesson(tx, id);
      if (!before) throw noSuchLesson(id);
      const after = await updateLesson(tx, events, id, changes);
      if (!after) throw noSuchLesson(id);
      if (after === 'no-module') throw unknownModuleField(changes.moduleId!);
      if (quiz !== undefined) await saveQuizSettings(tx, ctx.user, after, quiz);
      // A call that sets only the quiz is the quiz's entry alone.
      if (quiz === undefined || Object.values(changes).some((value) => value !== undefined)) {
        const titles = new Map<string, string>();
        for (const moduleId of new Set([before.moduleId, after.moduleId])) titles.set(moduleId, (await findModule(tx, moduleId))?.title ?? moduleId);
        await recordAudit(tx, {
          actor: ctx.user,
          action: 'course.lesson.update',
          target: lessonTarget(id),
          summary: lessonUpdatedSummary(before, after, (moduleId) => titles.get(moduleId) ?? moduleId),
        });
      }
      return after;
    });
    ctx.log.info({ adminId: ctx.user.id, lessonId: id }, 'admin updated a lesson');
    return { lesson: await withQuiz(ctx.deps.db, lesson) };
  }),

  delete: adminProcedure.input(lessonIdInput).mutation(async ({ ctx, input }) => {
    // Its files' rows go in the same transaction; their bytes once it has committed.
    const storedNames = await commitThenPublish(ctx.deps, async (tx, events) => {
      // Its rows leave the insights' totals (decision 032).
      await holdWrites(tx, courseProgress);
      const storedNames = await deleteLessonFiles(tx, events, input.id);
      const deleted = await deleteLesson(tx, events, input.id);
      if (!deleted) throw noSuchLesson(input.id);
      await recordAudit(tx, { actor: ctx.user, action: 'course.lesson.delete', target: lessonTarget(input.id), summary: lessonDeletedSummary(deleted) });
      return storedNames;
    });
    await removeStoredFiles(ctx.deps.courseFiles.root, storedNames, ctx.log);
    ctx.log.info({ adminId: ctx.user.id, lessonId: input.id }, 'admin deleted a lesson');
    return { message: COURSE_MESSAGES.lessonDeleted };
  }),
  /**
   * The lesson editor's live preview (tRPC only, no REST row: not a CONTRACT call): the body as
   * typed, through the one renderer members get, so the admin never sees a second rendering; with
   * `lessonId`, that lesson's image attachments show as they will (signed for this admin). A
   * mutation only because a body of up to 200,000 characters does not fit in a query's URL; it
   * changes nothing.
   */
  render: adminProcedure.input(lessonBodyInput).mutation(async ({ ctx, input }) => {
    if (input.lessonId === undefined) return { html: renderLessonBody(input.body) };
    if (!(await findLesson(ctx.deps.db, input.lessonId))) throw noSuchLesson(input.lessonId);
    const files = await listLessonFiles(ctx.deps.db, input.lessonId);
    return { html: renderLessonBody(input.body, lessonImages(files, fileUrlFor(ctx.deps, ctx.user.id, ctx.token.issuedAtMs))) };
  }),

  /** The lessons of module `id`, in a new order. */
  order: adminProcedure.input(lessonOrderInput).mutation(async ({ ctx, input }) => {
    const lessons = await commitThenPublish(ctx.deps, async (tx, events) => {
      const module = await findModule(tx, input.id);
      const lessons = module && (await reorderLessons(tx, events, input.id, input.ids));
      if (!module || !lessons || lessons === 'no-module') throw noSuchModule(input.id);
      if (lessons === 'mismatch') throw new TRPCError({ code: 'BAD_REQUEST', message: "ids must be every id of the module's lessons, each once" });
      await recordAudit(tx, {
        actor: ctx.user,
        action: 'course.lesson.reorder',
        target: moduleTarget(input.id),
        summary: lessonsReorderedSummary(module.title, lessons),
      });
      return lessons;
    });
    ctx.log.info({ adminId: ctx.user.id, moduleId: input.id }, 'admin reordered the lessons of a course module');
    return { lessons: await withQuizzes(ctx.deps.db, lessons) };
  }),
});

const filesRouter = router({
  /** DELETE /api/admin/course/files/{id}: the lesson as it is without the file. */
  delete: adminProcedure.input(courseFileIdInput).mutation(async ({ ctx, input }) => {
    const { file, lesson } = await commitThenPublish(ctx.deps, async (tx, events) => {
      // A media file takes the lesson's duration along, which the insights' totals count by (decision 032).
      await holdWrites(tx, courseProgress);
      const file = await deleteFile(tx, events, input.id);
      if (!file) throw new TRPCError({ code: 'NOT_FOUND', message: `No file with id '${input.id}'` });
      const lesson = (await findLesson(tx, file.lessonId))!;
      await recordAudit(tx, {
        actor: ctx.user,
        action: 'course.file.delete',
        target: lessonTarget(lesson._id),
        summary: fileDeletedSummary(lesson.title, file),
      });
      return { file, lesson };
    });
    await removeStoredFiles(ctx.deps.courseFiles.root, [file.storedName], ctx.log);
    ctx.log.info({ adminId: ctx.user.id, lessonId: lesson._id, fileId: file.id }, 'admin deleted a lesson file');
    return { lesson: await withQuiz(ctx.deps.db, lesson) };
  }),

  ...streamProcedures,
});

export const courseRouter = router({
  /** GET /api/course: the published outline, locked lessons marked for the caller. */
  outline: publicProcedure.query(async ({ ctx }) => {
    const viewer = await optionalViewer(ctx);
    return outlineFor(await ctx.deps.courseTree.get(), viewer, ctx.deps.clock());
  }),

  /** GET /api/course/lessons/{id}: a lesson the caller may open, its body rendered. */
  lesson: memberProcedure.input(lessonIdInput).query(async ({ ctx, input }) => {
    const viewer = viewerOf(ctx.user);
    const found = await findLessonWithModule(ctx.deps.db, input.id);
    const now = ctx.deps.clock();
    requireOpen(viewer, input.id, found, now);
    const { lesson } = found!;
    // Rendered for this member at each call, never kept: its image URLs are signed for them and expire.
    const files = await listLessonFiles(ctx.deps.db, lesson._id);
    const url = fileUrlFor(ctx.deps, ctx.user.id, ctx.token.issuedAtMs);
    const media = files.find((file) => file.role === 'media');
    const stream = media ? await lessonStream(ctx.deps, media.id, ctx.user.id, ctx.token.issuedAtMs) : null;
    return {
      lesson: {
        _id: lesson._id,
        moduleId: lesson.moduleId,
        title: lesson.title,
        summary: lesson.summary,
        kind: lesson.kind,
        durationSeconds: lesson.durationSeconds,
        html: renderLessonBody(lesson.body, lessonImages(files, url)),
        // Only here, past the access rule: a locked lesson never carries a URL.
        ...lessonFileUrls(files, url, stream),
      },
      progress: progressAnswer(await readLessonProgress(ctx.deps.db, ctx.user.id, lesson._id)),
      quiz: lesson.kind === 'quiz' ? await memberQuiz(ctx, ctx.user.id, lesson._id) : null,
      ...neighbours(await ctx.deps.courseTree.get(), viewer, lesson._id, now),
    };
  }),

  /** GET /api/admin/course: everything, drafts and bodies included. */
  content: adminProcedure.query(async ({ ctx }) => {
    const [modules, files] = await Promise.all([readFullCourse(ctx.deps.db), filesByLesson(ctx.deps.db)]);
    const lessons = await withQuizzes(
      ctx.deps.db,
      modules.flatMap((module) => module.lessons),
    );
    const quizIds = lessons.filter((lesson) => lesson.kind === 'quiz').map((lesson) => lesson._id);
    const questions = await readQuestions(ctx.deps.db, quizIds);
    const byId = new Map(lessons.map((lesson) => [lesson._id, lesson]));
    return {
      modules: modules.map((module) => ({
        ...module,
        lessons: module.lessons.map((lesson) => ({
          ...byId.get(lesson._id)!,
          files: files.get(lesson._id) ?? [],
          questions: (questions.get(lesson._id) ?? []).map(questionAnswer),
        })),
      })),
    };
  }),

  /** GET /api/admin/course/preview: the outline as a member of `tier` sees it `day` days after becoming an Architect. */
  preview: adminProcedure.input(coursePreviewInput).query(async ({ ctx, input }) => {
    const now = ctx.deps.clock();
    const viewer: CourseViewer = { role: 'user', tier: input.tier, paidSince: input.tier === 'paid' ? now - input.day * DAY_MS : null };
    return outlineFor(await ctx.deps.courseTree.get(), viewer, now);
  }),

  /** GET /api/admin/course/insights: members, modules and lessons started and completed (decision 032). */
  insights: adminProcedure.query(async ({ ctx }) => insightsAnswer(await readInsightTotals(ctx.deps.db))),

  ...progressProcedures,

  modules: modulesRouter,
  lessons: lessonsRouter,
  files: filesRouter,
  quiz: quizRouter,
});
