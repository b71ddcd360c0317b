// The in-memory counter store: fixed windows, atomic steps, and memory that stays bounded.
import { describe, expect, it } from 'vitest';
import { DEFAULT_MAX_COUNTERS, MemoryCounterStore } from './memory-counter-store';

function storeWithClock(maxEntries?: number) {
  const clock = { now: 1_000_000 };
  return { clock, store: new MemoryCounterStore(maxEntries, () => clock.now) };
}

describe('the memory counter store', () => {
  it('counts within a fixed window that starts with the first increment', async () => {
    const { clock, store } = storeWithClock();
    expect(await store.increment('k', 1000)).toEqual({ value: 1, expiresInMs: 1000 });
    clock.now += 400;
    expect(await store.increment('k', 1000, { by: 2 })).toEqual({ value: 3, expiresInMs: 600 });
    expect(await store.increment('k', 1000, { by: -1 })).toEqual({ value: 2, expiresInMs: 600 });
    clock.now += 600;
    expect(await store.get('k')).toBeUndefined();
    expect(await store.increment('k', 1000)).toEqual({ value: 1, expiresInMs: 1000 });
  });

  it('starts a sliding window over with each increment', async () => {
    const { clock, store } = storeWithClock();
    await store.increment('k', 1000, { sliding: true });
    clock.now += 900;
    expect(await store.increment('k', 1000, { sliding: true })).toEqual({ value: 2, expiresInMs: 1000 });
    clock.now += 900;
    expect(await store.get('k')).toEqual({ value: 2, expiresInMs: 100 });
  });

  it('gives nothing back to a counter that is gone: no window starts below zero', async () => {
    const { clock, store } = storeWithClock();
    expect(await store.increment('never', 1000, { by: -1 })).toEqual({ value: 0, expiresInMs: 0 });
    expect(await store.get('never')).toBeUndefined();
    await store.increment('k', 1000);
    clock.now += 1000;
    expect(await store.increment('k', 1000, { by: -1 })).toEqual({ value: 0, expiresInMs: 0 });
    expect(await store.increment('k', 1000)).toEqual({ value: 1, expiresInMs: 1000 });
  });

  it('sets, reads and deletes counters', async () => {
    const { clock, store } = storeWithClock();
    await store.set('lock', 3, 500);
    expect(await store.get('lock')).toEqual({ value: 3, expiresInMs: 500 });
    clock.now += 499;
    expect(await store.get('lock')).toEqual({ value: 3, expiresInMs: 1 });
    await store.set('other', 1, 500);
    await store.delete('lock', 'other', 'never-set');
    expect([await store.get('lock'), await store.get('other')]).toEqual([undefined, undefined]);
  });

  it('gives each of many increments sent at once its own number', async () => {
    const { store } = storeWithClock();
    const values = (await Promise.all(Array.from({ length: 100 }, () => store.increment('k', 1000)))).map((c) => c.value);
    expect(values.sort((a, b) => a - b)).toEqual(Array.from({ length: 100 }, (_, i) => i + 1));
  });

  it('keeps a million distinct (email, address) pairs under a fixed size, dropping the least recently used', async () => {
    const { store } = storeWithClock();
    await store.increment('recently used', 60_000);
    for (let i = 0; i < 1_000_000; i++) {
      await store.increment(`login:pair:user${i}@example.com:0:10.${(i >> 16) & 255}.${(i >> 8) & 255}.${i & 255}`, 60_000);
      if (i % 50_000 === 0) await store.get('recently used');
    }
    expect(store.size).toBe(DEFAULT_MAX_COUNTERS);
    expect(await store.get('recently used')).toMatchObject({ value: 1 });
    expect(await store.get('login:pair:user0@example.com:0:10.0.0.0')).toBeUndefined();
  });
});
