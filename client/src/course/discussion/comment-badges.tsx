// What marks a comment out: pinned by an admin, answered, waiting for review (its author sees it
// alone), hidden (admins only).
import type { Comment, Reply } from '@shared/discussion';

export function CommentBadges({ comment }: { comment: Comment | Reply }) {
  const badges = [
    comment.pinned && ['pinned', 'Pinned'],
    comment.answered && ['answered', 'Answered'],
    comment.status === 'held' && ['held', 'Waiting for review'],
    comment.status === 'hidden' && ['hidden', 'Hidden'],
  ].filter((badge): badge is [string, string] => Array.isArray(badge));
  if (badges.length === 0) return null;
  return (
    <span className="comment__badges">
      {badges.map(([kind, text]) => (
        <span key={kind} className={`comment__badge comment__badge--${kind}`}>
          {text}
        </span>
      ))}
    </span>
  );
}
