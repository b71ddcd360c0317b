// What the audit trail says about the admins' moderation of comments (CONTRACT §9: `comment.*`).
import { changesSummary, quoted } from '../audit/summary';
import type { Moderation } from './comments-data';

export const commentTarget = (id: string) => ({ type: 'comment', id }) as const;

const yesNo = (value: boolean) => (value ? 'yes' : 'no');

/** The start of the comment's text, as the trail names it: “Why does the wave…” */
export const commentExcerpt = (body: string) => quoted(body.length > 60 ? `${body.slice(0, 59).trimEnd()}…` : body);

/** "comment “Why does…” on “The Observer”: status held → visible, pinned no → yes" */
export function commentModeratedSummary(excerpt: string, lessonTitle: string, before: Required<Moderation>, after: Moderation): string {
  return `comment ${excerpt} on ${quoted(lessonTitle)}: ${changesSummary([
    { label: 'status', before: before.status, after: after.status ?? before.status },
    { label: 'answered', before: yesNo(before.answered), after: yesNo(after.answered ?? before.answered) },
    { label: 'pinned', before: yesNo(before.pinned), after: yesNo(after.pinned ?? before.pinned) },
  ])}`;
}

export const commentDeletedSummary = (excerpt: string, lessonTitle: string, authorEmail: string | null, stub: boolean) =>
  `deleted comment ${excerpt} on ${quoted(lessonTitle)}${authorEmail ? ` by ${authorEmail}` : ''}${stub ? ' (its replies stay, under a stub)' : ''}`;

export const commentBanSummary = (until: string | null) => (until === null ? 'lifted the comment ban' : `banned from commenting until ${until}`);
