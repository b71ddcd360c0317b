// The per-address limits of CONTRACT §3 (logins, registrations, forgot-password, reset-password),
// counted by @fastify/rate-limit over our counter store. They are checked by the procedures, not
// by route hooks, so that each call of a tRPC batch counts on its own, and REST and tRPC share
// one count.
import fastifyRateLimit, { normalizeIP } from '@fastify/rate-limit';
import { TRPCError } from '@trpc/server';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { MESSAGES } from '../../shared/messages';
import type { LimitName, Limits } from '../config';
import { RetryLater } from './retry-later';
import type { CounterStore } from './counter-store';
import { rateLimitStoreOver } from './rate-limit-store';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

const ADDRESS_LIMITS = {
  login: { variable: 'LOGINS_PER_MINUTE', windowMs: MINUTE, what: 'sign-in attempts' },
  register: { variable: 'REGISTRATIONS_PER_HOUR', windowMs: HOUR, what: 'new accounts' },
  forgotPassword: { variable: 'FORGOT_PER_HOUR', windowMs: HOUR, what: 'password reset requests' },
  resetPassword: { variable: 'RESETS_PER_HOUR', windowMs: HOUR, what: 'password reset attempts' },
} as const satisfies Record<string, { variable: LimitName; windowMs: number; what: string }>;

export type AddressLimit = keyof typeof ADDRESS_LIMITS;

/**
 * What every limit counts a client by: its address, an IPv6 one by its /64 (one host usually
 * holds the whole /64), as @fastify/rate-limit's own key does.
 */
export const addressKey = (ip: string) => normalizeIP(ip);

/** Counts one call against the limit for the request's address; past it, throws a 429. */
export type AddressLimiter = (limit: AddressLimit, request: FastifyRequest) => Promise<void>;

export async function registerAddressLimits(app: FastifyInstance, counters: CounterStore, limits: Limits): Promise<AddressLimiter> {
  // global: false: no route gets a limit by itself; the procedures ask for theirs.
  await app.register(fastifyRateLimit, { global: false, store: rateLimitStoreOver(counters) });
  const checks = new Map(
    Object.entries(ADDRESS_LIMITS)
      .filter(([, limit]) => limits[limit.variable] > 0)
      .map(([name, limit]) => [
        name,
        app.createRateLimit({
          max: limits[limit.variable],
          timeWindow: limit.windowMs,
          // Named, because every limit shares the store.
          keyGenerator: (request) => `address:${name}:${addressKey(request.ip)}`,
        }),
      ]),
  );

  return async (name, request) => {
    const result = await checks.get(name)?.(request);
    if (!result || result.isAllowed || !result.isExceeded) return;
    // Logged once per lock: only the first refusal of a window finds this marker unset.
    const marker = await counters.increment(`logged:${result.key}`, result.ttl);
    if (marker.value === 1) {
      request.log.warn(
        { limit: ADDRESS_LIMITS[name].variable, ip: request.ip, retryAfterSeconds: result.ttlInSeconds },
        'limit reached: refusing calls from this address',
      );
    }
    throw new TRPCError({
      code: 'TOO_MANY_REQUESTS',
      message: MESSAGES.tooManyFromAddress(ADDRESS_LIMITS[name].what, result.ttlInSeconds),
      cause: new RetryLater(result.ttlInSeconds),
    });
  };
}
