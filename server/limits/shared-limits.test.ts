// REDIS_URL (CONTRACT §3 "Past one machine"): two apps on one database and one Redis count every
// limit together, as two processes of one site must.
import { eq } from 'drizzle-orm';
import { Redis } from 'ioredis';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { startRedis, type RedisServer } from '../../scripts/redis-server';
import { ROOT_ADMIN, signIn } from '../../tests/support/admin-app';
import { callJson, createTestApp, type TestApp } from '../../tests/support/test-app';
import { withAppDatabase } from '../../tests/support/test-database';
import { users } from '../db/schema';
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

  it('ten comments sent at once to both processes, with a limit of five, give exactly five', async () => {
    a = await createTestApp({
      env: { REDIS_URL: redis.url, COMMENTS_PER_HOUR: '5', ADMIN_EMAIL: ROOT_ADMIN.email, ADMIN_PASSWORD: ROOT_ADMIN.password },
    });
    b = await buildApp(a.config, { clientDir: undefined, logStream: a.logs });
    const admin = await signIn(a, ROOT_ADMIN.email, ROOT_ADMIN.password);
    const module = await callJson(a.app, 'POST', '/api/admin/course/modules', { title: 'Talk', published: true }, admin);
    const moduleId = (module.body.module as { _id: string })._id;
    const lesson = await callJson(
      a.app,
      'POST',
      '/api/admin/course/lessons',
      { moduleId, title: 'Open', kind: 'text', published: true, freePreview: true },
      admin,
    );
    const lessonId = (lesson.body.lesson as { _id: string })._id;
    const token = (await post(a.app, '/api/auth/register', ann)).json<{ token: string }>().token;
    await withAppDatabase(a.config, (db) => db.update(users).set({ emailVerified: true }).where(eq(users.email, ann.email)));
    const posts = Array.from({ length: 10 }, (_, i) =>
      (i % 2 ? a.app : b!).inject({
        method: 'POST',
        url: `/api/course/lessons/${lessonId}/comments`,
        headers: { authorization: `Bearer ${token}` },
        payload: { body: `Post ${i}` },
      }),
    );
    const statuses = (await Promise.all(posts)).map((res) => res.statusCode);
    expect(statuses.filter((status) => status === 201)).toHaveLength(5);
    expect(statuses.filter((status) => status === 429)).toHaveLength(5);
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

describe('a Redis that may evict keys', () => {
  // One test app per test (closed after it, with b); each start below is another process of its site.
  beforeEach(async () => {
    a = await createTestApp();
  });

  /** A Redis started with these settings, and a start of the site on it. */
  async function startOn(settings: string[], redisAllowEviction = false) {
    const own = await startRedis(settings);
    return { own, start: buildApp({ ...a.config, redisUrl: own.url, redisAllowEviction }, { clientDir: undefined, logStream: a.logs }) };
  }

  /** The connections a Redis holds, not counting the one that asks. */
  const clientsOf = async (url: string) => {
    const probe = new Redis(url);
    try {
      return Number(/connected_clients:(\d+)/.exec(await probe.info('clients'))![1]) - 1;
    } finally {
      probe.disconnect();
    }
  };

  it('stops the start unless maxmemory-policy is noeviction, naming the policy and the override', async () => {
    for (const policy of ['allkeys-lru', 'volatile-ttl']) {
      const { own, start } = await startOn(['--maxmemory-policy', policy]);
      try {
        await expect(start).rejects.toThrow(ConfigError);
        await expect(start).rejects.toThrow(
          `Invalid environment:\n  REDIS_URL: Redis's maxmemory-policy is ${policy}: under memory pressure it deletes keys, sign-in locks and limits among them. ` +
            'Set it to noeviction (maxmemory-policy noeviction in redis.conf, or CONFIG SET maxmemory-policy noeviction), ' +
            'or set REDIS_ALLOW_EVICTION=1 to start anyway and accept that risk',
        );
        // The refused start left no connection open.
        await vi.waitFor(async () => expect(await clientsOf(own.url)).toBe(0));
      } finally {
        await own.stop();
      }
    }
  });

  it('starts on it with REDIS_ALLOW_EVICTION=1, warning in the log, and counts there', async () => {
    const { own, start } = await startOn(['--maxmemory-policy', 'allkeys-lru'], true);
    try {
      b = await start;
      const warning = a.logs.lines.map((line) => JSON.parse(line) as { level: number; msg: string; policy?: string }).find((line) => line.policy);
      expect(warning).toMatchObject({
        level: 40,
        policy: 'allkeys-lru',
        msg: 'Redis evicts keys under memory pressure (maxmemory-policy allkeys-lru), and REDIS_ALLOW_EVICTION=1 starts the site anyway: sign-in locks and limits may be dropped',
      });
      expect((await post(b, '/api/auth/register', ann)).statusCode).toBe(201);
      const probe = new Redis(own.url);
      try {
        expect(await probe.dbsize()).toBeGreaterThan(0);
      } finally {
        probe.disconnect();
      }
    } finally {
      await b?.close();
      b = undefined;
      await own.stop();
    }
  });

  it('stops the start when CONFIG is disabled, as on hosted Redis, saying so and naming the override; starts with it', async () => {
    const disabled = ['--rename-command', 'CONFIG', '""'];
    const refused = await startOn(disabled);
    try {
      await expect(refused.start).rejects.toThrow(
        /^Invalid environment:\n {2}REDIS_URL: could not read Redis's maxmemory-policy \(CONFIG GET maxmemory-policy: ERR unknown command 'config'.*\)\. Hosted Redis services often disable or rename CONFIG: check in the service's settings that the policy is noeviction, then set REDIS_ALLOW_EVICTION=1 to start without this check$/,
      );
    } finally {
      await refused.own.stop();
    }
    const allowed = await startOn(disabled, true);
    try {
      b = await allowed.start;
      expect(a.logs.text).toContain(
        "Redis's maxmemory-policy could not be read (CONFIG refused), and REDIS_ALLOW_EVICTION=1 starts the site anyway: if Redis evicts keys, sign-in locks and limits may be dropped",
      );
    } finally {
      await b?.close();
      b = undefined;
      await allowed.own.stop();
    }
  });

  it('starts without a word on a Redis that does not evict, override or not', async () => {
    for (const allow of [false, true]) {
      const { own, start } = await startOn(['--maxmemory-policy', 'noeviction'], allow);
      try {
        b = await start;
        expect(a.logs.text).not.toMatch(/maxmemory-policy/);
      } finally {
        await b?.close();
        b = undefined;
        await own.stop();
      }
    }
  });
});
