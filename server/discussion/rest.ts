// The discussion over REST (CONTRACT §2 and §9 "Comments"), each row calling its procedure of
// discussionRouter: what members call under /api/course, and the admins' moderation.
import { messageAnswer } from '../../shared/answer-schemas';
import { COMMENTS_PAGE_SIZE, DISCUSSION_MESSAGES } from '../../shared/discussion';
import { adminCommentAnswer, adminCommentPageSchema, commentAnswer, commentBanAnswer, commentPageSchema } from '../../shared/discussion-answer-schemas';
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
import { asIs } from '../http/answers';
import { restRowsOf, type RestSection } from '../http/rest-rows';
import { createCallerFactory } from '../trpc/init';
import { discussionRouter } from './discussion-router';

const { row } = restRowsOf(createCallerFactory(discussionRouter));

const LOCKED = 'As for reading the lesson: "This lesson is for Architects", or "This module opens on YYYY-MM-DD" (UTC).';
const VISIBILITY =
  'A member sees visible comments, their own held ones, and deleted ones that have replies as stubs (no author, no body); ' +
  'admins see every comment, held and hidden ones too.';

export const discussionRest: RestSection = {
  tag: 'Discussion',
  rows: [
    row({
      method: 'GET',
      url: '/api/course/lessons/:id/comments',
      access: 'member',
      summary: "A page of a lesson's discussion: top-level comments with their replies",
      description: `Pinned first, then newest first, ${COMMENTS_PAGE_SIZE} a page; replies oldest first. ${VISIBILITY} Same access rule as reading the lesson.`,
      input: commentListInput,
      answer: asIs(commentPageSchema),
      refusals: { 400: 'Or the cursor is not one this list gave.', 403: LOCKED, 404: 'No lesson with that id, or a draft.' },
      procedure: (c) => c.list,
    }),
    row({
      method: 'POST',
      url: '/api/course/lessons/:id/comments',
      status: 201,
      access: 'member',
      limited: true,
      summary: 'Post a comment on a lesson, or a reply to one of its top-level comments',
      description:
        "Only emphasis, code and links of the Markdown survive in html. While COMMENTS_REVIEW_FIRST is true (the default), a member's comments are held " +
        'until an admin lets their first one through. At most COMMENTS_PER_HOUR (20 unless set) a member; past it 429 with the wait in words and Retry-After.',
      input: commentPostInput,
      answer: asIs(commentAnswer),
      refusals: {
        400: `Or the parent is a reply ("${DISCUSSION_MESSAGES.parentIsReply}"), on another lesson, deleted or unknown; or atSeconds on a lesson without media or past its end.`,
        403: `${LOCKED} An unverified address ("${DISCUSSION_MESSAGES.needsVerifiedEmail}"); a comment ban ("You cannot comment until YYYY-MM-DD.").`,
        404: 'No lesson with that id, or a draft.',
      },
      procedure: (c) => c.post,
    }),
    row({
      method: 'PUT',
      url: '/api/course/comments/:id',
      access: 'member',
      summary: 'Edit a comment: its author, within 15 minutes of posting',
      input: commentEditInput,
      answer: asIs(commentAnswer),
      refusals: {
        403: `Not its author ("${DISCUSSION_MESSAGES.notYours}"), or past 15 minutes ("${DISCUSSION_MESSAGES.editWindowOver}"); or its lesson is locked to the caller.`,
        404: 'No comment with that id that the caller may see.',
      },
      procedure: (c) => c.edit,
    }),
    row({
      method: 'DELETE',
      url: '/api/course/comments/:id',
      access: 'member',
      summary: 'Delete a comment: its author or an admin',
      description:
        "A top-level comment with replies becomes a stub without author or body, so that the thread stays readable; any other goes. An admin's deletion is in the audit trail (comment.delete).",
      input: commentIdInput,
      answer: asIs(messageAnswer),
      refusals: {
        403: `Neither its author nor an admin: "${DISCUSSION_MESSAGES.deleteNotAllowed}"; or its lesson is locked to the caller.`,
        404: 'No comment with that id that the caller may see.',
      },
      procedure: (c) => c.delete,
    }),
    row({
      method: 'POST',
      url: '/api/course/comments/:id/report',
      access: 'member',
      summary: 'Report a comment to the admins',
      description: `Once per member and comment: a second report answers the same and changes nothing. Answers "${DISCUSSION_MESSAGES.reported}"`,
      input: commentReportInput,
      answer: asIs(messageAnswer),
      refusals: { 403: LOCKED, 404: 'No comment with that id that the caller may see.' },
      procedure: (c) => c.report,
    }),
  ],
};

export const discussionAdminRest: RestSection = {
  tag: 'Discussion Manager',
  rows: [
    row({
      method: 'GET',
      url: '/api/admin/comments',
      access: 'admin',
      summary: "A queue of comments to moderate, newest first, with their lesson, their author's standing and their reports",
      description: `held: waiting for review; reported: reported since an admin last set its status (stubs left out); all: every comment. ${COMMENTS_PAGE_SIZE} a page.`,
      input: adminCommentListInput,
      answer: asIs(adminCommentPageSchema),
      refusals: { 400: 'Or the cursor is not one this list gave.' },
      procedure: (c) => c.admin.queue,
    }),
    row({
      method: 'PUT',
      url: '/api/admin/comments/:id',
      access: 'admin',
      summary: 'Let a comment through, hold or hide it, mark it answered, pin it: the fields that are given',
      description:
        "Letting a comment through (status visible) lets its author's later comments through at once under COMMENTS_REVIEW_FIRST. In the audit trail as comment.update.",
      input: adminCommentUpdateInput,
      answer: asIs(adminCommentAnswer),
      refusals: { 404: 'No comment with that id.', 409: `A deleted stub: "${DISCUSSION_MESSAGES.stubNotEditable}".` },
      procedure: (c) => c.admin.moderate,
    }),
    row({
      method: 'PUT',
      url: '/api/admin/users/:id/comment-ban',
      access: 'admin',
      summary: 'Ban a member from commenting until a date, or lift the ban (null)',
      description: 'A date bans until the start of that day (UTC). In the audit trail as comment.ban.',
      input: commentBanInput,
      answer: asIs(commentBanAnswer),
      refusals: { 404: 'No user with that id.' },
      procedure: (c) => c.admin.ban,
    }),
  ],
};
