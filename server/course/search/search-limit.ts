// The course search's limit: COURSE_SEARCHES_PER_MINUTE (30 unless set) per member. A search reads
// caption text across the course, so it costs the server far more than a page of the outline;
// the box searches on submit, so a person stays well under it, while a script looping over the
// route is held to one search every two seconds. Counted per member (the call needs a session, and
// new accounts are limited per address), with a 429 and Retry-After past it.
import { COURSE_MESSAGES } from '../../../shared/course';
import { countCall } from '../../limits/call-limits';
import type { Context, SessionUser } from '../../trpc/context';

const MINUTE = 60_000;

export async function countCourseSearch(ctx: Context, member: SessionUser): Promise<void> {
  await countCall(
    { counters: ctx.deps.counters, log: ctx.log },
    {
      variable: 'COURSE_SEARCHES_PER_MINUTE',
      max: ctx.deps.config.limits.COURSE_SEARCHES_PER_MINUTE,
      windowMs: MINUTE,
      refusal: COURSE_MESSAGES.tooManySearches,
      logLine: 'limit reached: no more course searches this minute',
    },
    [`course:search:member:${member.id}`],
    { memberId: member.id },
  );
}
