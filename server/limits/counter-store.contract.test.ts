// What every counter store must do (counter-store.ts), checked against each one: the memory store
// and the Redis store on a throwaway redis-server. Real time, short windows.
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startRedis, type RedisServer } from '../../scripts/redis-server';
import type { CounterStore } from './counter-store';
import { MemoryCounterStore } from './memory-counter-store';
import { RedisCounterStore } from './redis-counter-store';

let server: RedisServer;
let redis: Redis;
beforeAll(async () => {
  server = await startRedis();
  redis = new Redis(server.url);
});
afterAll(async () => {
  await redis.quit();
  await server.stop();
});

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
let run = 0;

describe.each([
  ['memory', () => new MemoryCounterStore()],
  ['Redis', () => new RedisCounterStore(redis, `test${++run}:`)],
] as Array<[string, () => CounterStore]>)('the %s counter store', (_name, makeStore) => {
  it('counts in a fixed window from the first increment, then starts over', async () => {
    const store = makeStore();
    expect((await store.increment('k', 300)).value).toBe(1);
    await sleep(100);
    const second = await store.increment('k', 300, { by: 2 });
    expect(second.value).toBe(3);
    expect(second.expiresInMs).toBeLessThanOrEqual(210);
    await sleep(250);
    expect(await store.get('k')).toBeUndefined();
    expect((await store.increment('k', 300)).value).toBe(1);
  });

  it('starts a sliding window over with each increment', async () => {
    const store = makeStore();
    await store.increment('k', 300, { sliding: true });
    await sleep(200);
    expect(await store.increment('k', 300, { sliding: true })).toMatchObject({ value: 2 });
    await sleep(200);
    expect(await store.get('k')).toMatchObject({ value: 2 });
  });

  it('gives places back, but never to a counter that is gone', async () => {
    const store = makeStore();
    await store.increment('k', 10_000, { by: 3 });
    expect((await store.increment('k', 10_000, { by: -1 })).value).toBe(2);
    expect(await store.increment('gone', 10_000, { by: -1 })).toEqual({ value: 0, expiresInMs: 0 });
    expect(await store.get('gone')).toBeUndefined();
  });

  it('gives each of a hundred increments sent at once its own number', async () => {
    const store = makeStore();
    const values = (await Promise.all(Array.from({ length: 100 }, () => store.increment('k', 10_000)))).map((c) => c.value);
    expect(values.sort((a, b) => a - b)).toEqual(Array.from({ length: 100 }, (_, i) => i + 1));
  });

  it('raises a counter once to each higher value, however many callers try at once', async () => {
    const store = makeStore();
    const raised = await Promise.all(Array.from({ length: 50 }, () => store.raise('lock', 1, 10_000)));
    expect(raised.filter(Boolean)).toHaveLength(1);
    expect(await store.get('lock')).toMatchObject({ value: 1 });
    expect(await store.raise('lock', 1, 10_000)).toBe(false);
    expect(await store.raise('lock', 2, 300)).toBe(true);
    const lock = await store.get('lock');
    expect(lock?.value).toBe(2);
    expect(lock?.expiresInMs).toBeLessThanOrEqual(300);
    // Gone with its expiry, then free to be raised again from nothing.
    await sleep(350);
    expect(await store.raise('lock', 1, 10_000)).toBe(true);
  });

  it('sets, reads and deletes', async () => {
    const store = makeStore();
    await store.set('a', 7, 10_000);
    await store.set('b', 1, 10_000);
    const a = await store.get('a');
    expect(a?.value).toBe(7);
    expect(a?.expiresInMs).toBeGreaterThan(9000);
    await store.delete('a', 'b', 'never');
    expect([await store.get('a'), await store.get('b')]).toEqual([undefined, undefined]);
    await store.delete();
  });
});
