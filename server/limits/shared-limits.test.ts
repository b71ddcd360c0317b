// REDIS_URL (CONTRACT §3 "Past one machine"): two apps on one database and one Redis count every
// limit together, as two processes of one site must.
import { Redis } from 'ioredis';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { startRedis, type RedisServer } from '../../scripts/redis-server';
import { createTestApp, type TestApp } from '../../tests/support/test-app';
import { buildApp } from '../app';
import { ConfigError } from '../config';

let redis: RedisServer;
let client: Redis;
beforeAll(async () => {
  redis = await startRedis();
  client = new Redis(redis.url);
});
afterAll(async () => {
  await client.quit();
  await redis.stop();
});
// Every test is a new site: nothing counted by the one before.
beforeEach(async () => {
  await client.flushall();
});

let a: TestApp;
let b: TestApp['app'] | undefined;
afterEach(async () => {
  await b?.close();
  await a?.close();
  b = undefined;
});

const ann = { name: 'Ann Example', email: 'ann@example.com', password: 'correct horse' };

/** Two apps on the same data folder and Redis, as two processes of one site. */
async function twoProcesses(redisUrl = redis.url) {
  a = await createTestApp({ env: { REDIS_URL: redisUrl } });
  b = await buildApp(a.config, { clientDir: undefined, logStream: a.logs });
  return [a.app, b] as const;
}

const post = (app: TestApp['app'], url: string, payload: unknown) => app.inject({ method: 'POST', url, payload: payload as Record<string, unknown> });
const checks = () => a.logs.lines.filter((line) => (JSON.parse(line) as { msg: string }).msg === 'sign-in failed').length;

describe('limits shared through Redis', () => {
  it('five failed guesses through one process and one through the other give the other’s 429', async () => {
    const [first, second] = await twoProcesses();
    expect((await post(first, '/api/auth/register', ann)).statusCode).toBe(201);
    for (let i = 0; i < 5; i++) expect((await post(first, '/api/auth/login', { email: ann.email, password: `wrong ${i}` })).statusCode).toBe(401);
    const refused = await post(second, '/api/auth/login', ann);
    expect(refused.statusCode).toBe(429);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect(checks()).toBe(5);
  });

  it('guesses sent to both processes at once are checked five times in all', async () => {
    const [first, second] = await twoProcesses();
    expect((await post(first, '/api/auth/register', ann)).statusCode).toBe(201);
    const guesses = Array.from({ length: 40 }, (_, i) => post(i % 2 ? first : second, '/api/auth/login', { email: ann.email, password: `wrong ${i}` }));
    const statuses = (await Promise.all(guesses)).map((res) => res.statusCode);
    expect(statuses.filter((status) => status === 401)).toHaveLength(5);
    expect(checks()).toBe(5);
  });

  it('an address’s registrations count together, whichever process they reach', async () => {
    const [first, second] = await twoProcesses();
    for (let i = 0; i < 10; i++)
      expect((await post(i % 2 ? first : second, '/api/auth/register', { ...ann, email: `m${i}@example.com` })).statusCode).toBe(201);
    expect((await post(first, '/api/auth/register', { ...ann, email: 'm10@example.com' })).statusCode).toBe(429);
    expect((await post(second, '/api/auth/register', { ...ann, email: 'm11@example.com' })).statusCode).toBe(429);
  });

  it('without Redis, a sign-in is refused rather than let through uncounted', async () => {
    const own = await startRedis();
    const [first] = await twoProcesses(own.url);
    expect((await post(first, '/api/auth/register', ann)).statusCode).toBe(201);
    await own.stop();
    const res = await post(first, '/api/auth/login', ann);
    expect(res.statusCode).toBe(500);
    expect(res.json()).toEqual({ msg: 'Internal Server Error' });
    await vi.waitFor(() => expect(a.logs.text).toContain('Redis unreachable'));
  });

  it('a Redis that stalls fails a sign-in within seconds, and the app still closes', async () => {
    const own = await startRedis();
    try {
      const [first] = await twoProcesses(own.url);
      expect((await post(first, '/api/auth/register', ann)).statusCode).toBe(201);
      own.pause();
      const started = Date.now();
      expect((await post(first, '/api/auth/login', ann)).statusCode).toBe(500);
      expect(Date.now() - started).toBeLessThan(5000);
      const closing = Date.now();
      await b!.close();
      await a.app.close();
      expect(Date.now() - closing).toBeLessThan(5000);
    } finally {
      await own.stop();
    }
  });

  it('a REDIS_URL that cannot be reached stops the start with a clear message', async () => {
    const own = await startRedis();
    await own.stop();
    a = await createTestApp();
    const start = buildApp({ ...a.config, redisUrl: own.url }, { clientDir: undefined, logStream: a.logs });
    await expect(start).rejects.toThrow(ConfigError);
    await expect(start).rejects.toThrow(/^Invalid environment:\n {2}REDIS_URL: could not connect \(connect ECONNREFUSED/);
  });
});
