// Writing a new comment: the box with its formatting help, "at 12:04" when the lesson plays, and
// Post comment. A held comment says plainly that it waits for a review; a refusal (the post limit,
// a ban, an unverified address) shows the server's words under the box.
import { useState } from 'react';
import { serverMessage } from '@/lib/server-message';
import type { ShowStatus } from '@/lib/use-timed-status';
import { trpc } from '@/lib/trpc';
import { AtToggle } from './at-toggle';
import { CommentForm } from './comment-form';
import { upsertThread } from './comment-pages';
import { DISCUSSION_WORDS, HELD_NOTICE_MS } from './discussion-words';
import type { UpdatePages } from './use-discussion';

interface CommentComposerProps {
  lessonId: string;
  /** The lesson's player, when it has one: then a comment may point at its current second. */
  media: HTMLMediaElement | null;
  update: UpdatePages;
  announce: ShowStatus;
}

export function CommentComposer({ lessonId, media, update, announce }: CommentComposerProps) {
  const post = trpc.discussion.post.useMutation();
  const [moment, setMoment] = useState<number | null>(null);
  const [error, setError] = useState<string | null>(null);
  return (
    <CommentForm
      className="comment-composer"
      label="Your comment"
      submitLabel="Post comment"
      formatted
      busy={post.isPending}
      error={error}
      extra={media && <AtToggle media={media} moment={moment} onChange={setMoment} />}
      onSubmit={async (body) => {
        setError(null);
        try {
          const { comment } = await post.mutateAsync({ id: lessonId, body, ...(moment !== null && { atSeconds: moment }) });
          update((data) => upsertThread(data, comment));
          setMoment(null);
          if (comment.status === 'held') announce(DISCUSSION_WORDS.held, { tone: 'success', durationMs: HELD_NOTICE_MS });
          else announce(DISCUSSION_WORDS.posted, { tone: 'success' });
          return true;
        } catch (failure) {
          setError(serverMessage(failure, DISCUSSION_WORDS.postFailed));
          return false;
        }
      }}
    />
  );
}
