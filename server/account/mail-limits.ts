// The limits on the account's mails (CONTRACT §5): verification mails (VERIFICATION_MAILS_PER_HOUR,
// 3 an hour) and email change requests (EMAIL_CHANGES_PER_HOUR), each counted per member, per
// client address and per mailbox it would write to, so that neither one account, nor one network,
// nor many accounts at once can fill somebody's inbox through the site. A refusal is a 429 with
// Retry-After, like every limit.
import { ACCOUNT_MESSAGES } from '../../shared/account';
import type { LimitName } from '../config';
import { addressKey } from '../limits/address-limits';
import { countCall } from '../limits/call-limits';
import type { Context } from '../trpc/context';

const HOUR = 60 * 60_000;

const ACCOUNT_MAIL_LIMITS = {
  verification: { variable: 'VERIFICATION_MAILS_PER_HOUR', what: 'verification mails' },
  emailChange: { variable: 'EMAIL_CHANGES_PER_HOUR', what: 'email change requests' },
} as const satisfies Record<string, { variable: LimitName; what: string }>;

export type AccountMailLimit = keyof typeof ACCOUNT_MAIL_LIMITS;

/** Counts one request; past the limit on any of its three counts, throws a 429 (the request counts all the same). */
export async function countAccountMail(ctx: Context, name: AccountMailLimit, request: { memberId: string; mailbox: string }): Promise<void> {
  const { variable, what } = ACCOUNT_MAIL_LIMITS[name];
  await countCall(
    { counters: ctx.deps.counters, log: ctx.log },
    {
      variable,
      max: ctx.deps.config.limits[variable],
      windowMs: HOUR,
      refusal: (wait) => ACCOUNT_MESSAGES.tooManyMails(what, wait),
      logLine: 'limit reached: no more account mails',
    },
    [`account:${name}:member:${request.memberId}`, `account:${name}:address:${addressKey(ctx.ip)}`, `account:${name}:mailbox:${request.mailbox}`],
    { memberId: request.memberId, ip: ctx.ip },
  );
}
