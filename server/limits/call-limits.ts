// A limit on calls counted under one or more keys (a member, a client address, a mailbox…) in a
// fixed window, for the procedures that count their own callers rather than an address alone (the
// account's mails, the course search). Every key is counted on every call, refused or not, so a
// caller past the limit stays there until the window ends. A refusal is a 429 with Retry-After,
// like every limit of CONTRACT §3.
import { TRPCError } from '@trpc/server';
import type { FastifyBaseLogger } from 'fastify';
import { waitText } from '../../shared/messages';
import { RetryLater } from './retry-later';
import type { CounterStore } from './counter-store';

export interface CallLimit {
  /** The environment variable that sets `max`, for the log. */
  variable: string;
  /** Calls allowed per key in the window; 0 turns the limit off. */
  max: number;
  windowMs: number;
  /** The refusal's message, given the wait in words ("2 minutes"). */
  refusal: (wait: string) => string;
  /** What the log says when a caller first passes the limit. */
  logLine: string;
}

/** Counts one call under each of `keys`; past `limit.max` on any of them, logs once per window and throws a 429. */
export async function countCall(
  deps: { counters: CounterStore; log: FastifyBaseLogger },
  limit: CallLimit,
  keys: string[],
  logged: Record<string, unknown>,
): Promise<void> {
  if (limit.max === 0) return;
  const counts = await Promise.all(keys.map((key) => deps.counters.increment(key, limit.windowMs)));
  const over = counts.filter((count) => count.value > limit.max);
  if (over.length === 0) return;
  const retryAfterSeconds = Math.ceil(Math.max(...over.map((count) => count.expiresInMs)) / 1000);
  // Only the call that first passes a count logs, once per window.
  if (over.some((count) => count.value === limit.max + 1)) deps.log.warn({ limit: limit.variable, ...logged, retryAfterSeconds }, limit.logLine);
  throw new TRPCError({ code: 'TOO_MANY_REQUESTS', message: limit.refusal(waitText(retryAfterSeconds)), cause: new RetryLater(retryAfterSeconds) });
}
