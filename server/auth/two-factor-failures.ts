// Wrong app codes for one account from every address (CONTRACT §3 "Limits and sessions",
// TWO_FACTOR_FAILURES_PER_DAY): past the limit in a 24-hour window, six-digit codes are refused
// until the window has passed (recovery codes still work), and the member is mailed once. The
// sign-in lockout bounds guesses per hour; this bounds them per day, for whoever knows the
// password and can start fresh challenges forever.
//
// The count lives on the account's two_factor row, not in the counter store: a flood of made-up
// emails can push a count out of the in-memory store, but cannot touch this row. Like the lockout,
// an app code takes its place in the count before it is checked, with one conditional write, so
// codes sent at once (from any number of addresses and processes) are checked at most `max` times
// a window; a code that turns out right, or is not checked after all, gives its place back.
// See docs/decisions/012-two-factor-sign-in.md.
import { TRPCError } from '@trpc/server';
import { and, eq, gt, gte, isNotNull, isNull, lt, lte, ne, or, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { MESSAGES } from '../../shared/messages';
import { recordAudit } from '../audit/record';
import type { Db } from '../db/client';
import { transaction } from '../db/transaction';
import { twoFactor } from '../db/schema';
import { RetryLater } from '../limits/retry-later';
import { userTarget } from '../users/user-audit';
import type { Mailer } from '../lib/mailer';
import { codeFailuresMail } from './two-factor-failures-mail';
import { isAppCode } from './two-factor-data';

export const CODE_FAILURE_WINDOW_MS = 24 * 60 * 60_000;

/** A place in the window's count: the count with it, and the window it is in. */
interface Place {
  failures: number;
  since: number;
}

/** The window that began at `since` is over at `nowMs` (or none began). */
const windowOver = (nowMs: number) => or(isNull(twoFactor.codeFailuresSince), lte(twoFactor.codeFailuresSince, nowMs - CODE_FAILURE_WINDOW_MS));

/**
 * Takes a place for one app code in the account's count: one conditional write, which starts a new
 * window if the last one is over. The retry time if the window's places are all taken; undefined
 * if the account has no active two-factor sign-in (its check will say so, and counts nothing).
 */
async function takePlace(db: Db, userId: string, max: number, nowMs: number): Promise<Place | { retryAfterMs: number } | undefined> {
  const over = windowOver(nowMs);
  const [place] = await db
    .update(twoFactor)
    .set({
      codeFailures: sql`case when ${over} then 1 else ${twoFactor.codeFailures} + 1 end`,
      codeFailuresSince: sql`case when ${over} then ${nowMs} else ${twoFactor.codeFailuresSince} end`,
    })
    .where(and(eq(twoFactor.userId, userId), isNotNull(twoFactor.secret), or(over, lt(twoFactor.codeFailures, max))))
    .returning({ failures: twoFactor.codeFailures, since: twoFactor.codeFailuresSince });
  if (place) return { failures: place.failures, since: place.since! };
  const [full] = await db
    .select({ since: twoFactor.codeFailuresSince })
    .from(twoFactor)
    .where(and(eq(twoFactor.userId, userId), isNotNull(twoFactor.secret)));
  if (!full) return undefined;
  // At least a second: the window may have ended between the two statements.
  return { retryAfterMs: Math.max(1000, (full.since ?? nowMs) + CODE_FAILURE_WINDOW_MS - nowMs) };
}

/** Gives a place back, if its window is still the row's (a window that started over keeps its own count). */
async function givePlaceBack(db: Db, userId: string, place: Place): Promise<void> {
  await db
    .update(twoFactor)
    .set({ codeFailures: sql`${twoFactor.codeFailures} - 1` })
    .where(and(eq(twoFactor.userId, userId), eq(twoFactor.codeFailuresSince, place.since), gt(twoFactor.codeFailures, 0)));
}

/**
 * Whether this failure is the one to tell the member: the window's count is at the limit and no
 * failure of this window has told them yet. Marked in the same conditional write that decides it,
 * with the audit entry, so one mail goes however many processes fail at once.
 */
function firstAtLimit(db: Db, account: { id: string; email: string }, place: Place, max: number, nowMs: number): Promise<boolean> {
  return transaction(db, async (tx) => {
    const marked = await tx
      .update(twoFactor)
      .set({ codeFailuresMailed: place.since })
      .where(
        and(
          eq(twoFactor.userId, account.id),
          eq(twoFactor.codeFailuresSince, place.since),
          gte(twoFactor.codeFailures, max),
          or(isNull(twoFactor.codeFailuresMailed), ne(twoFactor.codeFailuresMailed, place.since)),
        ),
      )
      .returning({ userId: twoFactor.userId });
    if (marked.length === 0) return false;
    const summary = `${account.email}: two-factor app codes refused for 24 hours after ${max} wrong codes`;
    await recordAudit(tx, { actor: null, action: 'auth.lockout', target: userTarget(account.id), summary }, nowMs);
    return true;
  });
}

/** What the limit needs of the app's services (AppDeps has them all). */
export interface CodeLimitDeps {
  db: Db;
  mailer: Pick<Mailer, 'send'>;
  clock: () => number;
  config: { appUrl: string; limits: { TWO_FACTOR_FAILURES_PER_DAY: number } };
}

const codesLocked = (retryAfterMs: number) => {
  const seconds = Math.ceil(retryAfterMs / 1000);
  return new TRPCError({ code: 'TOO_MANY_REQUESTS', message: MESSAGES.twoFactorCodesLocked(seconds), cause: new RetryLater(seconds) });
};

/**
 * Runs `check` of the code `typed` for the account under the daily limit of wrong app codes:
 * a six-digit code past the limit is a 429 before anything is checked; a wrong one stays counted
 * (`isWrongCode` of the check's answer), and the one that reaches the limit has the member mailed.
 * Recovery codes pass uncounted: 80 random bits are not worth guessing.
 */
export async function underDailyCodeLimit<T>(
  deps: CodeLimitDeps,
  log: FastifyBaseLogger,
  account: { id: string; email: string },
  typed: string,
  check: () => Promise<T>,
  isWrongCode: (answer: T) => boolean,
): Promise<T> {
  const max = deps.config.limits.TWO_FACTOR_FAILURES_PER_DAY;
  if (max === 0 || !isAppCode(typed)) return check();
  const nowMs = deps.clock();
  const place = await takePlace(deps.db, account.id, max, nowMs);
  if (place && 'retryAfterMs' in place) {
    log.warn({ userId: account.id }, 'two-factor app code refused: too many wrong codes for this account today');
    throw codesLocked(place.retryAfterMs);
  }
  let answer: T;
  try {
    answer = await check();
  } catch (error) {
    if (place) await givePlaceBack(deps.db, account.id, place);
    throw error;
  }
  if (!place) return answer;
  if (!isWrongCode(answer)) {
    await givePlaceBack(deps.db, account.id, place);
    return answer;
  }
  if (place.failures >= max && (await firstAtLimit(deps.db, account, place, max, nowMs))) {
    const until = place.since + CODE_FAILURE_WINDOW_MS;
    log.warn({ userId: account.id, until: new Date(until).toISOString() }, 'two-factor app codes refused for this account until the window has passed');
    // Not awaited: the answer must not wait for (or fail with) the mail server.
    deps.mailer
      .send(codeFailuresMail(account.email, deps.config.appUrl, max, until))
      .catch((error: unknown) => log.error({ err: error, userId: account.id }, 'the mail about wrong two-factor codes could not be sent'));
  }
  return answer;
}
