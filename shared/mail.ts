// Mail that members asked for (CONTRACT §9): its kinds, the two lists a member may leave, the
// outbox's states and the words of the mail settings, shared by the server and the Account page.

/** What a member may turn off, each with its one-click unsubscribe. */
export const MAIL_LISTS = ['replies', 'courseUpdates'] as const;
export type MailList = (typeof MAIL_LISTS)[number];

/** The kinds of mail the outbox sends, each on the list that turns it off. */
export const MAIL_KIND_LISTS = {
  'comment.reply': 'replies',
  'comment.answered': 'replies',
  'module.opened': 'courseUpdates',
} as const satisfies Record<string, MailList>;
export type MailKind = keyof typeof MAIL_KIND_LISTS;
export const MAIL_KINDS = Object.keys(MAIL_KIND_LISTS) as [MailKind, ...MailKind[]];

/** Kinds that go to Architects only: the send checks the member is still paid (a refund stops it). */
export const ARCHITECT_MAIL_KINDS: ReadonlySet<MailKind> = new Set(['module.opened']);

/**
 * pending: waits for its send (or its next try, or the next day past the cap); sending: SMTP is being
 * given it; sent; failed: SMTP refused it for a day; skipped: the member turned its list off, or is
 * suspended or no longer an Architect, when it was due.
 */
export const OUTBOX_STATES = ['pending', 'sending', 'sent', 'failed', 'skipped'] as const;
export type OutboxState = (typeof OUTBOX_STATES)[number];
/** What the admin's list filters by; `pending` includes `sending`. */
export const OUTBOX_FILTERS = ['pending', 'sent', 'failed', 'skipped'] as const;

export const MAIL_LIST_LABELS: Record<MailList, string> = {
  replies: 'Replies to my comments, and my questions marked answered',
  courseUpdates: 'Course updates, such as a module that opens for me',
};

/** The list's name in the unsubscribe page's sentence: "You will no longer get mails about …". */
export const MAIL_LIST_TOPICS: Record<MailList, string> = {
  replies: 'replies to your comments',
  courseUpdates: 'course updates',
};

export const MAIL_MESSAGES = {
  saved: 'Mail settings saved',
  unsubscribed: (list: MailList) => `You will no longer get mails about ${MAIL_LIST_TOPICS[list]}. You can turn them on again in your account's mail settings.`,
  badLink: 'This unsubscribe link is not valid. Open your account page to change your mail settings.',
  goneMember: 'There is no account for this unsubscribe link any more.',
  oneClickBody: 'The body must be List-Unsubscribe=One-Click',
} as const;
