// A lesson's discussion as react-query keeps it: its pages (Load more reads the next), and a way
// to change the loaded pages in place, for the live stream and the member's own calls.
import { useCallback, useMemo } from 'react';
import type { Comment } from '@shared/discussion';
import { trpc } from '@/lib/trpc';
import { replaceFirstPage, type CommentPages } from './comment-pages';

const NO_COMMENTS: Comment[] = [];

/** Changes the loaded pages in place (nothing while none are loaded). */
export type UpdatePages = (change: <T extends CommentPages>(data: T) => T) => void;

/** `enabled` false: reads what is cached, asks nothing (the player's marks, on a lesson without one). */
export function useDiscussion(lessonId: string, enabled = true) {
  const utils = trpc.useUtils();
  const query = trpc.discussion.list.useInfiniteQuery({ id: lessonId }, { getNextPageParam: (last) => last.nextCursor ?? undefined, retry: false, enabled });
  const pages = query.data?.pages;
  const threads = useMemo(() => (pages ? pages.flatMap((page) => page.comments) : NO_COMMENTS), [pages]);

  const update = useCallback<UpdatePages>(
    (change) => void utils.discussion.list.setInfiniteData({ id: lessonId }, (data) => data && change(data)),
    [utils, lessonId],
  );

  /** Reads the first page again and puts it in place of the loaded one. */
  const readFirstPage = useCallback(async () => {
    if (!utils.discussion.list.getInfiniteData({ id: lessonId })) return;
    const first = await utils.client.discussion.list.query({ id: lessonId });
    update((data) => replaceFirstPage(data, first));
  }, [utils, lessonId, update]);

  return { query, threads, update, readFirstPage };
}
