// A test app started with a first admin (from the environment, as an operator would), its database
// file open beside it for seeding and checking, and that admin signed in: where the tests of the
// admin routes start.
import { afterEach, beforeEach, expect } from 'vitest';
import type { SiteDatabase } from '../../server/db/client';
import { openAppDatabase } from './test-database';
import { callJson, createTestApp, type TestApp } from './test-app';

export const ROOT_ADMIN = { name: 'Root', email: 'root@example.com', password: 'root password' };

export interface AdminApp {
  t: TestApp;
  db: SiteDatabase;
  adminToken: string;
}

export async function startAdminApp(options: Omit<NonNullable<Parameters<typeof createTestApp>[0]>, 'smtp'> & { smtp?: boolean } = {}): Promise<AdminApp> {
  const env = { ADMIN_EMAIL: ROOT_ADMIN.email, ADMIN_PASSWORD: ROOT_ADMIN.password, ADMIN_NAME: ROOT_ADMIN.name, ...options.env };
  const t = await createTestApp({ ...options, env, smtp: options.smtp ?? false });
  const db = await openAppDatabase(t.config);
  return { t, db, adminToken: await signIn(t, ROOT_ADMIN.email, ROOT_ADMIN.password) };
}

/** An admin app for each test of the calling file, started before it and closed after: read its fields inside the tests. */
export function adminAppForEachTest(): AdminApp {
  const app = {} as AdminApp;
  beforeEach(async () => {
    Object.assign(app, await startAdminApp());
  });
  afterEach(() => closeAdminApp(app));
  return app;
}

export async function closeAdminApp({ t, db }: Pick<AdminApp, 't' | 'db'>): Promise<void> {
  await db.close();
  await t.close();
}

/** Signs in through POST /api/auth/login, which must succeed; the session token. */
export async function signIn(t: TestApp, email: string, password: string): Promise<string> {
  const res = await callJson(t.app, 'POST', '/api/auth/login', { email, password });
  expect(res.status).toBe(200);
  return res.body.token as string;
}
