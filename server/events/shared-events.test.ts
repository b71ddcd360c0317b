// REDIS_URL (CONTRACT §3 "Past one machine"): what one process changes, the others answer within a
// second. Two apps on one data folder and one throwaway redis-server stand for two processes.
import pino from 'pino';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { startRedis, type RedisServer } from '../../scripts/redis-server';
import { callJson, createTestApp, type TestApp } from '../../tests/support/test-app';
import { buildApp } from '../app';
import { closeRedis, connectRedis } from '../redis-client';
import { RedisEventBus } from './redis-event-bus';

let redis: RedisServer;
beforeAll(async () => {
  redis = await startRedis();
});
afterAll(async () => {
  await redis.stop();
});

let a: TestApp | undefined;
let b: TestApp['app'] | undefined;
afterEach(async () => {
  if (b !== a?.app) await b?.close();
  await a?.close();
  a = b = undefined;
});

const ADMIN = { email: 'root@example.com', password: 'root password' };

describe('changes seen by every process', () => {
  it('a slider setting saved through one process is in the other’s public answer within a second', async () => {
    const first = (a = await createTestApp({ env: { REDIS_URL: redis.url, ADMIN_EMAIL: ADMIN.email, ADMIN_PASSWORD: ADMIN.password } }));
    const second = (b = await buildApp(first.config, { clientDir: undefined, logStream: first.logs }));
    const publicConfig = async () => (await second.inject('/api/slider/public')).json().data.config as { overlayOpacity: number };
    // B has built and keeps its answer before the change.
    expect((await publicConfig()).overlayOpacity).toBe(0.2);

    const token = (await callJson(first.app, 'POST', '/api/auth/login', ADMIN)).body.token as string;
    const config = (await callJson(first.app, 'GET', '/api/slider/config', undefined, token)).body.data as Record<string, unknown>;
    const saved = await callJson(first.app, 'PUT', '/api/slider/config', { ...config, overlayOpacity: 0.55 }, token);
    expect(saved.status).toBe(200);
    const changedAt = Date.now();

    await vi.waitFor(async () => expect((await publicConfig()).overlayOpacity).toBe(0.55), { timeout: 1000, interval: 20 });
    expect(Date.now() - changedAt).toBeLessThan(1000);
  });

  it('a lesson published through one process is in the other’s course outline within a second', async () => {
    const first = (a = await createTestApp({ env: { REDIS_URL: redis.url, ADMIN_EMAIL: ADMIN.email, ADMIN_PASSWORD: ADMIN.password } }));
    const second = (b = await buildApp(first.config, { clientDir: undefined, logStream: first.logs }));
    const lessonTitles = async () =>
      ((await second.inject('/api/course')).json().modules as Array<{ lessons: Array<{ title: string }> }>)[0]!.lessons.map((l) => l.title);
    // B has read and keeps the outline before the change.
    expect(await lessonTitles()).toEqual([]);

    const token = (await callJson(first.app, 'POST', '/api/auth/login', ADMIN)).body.token as string;
    const moduleId = ((await callJson(first.app, 'GET', '/api/admin/course', undefined, token)).body.modules as Array<{ _id: string }>)[0]!._id;
    const created = await callJson(first.app, 'POST', '/api/admin/course/lessons', { moduleId, title: 'Fresh', kind: 'text', published: true }, token);
    expect(created.status).toBe(201);
    await vi.waitFor(async () => expect(await lessonTitles()).toEqual(['Fresh']), { timeout: 1000, interval: 20 });
  });

  it('without REDIS_URL, a process sees its own changes at once', async () => {
    const { app } = (a = await createTestApp({ env: { ADMIN_EMAIL: ADMIN.email, ADMIN_PASSWORD: ADMIN.password } }));
    const token = (await callJson(app, 'POST', '/api/auth/login', ADMIN)).body.token as string;
    expect((await app.inject('/api/slider/public')).json().data.config.overlayOpacity).toBe(0.2);
    const config = (await callJson(app, 'GET', '/api/slider/config', undefined, token)).body.data as Record<string, unknown>;
    await callJson(app, 'PUT', '/api/slider/config', { ...config, overlayOpacity: 0.7 }, token);
    expect((await app.inject('/api/slider/public')).json().data.config.overlayOpacity).toBe(0.7);
  });

  it('an event with a payload reaches the other process with it, and the publisher’s own subscribers once', async () => {
    const log = pino({ level: 'silent' });
    const [one, two] = await Promise.all([connectRedis(redis.url, log), connectRedis(redis.url, log)]);
    const [first, second] = await Promise.all([RedisEventBus.connect(one, log), RedisEventBus.connect(two, log)]);
    try {
      const heardHere: unknown[] = [];
      const heardThere: unknown[] = [];
      first.subscribe('comment-changed', (payload) => heardHere.push(payload));
      second.subscribe('comment-changed', (payload) => heardThere.push(payload));
      first.publish('comment-changed', { lessonId: 'l1', threadId: 'c1' });
      expect(heardHere).toEqual([{ lessonId: 'l1', threadId: 'c1' }]);
      await vi.waitFor(() => expect(heardThere).toEqual([{ lessonId: 'l1', threadId: 'c1' }]), { timeout: 1000, interval: 10 });
      expect(heardHere).toHaveLength(1);
    } finally {
      await Promise.all([first.close(), second.close()]);
      await Promise.all([closeRedis(one), closeRedis(two)]);
    }
  });
});
