// The discussion's procedures (CONTRACT §9 "Comments"): a member's comments on a lesson, and the
// admins' moderation. Every member call asks the one access rule about the comment's lesson, as
// the lesson and quiz calls do (course/open-lesson.ts): a lesson the member can no longer open
// (a downgrade, a drip change) takes its discussion with it.
import { TRPCError } from '@trpc/server';
import { isPlayed } from '../../shared/course';
import { COMMENT_EDIT_WINDOW_MS, DISCUSSION_MESSAGES, type Comment } from '../../shared/discussion';
import {
  adminCommentListInput,
  adminCommentUpdateInput,
  commentBanInput,
  commentEditInput,
  commentIdInput,
  commentListInput,
  commentPostInput,
  commentReportInput,
} from '../../shared/discussion-schemas';
import type { z } from 'zod';
import type { exportedCommentSchema } from '../../shared/discussion-answer-schemas';
import { recordAudit } from '../audit/record';
import { findLessonWithModule, type CourseLesson } from '../course/content/content-data';
import { noSuchLesson, requireOpen } from '../course/open-lesson';
import { viewerOf } from '../course/viewer';
import { isForeignKeyViolation } from '../db/errors';
import { transaction } from '../db/transaction';
import { commitThenPublish } from '../events/after-commit';
import { isoTime } from '../lib/iso-time';
import type { Context, SessionUser } from '../trpc/context';
import { adminProcedure, memberProcedure, router } from '../trpc/init';
import { noSuchUser } from '../users/refusals';
import { userTarget } from '../users/user-audit';
import { findPublicUserById } from '../users/data';
import { adminCommentAnswer, commentAnswer } from './comment-answers';
import { countCommentPost } from './comment-limit';
import { mailAnswered, mailReply } from './comment-mails';
import { renderComment } from './comment-markdown';
import { markLetThrough, readStanding, readStandings, setBan } from './comment-members-data';
import {
  BadCursor,
  canRead,
  commentsOf,
  countByAuthor,
  deleteComment,
  editComment,
  findAdminRow,
  findComment,
  insertComment,
  moderateComment,
  readLessonPage,
  readQueuePage,
  readReplies,
  readReports,
  reportComment,
  type CommentRow,
  type Reader,
} from './comments-data';
import { commentBanSummary, commentDeletedSummary, commentExcerpt, commentModeratedSummary, commentTarget } from './discussion-audit';

type MemberContext = Context & { user: SessionUser };

const noSuchComment = (id: string) => new TRPCError({ code: 'NOT_FOUND', message: `No comment with id '${id}'` });
const refuse = (message: string) => new TRPCError({ code: 'BAD_REQUEST', message });
const forbid = (message: string) => new TRPCError({ code: 'FORBIDDEN', message });
const badCursor = () => refuse('cursor: not a cursor this list gave');
const utcDay = (ms: number) => new Date(ms).toISOString().slice(0, 10);

const readerOf = (user: SessionUser): Reader => ({ id: user.id, admin: user.role === 'admin' });

/** The lesson `id`, if the member may open it (404 or 403 otherwise, as the lesson call answers). */
async function openLesson(ctx: MemberContext, id: string): Promise<CourseLesson> {
  const found = await findLessonWithModule(ctx.deps.db, id);
  requireOpen(viewerOf(ctx.user), id, found, ctx.deps.clock());
  return found!.lesson;
}

/** The comment `id` as the member may see it, past the access rule of its lesson; one they may not see is a 404. */
async function readableComment(ctx: MemberContext, id: string): Promise<CommentRow> {
  const row = await findComment(ctx.deps.db, id);
  if (!row || !canRead(readerOf(ctx.user), row)) throw noSuchComment(id);
  await openLesson(ctx, row.lessonId);
  return row;
}

/** The comment as its reader gets it, a top-level one with the replies they may see. */
async function answerOf(ctx: MemberContext, row: CommentRow): Promise<Comment> {
  const reader = readerOf(ctx.user);
  const replies = row.parentId === null ? await readReplies(ctx.deps.db, [row.id], reader) : [];
  return commentAnswer(row, reader, replies);
}

/** Whether the member may post now: a proved address and no ban (403 in words otherwise). */
async function checkPoster(ctx: MemberContext): Promise<{ letThrough: boolean }> {
  const [user, standing] = await Promise.all([findPublicUserById(ctx.deps.db, ctx.user.id), readStanding(ctx.deps.db, ctx.user.id)]);
  if (!user?.emailVerified) throw forbid(DISCUSSION_MESSAGES.needsVerifiedEmail);
  if (standing.bannedUntil !== null && standing.bannedUntil > ctx.deps.clock()) throw forbid(DISCUSSION_MESSAGES.banned(utcDay(standing.bannedUntil)));
  return { letThrough: standing.letThroughAt !== null };
}

/** A 400 unless the moment is within the lesson's media. */
function checkMoment(lesson: CourseLesson, atSeconds: number | null): void {
  if (atSeconds === null) return;
  if (!isPlayed(lesson.kind)) throw refuse(DISCUSSION_MESSAGES.noMedia);
  if (lesson.durationSeconds !== null && atSeconds > lesson.durationSeconds) throw refuse(DISCUSSION_MESSAGES.pastTheEnd(lesson.durationSeconds));
}

/** A 400 unless `parentId` names a top-level comment of this lesson that the member may see and that is not deleted. */
async function checkParent(ctx: MemberContext, lessonId: string, parentId: string | null): Promise<void> {
  if (parentId === null) return;
  const parent = await findComment(ctx.deps.db, parentId);
  if (!parent || !canRead(readerOf(ctx.user), parent)) throw refuse(DISCUSSION_MESSAGES.noSuchParent(parentId));
  if (parent.parentId !== null) throw refuse(DISCUSSION_MESSAGES.parentIsReply);
  if (parent.lessonId !== lessonId) throw refuse(DISCUSSION_MESSAGES.parentOnOtherLesson);
  if (parent.status === 'deleted') throw refuse(DISCUSSION_MESSAGES.parentDeleted);
}

const memberCalls = {
  /** GET /api/course/lessons/{id}/comments */
  list: memberProcedure.input(commentListInput).query(async ({ ctx, input }) => {
    await openLesson(ctx, input.id);
    const reader = readerOf(ctx.user);
    try {
      const page = await readLessonPage(ctx.deps.db, input.id, reader, input.cursor);
      return { comments: page.threads.map(({ comment, replies }) => commentAnswer(comment, reader, replies)), nextCursor: page.nextCursor };
    } catch (error) {
      if (error instanceof BadCursor) throw badCursor();
      throw error;
    }
  }),

  /** POST /api/course/lessons/{id}/comments: 201. */
  post: memberProcedure.input(commentPostInput).mutation(async ({ ctx, input }) => {
    const lesson = await openLesson(ctx, input.id);
    const { letThrough } = await checkPoster(ctx);
    const atSeconds = input.atSeconds == null ? null : Math.floor(input.atSeconds);
    const parentId = input.parentId ?? null;
    checkMoment(lesson, atSeconds);
    await checkParent(ctx, lesson._id, parentId);
    await countCommentPost(ctx, ctx.user);
    const held = ctx.user.role !== 'admin' && ctx.deps.config.commentsReviewFirst && !letThrough;
    const now = ctx.deps.clock();
    let id: string;
    try {
      id = await commitThenPublish(ctx.deps, async (tx, events) => {
        const inserted = await insertComment(
          tx,
          events,
          {
            lessonId: lesson._id,
            parentId,
            authorId: ctx.user.id,
            body: input.body,
            html: renderComment(input.body),
            atSeconds,
            status: held ? 'held' : 'visible',
          },
          now,
        );
        if (parentId !== null) await mailReply(tx, events, ctx.deps.config.appUrl, inserted, now);
        return inserted;
      });
    } catch (error) {
      // The lesson or the parent went between the checks and the write.
      if (isForeignKeyViolation(error)) throw parentId === null ? noSuchLesson(input.id) : refuse(DISCUSSION_MESSAGES.noSuchParent(parentId));
      throw error;
    }
    ctx.log.info({ userId: ctx.user.id, lessonId: lesson._id, commentId: id, held }, 'member posted a comment');
    return { comment: await answerOf(ctx, (await findComment(ctx.deps.db, id))!) };
  }),

  /** PUT /api/course/comments/{id}: its author, within 15 minutes. */
  edit: memberProcedure.input(commentEditInput).mutation(async ({ ctx, input }) => {
    const row = await readableComment(ctx, input.id);
    if (row.status === 'deleted') throw forbid(DISCUSSION_MESSAGES.stubNotEditable);
    if (row.authorId !== ctx.user.id) throw forbid(DISCUSSION_MESSAGES.notYours);
    const now = ctx.deps.clock();
    if (now - row.createdAt > COMMENT_EDIT_WINDOW_MS) throw forbid(DISCUSSION_MESSAGES.editWindowOver);
    await commitThenPublish(ctx.deps, (tx, events) => editComment(tx, events, row, { body: input.body, html: renderComment(input.body) }, now));
    return { comment: await answerOf(ctx, (await findComment(ctx.deps.db, row.id)) ?? row) };
  }),

  /** DELETE /api/course/comments/{id}: its author or an admin; an admin's deletion is in the audit trail. */
  delete: memberProcedure.input(commentIdInput).mutation(async ({ ctx, input }) => {
    const row = await readableComment(ctx, input.id);
    if (row.status === 'deleted') throw noSuchComment(input.id);
    const admin = ctx.user.role === 'admin';
    if (row.authorId !== ctx.user.id && !admin) throw forbid(DISCUSSION_MESSAGES.deleteNotAllowed);
    await commitThenPublish(ctx.deps, async (tx, events) => {
      const current = await findAdminRow(tx, row.id);
      if (!current || current.status === 'deleted') throw noSuchComment(input.id);
      const result = await deleteComment(tx, events, current);
      if (admin)
        await recordAudit(tx, {
          actor: ctx.user,
          action: 'comment.delete',
          target: commentTarget(current.id),
          summary: commentDeletedSummary(commentExcerpt(current.body), current.lessonTitle, current.authorEmail, result === 'stub'),
        });
    });
    ctx.log.info({ userId: ctx.user.id, commentId: row.id }, admin ? 'admin deleted a comment' : 'member deleted their comment');
    return { message: DISCUSSION_MESSAGES.deleted };
  }),

  /** POST /api/course/comments/{id}/report: once per member and comment; a second report changes nothing. */
  report: memberProcedure.input(commentReportInput).mutation(async ({ ctx, input }) => {
    const row = await readableComment(ctx, input.id);
    if (row.status === 'deleted') throw noSuchComment(input.id);
    const recorded = await transaction(ctx.deps.db, (tx) =>
      reportComment(tx, { commentId: row.id, userId: ctx.user.id, reason: input.reason }, ctx.deps.clock()),
    );
    if (recorded) ctx.log.info({ userId: ctx.user.id, commentId: row.id }, 'member reported a comment');
    return { message: DISCUSSION_MESSAGES.reported };
  }),
};

/** The queue items of these rows: their reports, their authors' standing and counts. */
async function adminAnswers(ctx: Context, rows: Awaited<ReturnType<typeof readQueuePage>>['rows']) {
  const db = ctx.deps.db;
  const authorIds = [...new Set(rows.flatMap((row) => (row.authorId === null ? [] : [row.authorId])))];
  const [reports, standings, counts] = await Promise.all([
    readReports(
      db,
      rows.map((row) => row.id),
    ),
    readStandings(db, authorIds),
    countByAuthor(db, authorIds),
  ]);
  return rows.map((row) =>
    adminCommentAnswer(
      row,
      reports.filter((report) => report.commentId === row.id),
      row.authorId === null ? undefined : standings.get(row.authorId),
      row.authorId === null ? 0 : (counts.get(row.authorId) ?? 0),
    ),
  );
}

/** A date (the start of that day, UTC) or a date and time, as milliseconds. */
const untilMs = (until: string) => Date.parse(until.length === 10 ? `${until}T00:00:00.000Z` : until);

const adminCalls = {
  /** GET /api/admin/comments?status&cursor */
  queue: adminProcedure.input(adminCommentListInput).query(async ({ ctx, input }) => {
    try {
      const page = await readQueuePage(ctx.deps.db, input.status, input.cursor);
      return { comments: await adminAnswers(ctx, page.rows), nextCursor: page.nextCursor };
    } catch (error) {
      if (error instanceof BadCursor) throw badCursor();
      throw error;
    }
  }),

  /** PUT /api/admin/comments/{id} `{status?, answered?, pinned?}` */
  moderate: adminProcedure.input(adminCommentUpdateInput).mutation(async ({ ctx, input }) => {
    const { id, ...changes } = input;
    const now = ctx.deps.clock();
    await commitThenPublish(ctx.deps, async (tx, events) => {
      const row = await findAdminRow(tx, id);
      if (!row) throw noSuchComment(id);
      if (row.status === 'deleted') throw new TRPCError({ code: 'CONFLICT', message: DISCUSSION_MESSAGES.stubNotEditable });
      await moderateComment(tx, events, row, changes);
      // Letting one through lets its author's later comments through at once (COMMENTS_REVIEW_FIRST).
      if (changes.status === 'visible' && row.authorId !== null) await markLetThrough(tx, row.authorId, now);
      // A reply let through is heard of now, as if it had just been posted (decision 055).
      if (changes.status === 'visible' && row.status !== 'visible') await mailReply(tx, events, ctx.deps.config.appUrl, row.id, now);
      // A question marked answered (not one it was already, nor the admin's own, nor one members cannot see) mails its author once.
      const answeredNow = changes.answered === true && !row.answered && (changes.status ?? row.status) === 'visible' && row.authorId !== ctx.user.id;
      if (answeredNow) await mailAnswered(tx, events, ctx.deps.config.appUrl, row, now);
      await recordAudit(tx, {
        actor: ctx.user,
        action: 'comment.update',
        target: commentTarget(id),
        summary: commentModeratedSummary(
          commentExcerpt(row.body),
          row.lessonTitle,
          { status: row.status, answered: row.answered, pinned: row.pinned },
          changes,
        ),
      });
    });
    ctx.log.info({ adminId: ctx.user.id, commentId: id, ...changes }, 'admin moderated a comment');
    const [item] = await adminAnswers(ctx, [(await findAdminRow(ctx.deps.db, id))!]);
    return { comment: item! };
  }),

  /** PUT /api/admin/users/{id}/comment-ban `{until}` */
  ban: adminProcedure.input(commentBanInput).mutation(async ({ ctx, input }) => {
    const until = input.until === null ? null : untilMs(input.until);
    await transaction(ctx.deps.db, async (tx) => {
      if (!(await findPublicUserById(tx, input.id))) throw noSuchUser(input.id);
      await setBan(tx, input.id, until);
      await recordAudit(tx, {
        actor: ctx.user,
        action: 'comment.ban',
        target: userTarget(input.id),
        summary: commentBanSummary(until === null ? null : isoTime(until)),
      });
    });
    ctx.log.info({ adminId: ctx.user.id, userId: input.id, until }, until === null ? 'admin lifted a comment ban' : 'admin banned a member from commenting');
    return {
      message: until === null ? DISCUSSION_MESSAGES.banLifted : DISCUSSION_MESSAGES.bannedUntil(isoTime(until)),
      bannedUntil: until === null ? null : isoTime(until),
    };
  }),
};

export const discussionRouter = router({ ...memberCalls, admin: router(adminCalls) });

/**
 * The member's comments for their data export (CONTRACT §5), which composition hands the account's
 * export route: kept out of /trpc, as the export's other parts are, so no export goes unrecorded.
 */
export const discussionExportRouter = router({
  comments: memberProcedure.query(async ({ ctx }) => ({
    comments: (await commentsOf(ctx.deps.db, ctx.user.id)).map((row): z.infer<typeof exportedCommentSchema> => ({
      _id: row.id,
      lessonId: row.lessonId,
      parentId: row.parentId,
      body: row.body,
      atSeconds: row.atSeconds,
      createdAt: isoTime(row.createdAt),
      editedAt: row.editedAt === null ? null : isoTime(row.editedAt),
      status: row.status,
    })),
  })),
});

/**
 * The opening of a lesson's event stream (GET /api/course/lessons/{id}/comments/events), which
 * composition hands the streaming route: kept out of /trpc, where a stream has no place. The same
 * guard and access rule as the list, so the same refusals; then who reads, with which session.
 */
export const discussionStreamRouter = router({
  open: memberProcedure.input(commentIdInput).query(async ({ ctx, input }) => {
    await openLesson(ctx, input.id);
    return { userId: ctx.user.id, tokenId: ctx.token.tokenId, issuedAtMs: ctx.token.issuedAtMs };
  }),
});
