// A lesson's discussion (CONTRACT §9 "Comments"): its words, limits and shapes, shared by the
// server and the client.

/** visible: everyone who may open the lesson; held: its author and admins; hidden: admins; deleted: a stub kept for its replies. */
export const COMMENT_STATUSES = ['visible', 'held', 'hidden', 'deleted'] as const;
export type CommentStatus = (typeof COMMENT_STATUSES)[number];

/** What an admin may set through PUT /api/admin/comments/{id}; deleting goes through DELETE, which keeps a stub for replies. */
export const MODERATION_STATUSES = ['visible', 'held', 'hidden'] as const;

/** The admin's queues: held comments, comments reported since their last moderation, and every comment. */
export const COMMENT_QUEUES = ['held', 'reported', 'all'] as const;
export type CommentQueue = (typeof COMMENT_QUEUES)[number];

export const COMMENT_BODY_MAX_LENGTH = 5000;
export const REPORT_REASON_MAX_LENGTH = 1000;
/** Top-level comments on a page of a lesson's discussion, and items on a page of an admin queue. */
export const COMMENTS_PAGE_SIZE = 20;
/** How long after posting its author may still edit a comment. */
export const COMMENT_EDIT_WINDOW_MS = 15 * 60_000;

export const DISCUSSION_MESSAGES = {
  reported: 'Thanks. An admin will look at it.',
  deleted: 'Comment deleted',
  banLifted: 'The comment ban is lifted',
  bannedUntil: (day: string) => `The comment ban holds until ${day}`,
  needsVerifiedEmail:
    'Verify your email address before you comment: use the link we mailed you, or ask for a new one under "Email address" on your account page.',
  banned: (day: string) => `You cannot comment until ${day}.`,
  /** `wait` in words: "25 minutes". */
  tooManyComments: (wait: string) => `You have posted a lot of comments in the last hour. You can post again in ${wait}.`,
  notYours: 'Only its author can edit a comment',
  editWindowOver: 'A comment can be edited only in the first 15 minutes after posting',
  deleteNotAllowed: 'Only its author or an admin can delete a comment',
  parentIsReply: 'parentId: replies go one level deep; reply to the comment it answers',
  parentOnOtherLesson: 'parentId: that comment is on another lesson',
  parentDeleted: 'parentId: that comment is deleted',
  noSuchParent: (id: string) => `parentId: no comment with id '${id}'`,
  noMedia: 'atSeconds: this lesson has no video or audio to point at',
  pastTheEnd: (duration: number) => `atSeconds: the lesson is ${duration} seconds long`,
  stubNotEditable: 'A deleted comment cannot be changed',
} as const;

export interface CommentAuthor {
  _id: string;
  name: string;
}

/** A comment as GET /api/course/lessons/{id}/comments answers it (CONTRACT §9). */
export interface Comment {
  _id: string;
  lessonId: string;
  parentId: string | null;
  /** null for a deleted stub, and for a comment whose author deleted their account. */
  author: CommentAuthor | null;
  /** The Markdown, for its author (to edit it) and admins; null for anyone else and for a stub. */
  body: string | null;
  html: string;
  atSeconds: number | null;
  createdAt: string;
  editedAt: string | null;
  status: CommentStatus;
  answered: boolean;
  pinned: boolean;
  /** A top-level comment's replies the reader may see, oldest first; always empty on a reply. */
  replies: Reply[];
}

/** A reply: replies go one level deep, so its own replies are always empty. */
export interface Reply extends Omit<Comment, 'replies'> {
  replies: never[];
}

export interface CommentReport {
  member: CommentAuthor | null;
  reason: string;
  createdAt: string;
}

/** An item of an admin queue: the comment (its replies left out), its lesson, its author's standing, and its reports. */
export interface AdminComment extends Omit<Comment, 'replies'> {
  lesson: { _id: string; title: string };
  member: { _id: string; name: string; email: string; bannedUntil: string | null; letThrough: boolean; comments: number } | null;
  reports: CommentReport[];
}
