// The discussion under a lesson (CONTRACT §9): the composer, the threads (pinned first, then
// newest first; Load more for the next page), kept current by the live stream, with one status
// line that screen readers hear for what every action did.
import { useCallback, useRef } from 'react';
import { seek } from '@/course/media-commands';
import { roleOf, userIdOf, useToken } from '@/lib/session';
import { useTimedStatus } from '@/lib/use-timed-status';
import { LoadMore } from '@/ui/load-more';
import { Panel } from '@/ui/panel';
import { StatusMessage } from '@/ui/status-message';
import { CommentComposer } from './comment-composer';
import { CommentItem, type CommentContext } from './comment-item';
import { removeThread, upsertThread } from './comment-pages';
import { DISCUSSION_WORDS } from './discussion-words';
import { useCommentAnchor } from './use-comment-anchor';
import { useCommentStream } from './use-comment-stream';
import { useDiscussion } from './use-discussion';
import './discussion-section.css';

interface DiscussionSectionProps {
  lessonId: string;
  /** The lesson's player, once it is there: "at 12:04" reads it, and the moments seek it. */
  media: HTMLMediaElement | null;
}

export function DiscussionSection({ lessonId, media }: DiscussionSectionProps) {
  const { query, threads, update, readFirstPage } = useDiscussion(lessonId);
  const { status, show } = useTimedStatus();
  const token = useToken();
  const heading = useRef<HTMLHeadingElement>(null);
  const { closed } = useCommentStream(lessonId, {
    onComment: (thread) => update((data) => upsertThread(data, thread)),
    onRemoved: (id) => update((data) => removeThread(data, id)),
    // A failed read leaves the list as it was; the next `ready` reads it again.
    onReady: () => void readFirstPage().catch(() => {}),
  });
  const onGone = useCallback(() => heading.current?.focus(), []);
  useCommentAnchor(threads.map((thread) => thread._id));

  const context: CommentContext = {
    lessonId,
    viewer: { id: userIdOf(token), admin: roleOf(token) === 'admin' },
    onSeek: media && ((seconds) => seek(media, seconds)),
    update,
    announce: show,
    onGone,
  };

  return (
    <Panel className="discussion" title="Discussion" titleRef={heading}>
      <CommentComposer lessonId={lessonId} media={media} update={update} announce={show} />
      <StatusMessage live={status} className="discussion__status" />
      {closed && <StatusMessage tone="info">{closed}</StatusMessage>}
      {query.isPending ? (
        <p className="muted" role="status">
          Loading the discussion…
        </p>
      ) : query.isError && threads.length === 0 ? (
        <StatusMessage tone="error">{DISCUSSION_WORDS.loadFailed}</StatusMessage>
      ) : threads.length === 0 ? (
        <p className="muted">{DISCUSSION_WORDS.none}</p>
      ) : (
        <ol className="discussion__threads" aria-label="Comments">
          {threads.map((thread) => (
            <CommentItem key={thread._id} comment={thread} context={context} />
          ))}
          {query.hasNextPage && (
            <LoadMore
              label="Load more"
              busy={query.isFetchingNextPage}
              onLoad={(pressed) => {
                if (query.isFetchNextPageError && !pressed) return;
                if (!query.isFetching) void query.fetchNextPage();
              }}
            />
          )}
        </ol>
      )}
    </Panel>
  );
}
