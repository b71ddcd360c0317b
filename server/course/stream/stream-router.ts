// The stream room's procedure (CONTRACT §7 "Delivery"): the Course Manager's Retry, which queues a
// media file's transcode again. Merged into the course router's files (router.ts).
import { TRPCError } from '@trpc/server';
import { courseFileIdInput } from '../../../shared/course-schemas';
import { recordAudit } from '../../audit/record';
import { commitThenPublish } from '../../events/after-commit';
import { adminProcedure } from '../../trpc/init';
import { findLesson } from '../content/content-data';
import { fileTranscodeSummary, lessonTarget } from '../course-audit';
import { queueTranscode } from '../transcode-queue';
import { findMediaFile, findStream, type TranscodeStanding } from './stream-data';

export const TRANSCODE_MESSAGES = {
  busy: "This file's transcode is already queued or running",
  noSuchMedia: (id: string) => `No media file with id '${id}'`,
} as const;

export const streamProcedures = {
  /** POST /api/admin/course/files/{id}/transcode: queued again, unless it already is (or runs): 409. */
  transcode: adminProcedure.input(courseFileIdInput).mutation(async ({ ctx, input }) => {
    const { transcode, lessonId } = await commitThenPublish(ctx.deps, async (tx, events) => {
      const file = await findMediaFile(tx, input.id);
      if (!file) throw new TRPCError({ code: 'NOT_FOUND', message: TRANSCODE_MESSAGES.noSuchMedia(input.id) });
      const before = await findStream(tx, input.id);
      if (before?.state === 'queued' || before?.state === 'running') throw new TRPCError({ code: 'CONFLICT', message: TRANSCODE_MESSAGES.busy });
      await queueTranscode(tx, events, input.id);
      const lesson = (await findLesson(tx, file.lessonId))!;
      await recordAudit(tx, {
        actor: ctx.user,
        action: 'course.file.transcode',
        target: lessonTarget(lesson._id),
        summary: fileTranscodeSummary(lesson.title, file, before?.state ?? 'never queued'),
      });
      const transcode: TranscodeStanding = { state: 'queued', percent: 0, error: null };
      return { transcode, lessonId: lesson._id };
    });
    ctx.log.info({ adminId: ctx.user.id, lessonId, fileId: input.id }, "admin queued a lesson media file's transcode again");
    return { transcode };
  }),
};
