// Counters with an expiry: what every limit and lockout counts with (CONTRACT §3 "Limits and
// sessions"). One small interface so that several processes can share the counts later: each
// method is one atomic step in Redis (a short script around INCRBY and PEXPIRE, GET with PTTL,
// SET PX, a GET and SET PX for raise, DEL).
// In memory today (memory-counter-store.ts).

export interface Counter {
  value: number;
  /** Milliseconds until the counter is gone. */
  expiresInMs: number;
}

export interface CounterStore {
  /**
   * Adds `by` (default 1) to the counter and answers its new value, atomically. A counter that
   * does not exist starts at 0 and expires `windowMs` from now; adding to an existing one keeps
   * its expiry (a fixed window), unless `sliding` starts the window over. A negative `by` gives
   * places back: on a counter that is gone it does nothing (answering 0), so that a late give-back
   * never opens a window below zero.
   */
  increment(key: string, windowMs: number, options?: { by?: number; sliding?: boolean }): Promise<Counter>;
  get(key: string): Promise<Counter | undefined>;
  /** Sets the counter to `value`, expiring `ttlMs` from now. */
  set(key: string, value: number, ttlMs: number): Promise<void>;
  /**
   * Sets the counter to `value`, expiring `ttlMs` from now, unless it already holds `value` or
   * more; answers whether it did. Atomic: of callers raising one counter to one value at once,
   * exactly one is told it did (a lock is set, and reported, once).
   */
  raise(key: string, value: number, ttlMs: number): Promise<boolean>;
  delete(...keys: string[]): Promise<void>;
}
