// REDIS_URL (CONTRACT §3 "Past one machine"): what one process changes, the others answer within a
// second. Two apps on one data folder and one throwaway redis-server stand for two processes.
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { startRedis, type RedisServer } from '../../tests/support/redis-server';
import { callJson, createTestApp, type TestApp } from '../../tests/support/test-app';
import { buildApp } from '../app';

let redis: RedisServer;
beforeAll(async () => {
  redis = await startRedis();
});
afterAll(async () => {
  await redis.stop();
});

let a: TestApp;
let b: TestApp['app'];
afterEach(async () => {
  await b.close();
  await a.close();
});

const ADMIN = { email: 'root@example.com', password: 'root password' };

describe('changes seen by every process', () => {
  it('a slider setting saved through one process is in the other’s public answer within a second', async () => {
    a = await createTestApp({ env: { REDIS_URL: redis.url, ADMIN_EMAIL: ADMIN.email, ADMIN_PASSWORD: ADMIN.password } });
    b = await buildApp(a.config, { clientDir: undefined, logStream: a.logs });
    const publicConfig = async () => (await b.inject('/api/slider/public')).json().data.config as { overlayOpacity: number };
    // B has built and keeps its answer before the change.
    expect((await publicConfig()).overlayOpacity).toBe(0.2);

    const token = (await callJson(a.app, 'POST', '/api/auth/login', ADMIN)).body.token as string;
    const config = (await callJson(a.app, 'GET', '/api/slider/config', undefined, token)).body.data as Record<string, unknown>;
    const saved = await callJson(a.app, 'PUT', '/api/slider/config', { ...config, overlayOpacity: 0.55 }, token);
    expect(saved.status).toBe(200);
    const changedAt = Date.now();

    await vi.waitFor(async () => expect((await publicConfig()).overlayOpacity).toBe(0.55), { timeout: 1000, interval: 20 });
    expect(Date.now() - changedAt).toBeLessThan(1000);
  });

  it('without REDIS_URL, a process sees its own changes at once', async () => {
    a = await createTestApp({ env: { ADMIN_EMAIL: ADMIN.email, ADMIN_PASSWORD: ADMIN.password } });
    b = a.app;
    const token = (await callJson(a.app, 'POST', '/api/auth/login', ADMIN)).body.token as string;
    expect((await a.app.inject('/api/slider/public')).json().data.config.overlayOpacity).toBe(0.2);
    const config = (await callJson(a.app, 'GET', '/api/slider/config', undefined, token)).body.data as Record<string, unknown>;
    await callJson(a.app, 'PUT', '/api/slider/config', { ...config, overlayOpacity: 0.7 }, token);
    expect((await a.app.inject('/api/slider/public')).json().data.config.overlayOpacity).toBe(0.7);
  });
});
