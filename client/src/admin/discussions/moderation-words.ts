// What the Discussions section says after each action, and how a bulk action's outcome reads.
import type { AdminComment } from '@shared/discussion';
import type { Moderation } from './use-comment-queue';

/** The button's words and the status line's once it worked. */
export function moderationWords(change: Moderation): { action: string; done: string; failed: string } {
  if ('status' in change)
    return change.status === 'visible'
      ? { action: 'Let through', done: 'Comment let through.', failed: 'Could not let the comment through' }
      : { action: 'Hide', done: 'Comment hidden.', failed: 'Could not hide the comment' };
  if ('answered' in change)
    return change.answered
      ? { action: 'Mark answered', done: 'Comment marked answered.', failed: 'Could not mark the comment answered' }
      : { action: 'Unmark answered', done: 'Comment no longer marked answered.', failed: 'Could not unmark the comment' };
  return change.pinned
    ? { action: 'Pin', done: 'Comment pinned.', failed: 'Could not pin the comment' }
    : { action: 'Unpin', done: 'Comment unpinned.', failed: 'Could not unpin the comment' };
}

/** Whose comment, on which lesson: "Ann's comment on Getting started". */
export function commentName(comment: AdminComment): string {
  return `${comment.member ? `${comment.member.name}'s comment` : 'A comment'} on ${comment.lesson.title}`;
}

export interface BulkFailure {
  comment: AdminComment;
  reason: string;
}

/** "2 comments let through." or "1 of 2 comments hidden. Not hidden: Ann's comment on Basics (No comment with id 'c1')." */
export function bulkSummary(verb: 'let through' | 'hidden', total: number, failures: BulkFailure[]): string {
  const done = total - failures.length;
  const noun = total === 1 ? 'comment' : 'comments';
  const head = failures.length === 0 ? `${total} ${noun} ${verb}.` : `${done} of ${total} ${noun} ${verb}.`;
  if (failures.length === 0) return head;
  return `${head} Not ${verb}: ${failures.map(({ comment, reason }) => `${commentName(comment)} (${reason})`).join('; ')}.`;
}
