// The member's own calls about their course (CONTRACT §4 "Member calls"): saving a lesson's
// progress, the progress over the course, the search, and the certificate it earns; and the certificate's
// public page data. Each asks the one access rule (access.ts) through the outline cache's tree,
// so that the hottest write of the product reads nothing but the session before it writes.
import { TRPCError } from '@trpc/server';
import { COURSE_MESSAGES, COURSE_NAME, PROGRESS_SECONDS_MAX, certificatePath } from '../../../shared/course';
import { certificateIdInput, courseSearchInput, progressSaveInput } from '../../../shared/course-schemas';
import { MESSAGES } from '../../../shared/messages';
import { QUIZ_MESSAGES } from '../../../shared/quiz';
import type { Context, SessionUser } from '../../trpc/context';
import { memberProcedure, publicProcedure } from '../../trpc/init';
import { findPublicUserById } from '../../users/data';
import { findCertificate, findCertificateOf, issueCertificate, type Certificate } from './certificate-data';
import { lessonInTree } from '../content/content-data';
import { noSuchLesson, requireOpen } from '../open-lesson';
import { autoCompleteAt, courseCompletedAt, courseProgress, progressAnswer } from './progress';
import { readMemberProgress, saveProgress, type Completion } from './progress-data';
import { searchCourse } from '../search/search';
import { countCourseSearch } from '../search/search-limit';
import { viewerOf } from '../viewer';

const sessionGone = () => new TRPCError({ code: 'UNAUTHORIZED', message: MESSAGES.sessionExpired });

/**
 * The member's certificate, issued now if every published lesson is complete; undefined before.
 * Once issued it is kept, whatever the course becomes.
 */
export async function earnedCertificate(ctx: Context, user: SessionUser): Promise<Certificate | undefined> {
  const db = ctx.deps.db;
  const kept = await findCertificateOf(db, user.id);
  if (kept) return kept;
  const completedAt = courseCompletedAt(await ctx.deps.courseTree.get(), await readMemberProgress(db, user.id));
  if (completedAt === null) return undefined;
  const member = await findPublicUserById(db, user.id);
  const issued = member && (await issueCertificate(db, { userId: user.id, name: member.name, completedAt }, ctx.deps.clock()));
  if (!issued) throw sessionGone();
  ctx.log.info({ userId: user.id, certificateId: issued.id }, 'member earned the course certificate');
  return issued;
}

const whole = (seconds: number) => Math.floor(seconds);

export const progressProcedures = {
  /** PUT /api/course/lessons/{id}/progress */
  saveProgress: memberProcedure.input(progressSaveInput).mutation(async ({ ctx, input }) => {
    const viewer = viewerOf(ctx.user);
    const now = ctx.deps.clock();
    const found = lessonInTree(await ctx.deps.courseTree.get(), input.id);
    requireOpen(viewer, input.id, found, now);
    const { lesson } = found!;
    // A quiz is completed by its attempts (CONTRACT §8), never by a mark.
    if (lesson.kind === 'quiz' && input.completed !== undefined)
      throw new TRPCError({ code: 'CONFLICT', message: input.completed ? QUIZ_MESSAGES.passToComplete : QUIZ_MESSAGES.completionFollowsAttempts });
    // Nothing to play past the end: a lesson without media plays nothing at all.
    const duration = lesson.durationSeconds ?? 0;
    const completeAt = autoCompleteAt(lesson);
    const completion: Completion = input.completed === true ? 'complete' : input.completed === false ? 'undo' : completeAt === null ? 'keep' : 'auto';
    const saved = await saveProgress(
      ctx.deps.db,
      {
        userId: ctx.user.id,
        lessonId: lesson._id,
        positionSeconds: whole(lesson.durationSeconds === null ? input.positionSeconds : Math.min(input.positionSeconds, lesson.durationSeconds)),
        playedSeconds: whole(Math.min(input.playedSeconds ?? 0, duration)),
        completion,
        completeAt: completeAt ?? PROGRESS_SECONDS_MAX,
      },
      now,
    );
    // Deleted since the tree was read: its rows went with it, and this one was refused.
    if (saved === 'no-lesson') throw noSuchLesson(input.id);
    // Completed by this very save: it may be the last lesson, which earns the certificate now.
    if (saved.completedAt === now) await earnedCertificate(ctx, ctx.user);
    return progressAnswer(saved);
  }),

  /** GET /api/course/progress */
  progress: memberProcedure.query(async ({ ctx }) => {
    const rows = await readMemberProgress(ctx.deps.db, ctx.user.id);
    return courseProgress(await ctx.deps.courseTree.get(), viewerOf(ctx.user), rows, ctx.deps.clock());
  }),

  /** GET /api/course/search?q */
  search: memberProcedure.input(courseSearchInput).query(async ({ ctx, input }) => {
    await countCourseSearch(ctx, ctx.user);
    return { results: await searchCourse(ctx.deps.db, await ctx.deps.courseTree.get(), viewerOf(ctx.user), input.q, ctx.deps.clock()) };
  }),

  /** GET /api/course/certificate */
  certificate: memberProcedure.query(async ({ ctx }) => {
    const certificate = await earnedCertificate(ctx, ctx.user);
    if (!certificate) throw new TRPCError({ code: 'NOT_FOUND', message: COURSE_MESSAGES.certificateNotEarned });
    return { _id: certificate.id, url: certificatePath(certificate.id) };
  }),

  /** GET /api/certificates/{id}: public, for anyone to check. */
  publicCertificate: publicProcedure.input(certificateIdInput).query(async ({ ctx, input }) => {
    const certificate = await findCertificate(ctx.deps.db, input.id);
    if (!certificate) throw new TRPCError({ code: 'NOT_FOUND', message: `No certificate with id '${input.id}'` });
    return { name: certificate.name, course: COURSE_NAME, completedAt: new Date(certificate.completedAt).toISOString() };
  }),
};
