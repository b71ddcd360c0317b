// Comments as the calls answer them (CONTRACT §9 "Comments"): from their rows, for one reader.
import type { AdminComment, Comment } from '../../shared/discussion';
import { isoTime, isoTimeOrNull } from '../lib/iso-time';
import type { Standing } from './comment-members-data';
import type { AdminRow, CommentRow, Reader, ReportRow } from './comments-data';

/** The comment for `reader`: its Markdown only to its author and admins; a stub without author or body. */
function commentFields(row: CommentRow, reader: Reader): Omit<Comment, 'replies'> {
  const stub = row.status === 'deleted';
  const own = row.authorId !== null && row.authorId === reader.id;
  return {
    _id: row.id,
    lessonId: row.lessonId,
    parentId: row.parentId,
    author: stub || row.authorId === null ? null : { _id: row.authorId, name: row.authorName ?? '' },
    body: stub || !(own || reader.admin) ? null : row.body,
    html: stub ? '' : row.html,
    atSeconds: row.atSeconds,
    createdAt: isoTime(row.createdAt),
    editedAt: isoTimeOrNull(row.editedAt),
    status: row.status,
    answered: row.answered,
    pinned: row.pinned,
  };
}

/** The comment for `reader`, with the replies given (a reply has none). */
export const commentAnswer = (row: CommentRow, reader: Reader, replies: CommentRow[] = []): Comment => ({
  ...commentFields(row, reader),
  replies: replies.map((reply) => ({ ...commentFields(reply, reader), replies: [] })),
});

/** An item of an admin queue: the comment, its lesson, its author's standing and count, and its reports. */
export function adminCommentAnswer(row: AdminRow, reports: ReportRow[], standing: Standing | undefined, authorComments: number): AdminComment {
  return {
    ...commentFields(row, { id: '', admin: true }),
    lesson: { _id: row.lessonId, title: row.lessonTitle },
    member:
      row.authorId === null
        ? null
        : {
            _id: row.authorId,
            name: row.authorName ?? '',
            email: row.authorEmail ?? '',
            bannedUntil: isoTimeOrNull(standing?.bannedUntil ?? null),
            letThrough: (standing?.letThroughAt ?? null) !== null,
            comments: authorComments,
          },
    reports: reports.map((report) => ({
      member: report.userId === null ? null : { _id: report.userId, name: report.userName ?? '' },
      reason: report.reason,
      createdAt: isoTime(report.createdAt),
    })),
  };
}
