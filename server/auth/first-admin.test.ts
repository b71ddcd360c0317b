// ADMIN_EMAIL/ADMIN_PASSWORD create the first admin at start, and never overwrite a user.
import { statSync } from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { callJson, createTestApp, type TestApp } from '../../tests/support/test-app';

let t: TestApp | undefined;
afterEach(async () => {
  await t?.close();
  t = undefined;
});

const role = (token: string) => JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString()).user.role;

describe('first administrator and secrets', () => {
  it('creates an active admin from ADMIN_EMAIL and ADMIN_PASSWORD', async () => {
    t = await createTestApp({ env: { ADMIN_EMAIL: 'Root@Example.com', ADMIN_PASSWORD: 'root password', ADMIN_NAME: 'Root' } });
    const res = await callJson(t.app, 'POST', '/api/auth/login', { email: 'root@example.com', password: 'root password' });
    expect(res.status).toBe(200);
    expect(role(res.body.token as string)).toBe('admin');
  });

  it('never overwrites an existing user with that email', async () => {
    t = await createTestApp();
    await callJson(t.app, 'POST', '/api/auth/register', { name: 'Eve', email: 'root@example.com', password: 'eve password' });
    await t.app.close();
    const { buildApp } = await import('../app');
    const { parseConfig } = await import('../config');
    const again = await buildApp(
      parseConfig({ ...t.databaseEnv, DATA_DIR: t.dataDir, ADMIN_EMAIL: 'root@example.com', ADMIN_PASSWORD: 'taken over', LOG_LEVEL: 'silent' }),
      { clientDir: undefined },
    );
    try {
      expect((await callJson(again, 'POST', '/api/auth/login', { email: 'root@example.com', password: 'taken over' })).status).toBe(401);
      const eve = await callJson(again, 'POST', '/api/auth/login', { email: 'root@example.com', password: 'eve password' });
      expect(role(eve.body.token as string)).toBe('user');
    } finally {
      await again.close();
    }
  });

  it('generates the signing secret once, with mode 0600, when JWT_SECRET is unset', async () => {
    t = await createTestApp({ env: { JWT_SECRET: '' } });
    const token = (await callJson(t.app, 'POST', '/api/auth/register', { name: 'Kim', email: 'kim@example.com', password: 'kim password' })).body
      .token as string;
    const file = path.join(t.dataDir, 'jwt-secret');
    expect(statSync(file).mode & 0o777).toBe(0o600);
    await t.app.close();
    // A restart reads the same secret, so the old token still works.
    const { buildApp } = await import('../app');
    const { parseConfig } = await import('../config');
    const again = await buildApp(parseConfig({ ...t.databaseEnv, DATA_DIR: t.dataDir, LOG_LEVEL: 'silent' }), { clientDir: undefined });
    try {
      const me = await again.inject({ method: 'GET', url: '/trpc/auth.me', headers: { authorization: `Bearer ${token}` } });
      expect(me.statusCode).toBe(200);
    } finally {
      await again.close();
    }
  });
});
