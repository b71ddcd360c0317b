// The post limit (CONTRACT §9): COMMENTS_PER_HOUR (20 unless set) comments a member may post an
// hour. Counted in the counter store every limit counts in: one atomic increment per post, in
// memory or in Redis (then shared by every process), so that ten posts sent at once against a
// limit of five let exactly five through, whatever process takes each. It counts posts that passed
// every other check (access, verified address, ban, parent), so a refused post costs no place.
import { DISCUSSION_MESSAGES } from '../../shared/discussion';
import { countCall } from '../limits/call-limits';
import type { Context, SessionUser } from '../trpc/context';

const HOUR = 3_600_000;

export async function countCommentPost(ctx: Context, member: SessionUser): Promise<void> {
  await countCall(
    { counters: ctx.deps.counters, log: ctx.log },
    {
      variable: 'COMMENTS_PER_HOUR',
      max: ctx.deps.config.limits.COMMENTS_PER_HOUR,
      windowMs: HOUR,
      refusal: DISCUSSION_MESSAGES.tooManyComments,
      logLine: 'limit reached: no more comments this hour',
    },
    [`discussion:post:member:${member.id}`],
    { memberId: member.id },
  );
}
