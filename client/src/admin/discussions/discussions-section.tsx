// Discussions (issue 36, CONTRACT §9): the comments waiting for review, those reported, and all of
// them, each with its lesson, moment, member and reports, and the admin's actions; the held queue
// also lets a whole selection through or hides it. Every action is in the audit trail (server-side).
import { useEffect, useRef, useState } from 'react';
import type { AdminComment, CommentQueue } from '@shared/discussion';
import { MESSAGES } from '@shared/messages';
import { serverMessage } from '@/lib/server-message';
import { useTimedStatus } from '@/lib/use-timed-status';
import { ConfirmDialog } from '@/ui/confirm-dialog';
import { EmptyNote } from '@/ui/empty-note';
import { LoadMore } from '@/ui/load-more';
import { PanelSection } from '@/ui/panel-section';
import { StatusMessage } from '@/ui/status-message';
import { QueueTabs } from '../queue-tabs';
import { BulkBar } from './bulk-bar';
import { banDay, CommentItem } from './comment-item';
import { bulkSummary, commentName, moderationWords, type BulkFailure } from './moderation-words';
import { useCommentQueue, type Moderation } from './use-comment-queue';
import './discussions-section.css';

const QUEUES: ReadonlyArray<{ id: CommentQueue; label: string }> = [
  { id: 'held', label: 'Held' },
  { id: 'reported', label: 'Reported' },
  { id: 'all', label: 'All' },
];

const EMPTY: Record<CommentQueue, string> = {
  held: 'No comment is waiting for review.',
  reported: 'No comment has been reported since it was last moderated.',
  all: 'No comments yet.',
};

/** Long enough to read a bulk action's list of failures. */
const LONG_STATUS_MS = 10_000;

export function DiscussionsSection() {
  const [queue, setQueue] = useState<CommentQueue>('held');
  const list = useCommentQueue(queue);
  const { status, show } = useTimedStatus();
  const [deleting, setDeleting] = useState<AdminComment | null>(null);
  const [deletingBusy, setDeletingBusy] = useState(false);
  const [selected, setSelected] = useState<ReadonlySet<string>>(new Set());
  const [bulkBusy, setBulkBusy] = useState<'visible' | 'hidden' | null>(null);

  // An item that leaves its queue takes the focused button with it: focus goes to the item that
  // took its place (or to the queue, if it was the last), so a keyboard user goes on from there.
  const queueRef = useRef<HTMLDivElement>(null);
  const focusAt = useRef<number | null>(null);
  const { comments } = list;
  useEffect(() => {
    const at = focusAt.current;
    if (at === null || deleting) return;
    focusAt.current = null;
    if (document.activeElement && document.activeElement !== document.body) return;
    const items = queueRef.current?.querySelectorAll<HTMLElement>('.discussion-item__card');
    const next = items?.[Math.min(at, items.length - 1)];
    (next ?? queueRef.current?.closest<HTMLElement>('[role="tabpanel"]'))?.focus();
  }, [comments, deleting]);
  const rememberPlace = (comment: AdminComment) => {
    focusAt.current = comments.findIndex((each) => each._id === comment._id);
  };

  // What is ticked among the comments still in the queue (one let through by itself has left it).
  const chosen = comments.filter((comment) => selected.has(comment._id));

  function openQueue(next: CommentQueue) {
    setQueue(next);
    setSelected(new Set());
  }

  async function moderate(comment: AdminComment, change: Moderation) {
    const words = moderationWords(change);
    rememberPlace(comment);
    try {
      await list.moderate(comment._id, change);
      show(words.done, { tone: 'success' });
    } catch (error) {
      show(`${words.failed}: ${serverMessage(error, MESSAGES.somethingWentWrong)}`, { tone: 'error', durationMs: LONG_STATUS_MS });
    }
  }

  async function ban(comment: AdminComment, until: string | null): Promise<boolean> {
    const member = comment.member!;
    try {
      const bannedUntil = await list.ban(member._id, until);
      show(bannedUntil ? `${member.name} cannot comment until ${banDay(bannedUntil)}.` : `${member.name} can comment again.`, { tone: 'success' });
      return true;
    } catch (error) {
      const what = until ? `Could not ban ${member.name}` : `Could not lift ${member.name}'s ban`;
      show(`${what}: ${serverMessage(error, MESSAGES.somethingWentWrong)}`, { tone: 'error', durationMs: LONG_STATUS_MS });
      return false;
    }
  }

  async function confirmDelete(comment: AdminComment) {
    setDeletingBusy(true);
    rememberPlace(comment);
    try {
      await list.remove(comment._id);
      show('Comment deleted.', { tone: 'success' });
    } catch (error) {
      show(`Could not delete the comment: ${serverMessage(error, MESSAGES.somethingWentWrong)}`, { tone: 'error', durationMs: LONG_STATUS_MS });
    } finally {
      setDeletingBusy(false);
      setDeleting(null);
    }
  }

  async function moderateSelected(status: 'visible' | 'hidden') {
    if (chosen.length === 0) return;
    setBulkBusy(status);
    focusAt.current = 0;
    // One call each, as the single action makes: each is its own audit entry, and one refusal
    // (a comment deleted meanwhile) does not stop the others.
    const results = await Promise.allSettled(chosen.map((comment) => list.moderate(comment._id, { status })));
    const failures: BulkFailure[] = results.flatMap((result, index) =>
      result.status === 'rejected' ? [{ comment: chosen[index]!, reason: serverMessage(result.reason, MESSAGES.somethingWentWrong) }] : [],
    );
    setBulkBusy(null);
    show(bulkSummary(status === 'visible' ? 'let through' : 'hidden', chosen.length, failures), {
      tone: failures.length === 0 ? 'success' : 'error',
      durationMs: failures.length === 0 ? undefined : LONG_STATUS_MS,
    });
  }

  const bulk = queue === 'held' && comments.length > 0;

  return (
    <PanelSection title="Discussions" className="discussions">
      <QueueTabs label="Discussion queues" tabs={QUEUES} current={queue} onChange={openQueue}>
        <div ref={queueRef}>
          {list.error && (
            <StatusMessage tone="error" compact>
              The comments could not be loaded: {serverMessage(list.error, MESSAGES.somethingWentWrong)}
            </StatusMessage>
          )}
          {bulk && (
            <BulkBar
              count={comments.length}
              selected={chosen.length}
              more={list.more}
              busy={bulkBusy}
              onSelectAll={(checked) => setSelected(checked ? new Set(comments.map((comment) => comment._id)) : new Set())}
              onApply={(action) => void moderateSelected(action)}
            />
          )}
          {list.loading ? (
            !list.error && <EmptyNote loading>Loading comments...</EmptyNote>
          ) : comments.length === 0 ? (
            <EmptyNote>{EMPTY[queue]}</EmptyNote>
          ) : (
            <ol className="discussion-list" aria-label={`${QUEUES.find((each) => each.id === queue)!.label} comments`}>
              {comments.map((comment) => (
                <CommentItem
                  key={comment._id}
                  comment={comment}
                  queue={queue}
                  selection={
                    bulk
                      ? {
                          checked: selected.has(comment._id),
                          onChange: (checked) =>
                            setSelected((current) => {
                              const next = new Set(current);
                              if (checked) next.add(comment._id);
                              else next.delete(comment._id);
                              return next;
                            }),
                        }
                      : undefined
                  }
                  onModerate={(change) => moderate(comment, change)}
                  onDelete={() => setDeleting(comment)}
                  onBan={(until) => ban(comment, until)}
                />
              ))}
              {list.more && <LoadMore label="Load more comments" busy={list.loadingMore} onLoad={list.loadMore} />}
            </ol>
          )}
        </div>
      </QueueTabs>

      <StatusMessage live={status} docked />

      {deleting && (
        <ConfirmDialog
          title="Delete comment"
          message="Delete this comment? This cannot be undone. If it has replies, they stay under a note that it was deleted."
          detail={<p className="muted">{commentName(deleting)}</p>}
          confirmLabel="Delete"
          busy={deletingBusy}
          onConfirm={() => void confirmDelete(deleting)}
          onCancel={() => setDeleting(null)}
        />
      )}
    </PanelSection>
  );
}
