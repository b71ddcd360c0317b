// One comment of the discussion, or one reply: who wrote it and when, its moment (a button that
// seeks the player there), its badges, the server's inert HTML, and what the member may do with
// it (Reply, Edit, Delete, Report), each by keyboard, each result said in the section's status line.
import { useEffect, useRef, useState } from 'react';
import { DISCUSSION_MESSAGES, REPORT_REASON_MAX_LENGTH, type Comment, type Reply } from '@shared/discussion';
import { formatClock } from '@/course/format-time';
import { serverMessage } from '@/lib/server-message';
import { trpc } from '@/lib/trpc';
import type { ShowStatus } from '@/lib/use-timed-status';
import { ConfirmDialog } from '@/ui/confirm-dialog';
import { CommentBadges } from './comment-badges';
import { CommentForm } from './comment-form';
import { addReply, dropComment, replaceComment } from './comment-pages';
import { DISCUSSION_WORDS, HELD_NOTICE_MS } from './discussion-words';
import type { UpdatePages } from './use-discussion';
import { useEditWindow } from './use-edit-window';
import { commentAnchor } from './use-comment-anchor';

export interface Viewer {
  id: string | null;
  admin: boolean;
}

export interface CommentContext {
  lessonId: string;
  viewer: Viewer;
  /** Seeks the player; null when the lesson has none. */
  onSeek: ((seconds: number) => void) | null;
  update: UpdatePages;
  announce: ShowStatus;
  /** After a deletion took the comment away: focus goes somewhere that stays. */
  onGone: () => void;
}

type Open = 'reply' | 'edit' | 'report' | 'delete' | null;
type Action = Exclude<Open, null>;

const when = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' });

export function CommentItem({ comment, context }: { comment: Comment | Reply; context: CommentContext }) {
  const { lessonId, viewer, onSeek, update, announce, onGone } = context;
  const [open, setOpen] = useState<Open>(null);
  const [error, setError] = useState<string | null>(null);
  // The button whose form just closed takes focus back, so the keyboard goes on from where it was.
  const refocus = useRef<Action | null>(null);
  const article = useRef<HTMLElement>(null);
  const stub = comment.status === 'deleted';
  const mine = !stub && comment.author !== null && comment.author._id === viewer.id;
  const editable = useEditWindow(comment.createdAt, mine && comment.body !== null);
  const reply = trpc.discussion.post.useMutation();
  const edit = trpc.discussion.edit.useMutation();
  const remove = trpc.discussion.delete.useMutation();
  const report = trpc.discussion.report.useMutation();

  useEffect(() => {
    if (open !== null || refocus.current === null) return;
    article.current?.querySelector<HTMLElement>(`:scope > .comment__actions [data-action="${refocus.current}"]`)?.focus();
    refocus.current = null;
  }, [open]);

  const toggle = (action: Action) => {
    setError(null);
    setOpen((current) => (current === action ? null : action));
  };
  const close = (action: Action) => {
    setError(null);
    refocus.current = action;
    setOpen(null);
  };
  const actionButton = (action: Action, label: string) => (
    <button
      type="button"
      data-action={action}
      className="comment__action"
      aria-expanded={action === 'delete' ? undefined : open === action}
      onClick={() => toggle(action)}
    >
      {label}
    </button>
  );

  const name = stub ? '' : (comment.author?.name ?? DISCUSSION_WORDS.formerMember);
  const isReply = comment.parentId !== null;
  return (
    <li className="comment-thread">
      <article
        ref={article}
        id={commentAnchor(comment._id)}
        tabIndex={-1}
        className={stub ? 'comment comment--stub' : 'comment'}
        aria-label={stub ? 'Deleted comment' : `${isReply ? 'Reply' : 'Comment'} by ${name}`}
      >
        {!stub && (
          <header className="comment__head">
            <span className="comment__author">{name}</span>
            <time className="comment__time" dateTime={comment.createdAt}>
              {when.format(new Date(comment.createdAt))}
            </time>
            {comment.editedAt && <span className="comment__edited">(edited)</span>}
            {comment.atSeconds !== null &&
              (onSeek ? (
                <button type="button" className="comment__at" onClick={() => onSeek(comment.atSeconds!)}>
                  at {formatClock(comment.atSeconds)}
                </button>
              ) : (
                <span className="comment__at">at {formatClock(comment.atSeconds)}</span>
              ))}
            <CommentBadges comment={comment} />
          </header>
        )}
        {stub ? (
          <p className="comment__stub">{DISCUSSION_WORDS.deletedStub}</p>
        ) : open === 'edit' ? (
          <CommentForm
            label="Edit your comment"
            submitLabel="Save"
            initial={comment.body ?? ''}
            formatted
            autoFocus
            busy={edit.isPending}
            error={error}
            onCancel={() => close('edit')}
            onSubmit={async (body) => {
              try {
                const { comment: changed } = await edit.mutateAsync({ id: comment._id, body });
                update((data) => replaceComment(data, changed));
                announce(DISCUSSION_WORDS.edited, { tone: 'success' });
                close('edit');
                return true;
              } catch (failure) {
                setError(serverMessage(failure, DISCUSSION_WORDS.editFailed));
                return false;
              }
            }}
          />
        ) : (
          // The server's rendering: only emphasis, code and links, inert (server/discussion/comment-markdown.ts).
          <div className="comment__text" dangerouslySetInnerHTML={{ __html: comment.html }} />
        )}
        {!stub && open !== 'edit' && (
          <div className="comment__actions">
            {!isReply && actionButton('reply', 'Reply')}
            {editable && actionButton('edit', 'Edit')}
            {(mine || viewer.admin) && actionButton('delete', 'Delete')}
            {!mine && actionButton('report', 'Report')}
          </div>
        )}
        {open === 'reply' && (
          <CommentForm
            className="comment__form"
            label="Your reply"
            submitLabel="Post reply"
            formatted
            autoFocus
            busy={reply.isPending}
            error={error}
            onCancel={() => close('reply')}
            onSubmit={async (body) => {
              try {
                const { comment: posted } = await reply.mutateAsync({ id: lessonId, body, parentId: comment._id });
                update((data) => addReply(data, posted));
                if (posted.status === 'held') announce(DISCUSSION_WORDS.heldReply, { tone: 'success', durationMs: HELD_NOTICE_MS });
                else announce(DISCUSSION_WORDS.replied, { tone: 'success' });
                close('reply');
                return true;
              } catch (failure) {
                setError(serverMessage(failure, DISCUSSION_WORDS.postFailed));
                return false;
              }
            }}
          />
        )}
        {open === 'report' && (
          <CommentForm
            className="comment__form"
            label="Why should an admin look at it?"
            submitLabel="Send report"
            maxLength={REPORT_REASON_MAX_LENGTH}
            autoFocus
            busy={report.isPending}
            error={error}
            onCancel={() => close('report')}
            onSubmit={async (reason) => {
              try {
                const { message } = await report.mutateAsync({ id: comment._id, reason });
                announce(message, { tone: 'success' });
                close('report');
                return true;
              } catch (failure) {
                setError(serverMessage(failure, DISCUSSION_WORDS.reportFailed));
                return false;
              }
            }}
          />
        )}
        {open === 'delete' && (
          <ConfirmDialog
            title="Delete this comment?"
            message={isReply ? 'The reply is removed for everyone.' : 'The comment is removed for everyone; replies to it stay.'}
            confirmLabel="Delete comment"
            busy={remove.isPending}
            onCancel={() => close('delete')}
            onConfirm={() => {
              remove.mutate(
                { id: comment._id },
                {
                  onSuccess: ({ message }) => {
                    setOpen(null);
                    update((data) => dropComment(data, comment));
                    announce(message || DISCUSSION_MESSAGES.deleted, { tone: 'success' });
                    // Once the dialog has handed focus back to a Delete button that is gone.
                    setTimeout(onGone, 0);
                  },
                  onError: (failure) => {
                    announce(serverMessage(failure, DISCUSSION_WORDS.deleteFailed), { tone: 'error', durationMs: 6000 });
                    close('delete');
                  },
                },
              );
            }}
          />
        )}
        {'replies' in comment && comment.replies.length > 0 && (
          <ol className="comment__replies" aria-label={`Replies to ${name || 'the deleted comment'}`}>
            {comment.replies.map((answer) => (
              <CommentItem key={answer._id} comment={answer} context={context} />
            ))}
          </ol>
        )}
      </article>
    </li>
  );
}
