// @fastify/rate-limit's store protocol, answered by our counter store, so that the per-address
// limits count where every other limit counts (in memory today, shared by several processes later).
import type { FastifyRateLimitStore, FastifyRateLimitStoreCtor } from '@fastify/rate-limit';
import type { CounterStore } from './counter-store';

export function rateLimitStoreOver(counters: CounterStore): FastifyRateLimitStoreCtor {
  return class CounterRateLimitStore implements FastifyRateLimitStore {
    incr(key: string, callback: (error: Error | null, result?: { current: number; ttl: number }) => void, timeWindow: number) {
      counters.increment(key, timeWindow).then(
        ({ value, expiresInMs }) => callback(null, { current: value, ttl: expiresInMs }),
        (error: unknown) => callback(error instanceof Error ? error : new Error(String(error))),
      );
    }

    // Our keys already name their limit (address-limits.ts), so every limit can share one store.
    child(): FastifyRateLimitStore {
      return this;
    }
  };
}
