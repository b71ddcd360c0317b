// A mail's link to a comment (/course/{id}#comment-{threadId}, server/discussion/comment-mails.ts)
// lands on that comment: the browser's own jump to the fragment happens before the discussion has
// loaded, so once the thread is in the list it is scrolled to and given focus here, once.
import { useEffect, useRef } from 'react';

/** The element id of a comment's article: the fragment the mails link to. */
export const commentAnchor = (commentId: string) => `comment-${commentId}`;

export function useCommentAnchor(threadIds: readonly string[]): void {
  const { hash } = window.location;
  const done = useRef<string | null>(null);
  const wanted = hash.startsWith('#comment-') ? decodeURIComponent(hash.slice('#comment-'.length)) : null;
  const present = wanted !== null && threadIds.includes(wanted);
  useEffect(() => {
    if (!present || done.current === wanted) return;
    done.current = wanted;
    const target = document.getElementById(commentAnchor(wanted));
    target?.scrollIntoView({ block: 'start' });
    target?.focus({ preventScroll: true });
  }, [present, wanted]);
}
