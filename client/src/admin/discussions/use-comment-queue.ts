// One discussion queue, a page at a time, and the admin's actions on its comments. Each action's
// answer is written into every queue already loaded (queue-pages.ts), so the item changes or leaves
// at once; the queues are then marked stale, so one opened later is read afresh.
import { useEffect, useMemo } from 'react';
import { COMMENT_QUEUES, type AdminComment, type CommentQueue } from '@shared/discussion';
import { trpc } from '@/lib/trpc';
import { withBan, withModerated, withoutComment, type QueuePages } from './queue-pages';

export type Moderation = { status: 'visible' | 'hidden' } | { answered: boolean } | { pinned: boolean };

const NONE: AdminComment[] = [];

export function useCommentQueue(queue: CommentQueue) {
  const utils = trpc.useUtils();
  const query = trpc.discussion.admin.queue.useInfiniteQuery({ status: queue }, { getNextPageParam: (last) => last.nextCursor ?? undefined });

  useEffect(() => {
    if (query.error) console.error(`Could not load the ${queue} comments:`, query.error);
  }, [query.error, queue]);

  const pages = query.data?.pages;
  const comments = useMemo(() => (pages ? pages.flatMap((page) => page.comments) : NONE), [pages]);

  /** Writes `change` into every loaded queue, and marks them all to be read again when next opened. */
  function update(change: (data: QueuePages, queue: CommentQueue) => QueuePages) {
    for (const each of COMMENT_QUEUES)
      utils.discussion.admin.queue.setInfiniteData({ status: each }, (data) => (data ? (change(data as QueuePages, each) as typeof data) : data));
    void utils.discussion.admin.queue.invalidate(undefined, { refetchType: 'none' });
  }

  return {
    comments,
    loading: query.isPending,
    error: query.error,
    more: query.hasNextPage,
    loadingMore: query.isFetchingNextPage,
    loadMore: (pressed: boolean) => {
      if (query.hasNextPage && !query.isFetching && (pressed || !query.isFetchNextPageError)) void query.fetchNextPage();
    },

    /** Sets a comment's status, answered mark or pin; the answer is the comment as it is now. */
    async moderate(id: string, change: Moderation): Promise<AdminComment> {
      const { comment } = await utils.client.discussion.admin.moderate.mutate({ id, ...change });
      update((data, each) => withModerated(data, each, comment, 'status' in change));
      return comment;
    },

    async remove(id: string): Promise<void> {
      await utils.client.discussion.delete.mutate({ id });
      update((data) => withoutComment(data, id));
    },

    /** Bans the member from commenting until `until` (YYYY-MM-DD), or lifts their ban (null). */
    async ban(memberId: string, until: string | null): Promise<string | null> {
      const { bannedUntil } = await utils.client.discussion.admin.ban.mutate({ id: memberId, until });
      update((data) => withBan(data, memberId, bannedUntil));
      return bannedUntil;
    },
  };
}

export type CommentQueueState = ReturnType<typeof useCommentQueue>;
