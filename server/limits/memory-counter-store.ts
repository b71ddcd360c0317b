// The counter store in this process's memory, bounded: past `maxEntries` the least recently used
// counter is dropped, so a flood of distinct keys (a million (email, address) pairs) costs a fixed
// amount of memory instead of growing without end. See docs/decisions/007-limits-and-sessions.md
// for what dropping a counter can cost.
import { LRUCache } from 'lru-cache';
import type { Counter, CounterStore } from './counter-store';

interface Entry {
  value: number;
  expiresAt: number;
}

export const DEFAULT_MAX_COUNTERS = 100_000;

export class MemoryCounterStore implements CounterStore {
  private readonly entries: LRUCache<string, Entry>;

  constructor(
    readonly maxEntries = DEFAULT_MAX_COUNTERS,
    private readonly now: () => number = Date.now,
  ) {
    // Bounded by size, one per counter, rather than by `max`: the same bound, but `max` allocates its
    // arrays of 100,000 slots at once, a cost every start (and every test app) paid for nothing.
    this.entries = new LRUCache({ maxSize: maxEntries, sizeCalculation: () => 1 });
  }

  /** How many counters are held (tests and the bound's proof). */
  get size(): number {
    return this.entries.size;
  }

  private live(key: string, now: number): Entry | undefined {
    const entry = this.entries.get(key);
    if (entry && entry.expiresAt <= now) {
      this.entries.delete(key);
      return undefined;
    }
    return entry;
  }

  // Synchronous underneath, so each step is atomic: nothing runs between the read and the write.
  increment(key: string, windowMs: number, { by = 1, sliding = false }: { by?: number; sliding?: boolean } = {}): Promise<Counter> {
    const now = this.now();
    const live = this.live(key, now);
    if (!live && by < 0) return Promise.resolve({ value: 0, expiresInMs: 0 });
    const entry = live ?? { value: 0, expiresAt: now + windowMs };
    entry.value += by;
    if (sliding) entry.expiresAt = now + windowMs;
    this.entries.set(key, entry);
    return Promise.resolve({ value: entry.value, expiresInMs: entry.expiresAt - now });
  }

  get(key: string): Promise<Counter | undefined> {
    const now = this.now();
    const entry = this.live(key, now);
    return Promise.resolve(entry && { value: entry.value, expiresInMs: entry.expiresAt - now });
  }

  set(key: string, value: number, ttlMs: number): Promise<void> {
    this.entries.set(key, { value, expiresAt: this.now() + ttlMs });
    return Promise.resolve();
  }

  raise(key: string, value: number, ttlMs: number): Promise<boolean> {
    const now = this.now();
    if ((this.live(key, now)?.value ?? 0) >= value) return Promise.resolve(false);
    this.entries.set(key, { value, expiresAt: now + ttlMs });
    return Promise.resolve(true);
  }

  delete(...keys: string[]): Promise<void> {
    for (const key of keys) this.entries.delete(key);
    return Promise.resolve();
  }
}
