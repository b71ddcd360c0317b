// The loaded pages of a lesson's discussion as react-query keeps them, and the changes the live
// stream and the member's own calls make to them without a reload. Pure functions, so that the
// order rule (CONTRACT §9: pinned first, then newest first) is tested once.
import type { Comment, Reply } from '@shared/discussion';

export interface CommentPage {
  comments: Comment[];
  nextCursor: string | null;
}

export interface CommentPages {
  pages: CommentPage[];
  pageParams: unknown[];
}

/** Whether `a` comes before `b` in the list. */
function before(a: Comment, b: Comment): boolean {
  if (a.pinned !== b.pinned) return a.pinned;
  if (a.createdAt !== b.createdAt) return a.createdAt > b.createdAt;
  return a._id > b._id;
}

const withPages = <T extends CommentPages>(data: T, pages: CommentPage[]): T => ({ ...data, pages });

/**
 * A thread as the server sent it: in place of the one with its `_id` (its place kept unless its
 * pin changed), else where the order puts it among the loaded pages. One that would fall after the
 * last loaded comment while more pages wait is left for Load more to bring.
 */
export function upsertThread<T extends CommentPages>(data: T, thread: Comment): T {
  const at = data.pages.findIndex((page) => page.comments.some((comment) => comment._id === thread._id));
  if (at !== -1) {
    const current = data.pages[at]!.comments.find((comment) => comment._id === thread._id)!;
    if (current.pinned === thread.pinned)
      return withPages(
        data,
        data.pages.map((page, index) =>
          index === at ? { ...page, comments: page.comments.map((comment) => (comment._id === thread._id ? thread : comment)) } : page,
        ),
      );
    return upsertThread(removeThread(data, thread._id), thread);
  }
  const pages = data.pages.map((page) => ({ ...page, comments: [...page.comments] }));
  for (const page of pages) {
    const index = page.comments.findIndex((comment) => before(thread, comment));
    if (index !== -1) {
      page.comments.splice(index, 0, thread);
      return withPages(data, pages);
    }
  }
  const last = pages.at(-1);
  if (!last) return withPages(data, [{ comments: [thread], nextCursor: null }]);
  if (last.nextCursor === null) last.comments.push(thread);
  return withPages(data, pages);
}

/** The pages without the thread `id`. */
export function removeThread<T extends CommentPages>(data: T, id: string): T {
  return withPages(
    data,
    data.pages.map((page) => ({ ...page, comments: page.comments.filter((comment) => comment._id !== id) })),
  );
}

/** A reply the member posted, at the end of its thread's replies (oldest first). */
export function addReply<T extends CommentPages>(data: T, reply: Reply | Comment): T {
  return mapThreads(data, (thread) =>
    thread._id === reply.parentId && !thread.replies.some((known) => known._id === reply._id)
      ? { ...thread, replies: [...thread.replies, { ...reply, replies: [] }] }
      : thread,
  );
}

/** A comment or reply the member changed (an edit), in place. */
export function replaceComment<T extends CommentPages>(data: T, changed: Comment): T {
  if (changed.parentId === null) return upsertThread(data, changed);
  return mapThreads(data, (thread) =>
    thread._id === changed.parentId
      ? { ...thread, replies: thread.replies.map((reply) => (reply._id === changed._id ? { ...changed, replies: [] } : reply)) }
      : thread,
  );
}

/**
 * After the member deleted `comment`: a thread with replies stays as the server's stub, one
 * without goes, and a reply leaves its thread (a stub left with no replies goes too).
 */
export function dropComment<T extends CommentPages>(data: T, comment: Comment | Reply): T {
  if (comment.parentId === null) {
    if (comment.replies.length === 0) return removeThread(data, comment._id);
    return mapThreads(data, (thread) =>
      thread._id === comment._id ? { ...thread, status: 'deleted', author: null, body: null, html: '', atSeconds: null } : thread,
    );
  }
  const changed = mapThreads(data, (thread) =>
    thread._id === comment.parentId ? { ...thread, replies: thread.replies.filter((reply) => reply._id !== comment._id) } : thread,
  );
  const parent = changed.pages.flatMap((page) => page.comments).find((thread) => thread._id === comment.parentId);
  return parent && parent.status === 'deleted' && parent.replies.length === 0 ? removeThread(changed, parent._id) : changed;
}

/**
 * The first page read again (after the stream's `ready`, to cover a gap): it replaces the first
 * loaded page, and the later pages keep only what it does not hold.
 */
export function replaceFirstPage<T extends CommentPages>(data: T, first: CommentPage): T {
  const fresh = new Set(first.comments.map((comment) => comment._id));
  return withPages(data, [first, ...data.pages.slice(1).map((page) => ({ ...page, comments: page.comments.filter((comment) => !fresh.has(comment._id)) }))]);
}

function mapThreads<T extends CommentPages>(data: T, change: (thread: Comment) => Comment): T {
  return withPages(
    data,
    data.pages.map((page) => ({ ...page, comments: page.comments.map(change) })),
  );
}
