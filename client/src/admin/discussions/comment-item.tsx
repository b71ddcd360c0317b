// One comment of a discussion queue: where it is (the lesson, the moment), who wrote it and how
// they stand, what it says (the server's inert html), its reports, and the admin's actions on it.
import { useRef, useState, type ReactNode } from 'react';
import { Link } from 'react-router-dom';
import type { AdminComment, CommentQueue, CommentStatus } from '@shared/discussion';
import { formatClock } from '@/course/format-time';
import { lessonAddress } from '@/course/lesson-address';
import { Button } from '@/ui/button';
import { BanForm } from './ban-form';
import { commentName, moderationWords } from './moderation-words';
import type { Moderation } from './use-comment-queue';

const STATUS_WORDS: Record<CommentStatus, string> = { visible: 'Visible', held: 'Held', hidden: 'Hidden', deleted: 'Deleted' };

const whenFormat = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' });
// A ban holds until the start of a UTC day: shown as that day, wherever the admin is.
const dayFormat = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeZone: 'UTC' });

export const banDay = (iso: string) => dayFormat.format(new Date(iso));

const When = ({ at }: { at: string }) => <time dateTime={at}>{whenFormat.format(new Date(at))}</time>;

interface CommentItemProps {
  comment: AdminComment;
  queue: CommentQueue;
  /** The held queue's checkbox, for its bulk actions. */
  selection?: { checked: boolean; onChange: (checked: boolean) => void };
  onModerate: (change: Moderation) => Promise<void>;
  onDelete: () => void;
  /** `until`: YYYY-MM-DD; null lifts the ban. Resolves true once it is saved. */
  onBan: (until: string | null) => Promise<boolean>;
}

export function CommentItem({ comment, queue, selection, onModerate, onDelete, onBan }: CommentItemProps) {
  const [busy, setBusy] = useState<string | null>(null);
  const [banning, setBanning] = useState(false);
  const banButton = useRef<HTMLButtonElement>(null);
  const closeBan = () => {
    setBanning(false);
    banButton.current?.focus();
  };
  const name = commentName(comment);
  const { member } = comment;
  // A ban that ran out is no ban: read against the time the item was first shown.
  const [shownAt] = useState(() => Date.now());
  const banned = member?.bannedUntil != null && Date.parse(member.bannedUntil) > shownAt ? member.bannedUntil : null;
  const live = comment.status !== 'deleted';

  async function run(key: string, action: () => Promise<unknown>) {
    setBusy(key);
    try {
      await action();
    } finally {
      setBusy(null);
    }
  }

  const moderationButton = (change: Moderation, variant: 'primary' | 'secondary' = 'secondary') => {
    const { action } = moderationWords(change);
    return (
      <Button variant={variant} className="button--small" busy={busy === action} onClick={() => void run(action, () => onModerate(change))}>
        {action}
      </Button>
    );
  };

  return (
    <li className="discussion-item">
      <article aria-label={name} tabIndex={-1} className="discussion-item__card">
        <header className="discussion-item__head">
          {selection && (
            <input
              type="checkbox"
              className="discussion-item__select"
              aria-label={`Select ${name}`}
              checked={selection.checked}
              onChange={(event) => selection.onChange(event.target.checked)}
            />
          )}
          <h3 className="discussion-item__where">
            <Link to={lessonAddress(comment.lesson._id)}>{comment.lesson.title}</Link>
            {comment.atSeconds !== null && (
              <>
                {' '}
                <Link to={lessonAddress(comment.lesson._id, comment.atSeconds)} className="discussion-item__moment">
                  at {formatClock(comment.atSeconds)}
                </Link>
              </>
            )}
          </h3>
          <ul className="discussion-item__badges" aria-label="State">
            <Badge tone={comment.status}>{STATUS_WORDS[comment.status]}</Badge>
            {comment.parentId !== null && <Badge>Reply</Badge>}
            {comment.answered && <Badge tone="answered">Answered</Badge>}
            {comment.pinned && <Badge tone="pinned">Pinned</Badge>}
          </ul>
        </header>

        <p className="discussion-item__member">
          {member ? (
            <>
              <strong>{member.name}</strong> <span className="discussion-item__email">{member.email}</span>
              <span> · {member.comments === 1 ? '1 comment' : `${member.comments} comments`}</span>
              <span> · {member.letThrough ? 'Let through before' : 'Not let through yet'}</span>
              {banned && <span className="discussion-item__banned"> · Banned from commenting until {banDay(banned)}</span>}
            </>
          ) : (
            <span className="muted">{live ? 'A member who deleted their account' : 'Deleted: kept for its replies'}</span>
          )}
        </p>

        {/* Rendered by the server from its allow-list (emphasis, code, links) and inert, as the lesson body is. */}
        {live && <div className="discussion-item__body" dangerouslySetInnerHTML={{ __html: comment.html }} />}

        <p className="discussion-item__times muted">
          Posted <When at={comment.createdAt} />
          {comment.editedAt && (
            <>
              , edited <When at={comment.editedAt} />
            </>
          )}
        </p>

        {comment.reports.length > 0 && (
          <section className="discussion-item__reports" aria-label={`Reports of ${name}`}>
            <h4 className="discussion-item__reports-title">{comment.reports.length === 1 ? '1 report' : `${comment.reports.length} reports`}</h4>
            <ul>
              {comment.reports.map((report, index) => (
                <li key={index}>
                  <strong>{report.member?.name ?? 'A member who deleted their account'}</strong>, <When at={report.createdAt} />: {report.reason}
                </li>
              ))}
            </ul>
          </section>
        )}

        {live && (
          <div className="discussion-item__actions">
            {/* In the reported queue, letting a visible comment through keeps it and settles its reports. */}
            {(comment.status !== 'visible' || queue === 'reported') && moderationButton({ status: 'visible' }, 'primary')}
            {comment.status !== 'hidden' && moderationButton({ status: 'hidden' })}
            {moderationButton({ answered: !comment.answered })}
            {moderationButton({ pinned: !comment.pinned })}
            {member && (
              <Button ref={banButton} variant="secondary" className="button--small" aria-expanded={banning} onClick={() => setBanning((open) => !open)}>
                Ban from commenting
              </Button>
            )}
            {banned && member && (
              <Button variant="secondary" className="button--small" busy={busy === 'lift'} onClick={() => void run('lift', () => onBan(null))}>
                Lift ban
              </Button>
            )}
            <Button variant="danger" className="button--small" onClick={onDelete}>
              Delete
            </Button>
          </div>
        )}
        {banning && member && (
          <BanForm
            memberName={member.name}
            onSave={async (until) => {
              if (await onBan(until)) closeBan();
            }}
            onCancel={closeBan}
          />
        )}
      </article>
    </li>
  );
}

function Badge({ tone, children }: { tone?: string; children: ReactNode }) {
  return <li className={`queue-pill${tone ? ` discussion-badge--${tone}` : ''}`}>{children}</li>;
}
