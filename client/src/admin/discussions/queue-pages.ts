// What an admin's action does to the queues already loaded: the item changes in place, or leaves a
// queue it no longer belongs to, without reading every page again (the server's rules, CONTRACT §9:
// held holds what is held, reported what was reported since an admin last set its status).
import type { AdminComment, CommentQueue } from '@shared/discussion';

export interface QueuePage {
  comments: AdminComment[];
  nextCursor: string | null;
}

export interface QueuePages {
  pages: QueuePage[];
  pageParams: unknown[];
}

/**
 * Whether a moderated comment (`after`, the server's answer) stays in `queue`; `statusSet`: the
 * moderation set its status, which settles its reports.
 */
export function staysIn(queue: CommentQueue, after: AdminComment, statusSet: boolean): boolean {
  if (queue === 'held') return after.status === 'held';
  if (queue === 'reported') return !statusSet;
  return true;
}

const mapComments = (data: QueuePages, change: (comments: AdminComment[]) => AdminComment[]): QueuePages => ({
  ...data,
  pages: data.pages.map((page) => ({ ...page, comments: change(page.comments) })),
});

/** The queue with the moderated comment changed in place, or gone from it. */
export function withModerated(data: QueuePages, queue: CommentQueue, after: AdminComment, statusSet: boolean): QueuePages {
  return mapComments(data, (comments) =>
    comments.flatMap((comment) => (comment._id !== after._id ? [comment] : staysIn(queue, after, statusSet) ? [after] : [])),
  );
}

/** The queue without the comment `id` (deleted). */
export function withoutComment(data: QueuePages, id: string): QueuePages {
  return mapComments(data, (comments) => comments.filter((comment) => comment._id !== id));
}

/** The queue with the member's comment ban set (an ISO time) or lifted (null) on each of their comments. */
export function withBan(data: QueuePages, memberId: string, bannedUntil: string | null): QueuePages {
  return mapComments(data, (comments) =>
    comments.map((comment) => (comment.member?._id === memberId ? { ...comment, member: { ...comment.member, bannedUntil } } : comment)),
  );
}
