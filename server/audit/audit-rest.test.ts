// GET /api/admin/audit (CONTRACT §3 "Operators") through the REST façade and tRPC: who may read
// it, the entry's shape, newest first 20 a page, the action filter and the refusals.
import { eq, sql } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { AUDIT_ACTIONS, type AuditAction, type AuditEntry } from '../../shared/audit';
import { callJson, createTestApp, type TestApp } from '../../tests/support/test-app';
import { openAppDatabase, sqlRun } from '../../tests/support/test-database';
import type { SiteDatabase } from '../db/client';
import { users } from '../db/schema';
import { transaction } from '../db/transaction';
import { recordAudit } from './record';

const ADMIN = { email: 'root@example.com', password: 'root password' };

let t: TestApp;
let db: SiteDatabase;
let adminToken: string;

beforeEach(async () => {
  t = await createTestApp({ env: { ADMIN_EMAIL: ADMIN.email, ADMIN_PASSWORD: ADMIN.password } });
  db = await openAppDatabase(t.config);
  adminToken = (await callJson(t.app, 'POST', '/api/auth/login', ADMIN)).body.token as string;
  // Each test starts from an empty trail (the first admin's creation is in it).
  await sqlRun(db.db, sql`delete from audit_entries`);
});
afterEach(async () => {
  await db.close();
  await t.close();
});

const audit = (query = '', token = adminToken) => callJson(t.app, 'GET', `/api/admin/audit${query}`, undefined, token);

async function page(query = '') {
  const res = await audit(query);
  expect(res.status).toBe(200);
  return res.body as { data: AuditEntry[]; totalPages: number; currentPage: number };
}

const BASE = 1_700_000_000_000;

/** Records `n` entries one second apart, the last newest, with summaries "entry 0", "entry 1", .... */
async function seed(n: number, action: (i: number) => AuditAction = () => 'user.update') {
  await transaction(db.db, async (tx) => {
    for (let i = 0; i < n; i++) {
      await recordAudit(
        tx,
        { actor: { id: 'admin-id', email: ADMIN.email }, action: action(i), target: { type: 'user', id: `user-${i}` }, summary: `entry ${i}` },
        BASE + i * 1000,
      );
    }
  });
}

describe('who may read the trail', () => {
  it('refuses no token (401), a member (403) and a suspended admin (403), over REST and tRPC', async () => {
    const member = (await callJson(t.app, 'POST', '/api/auth/register', { name: 'Mo', email: 'mo@example.com', password: 'mo password' })).body.token as string;
    const anonymous = await callJson(t.app, 'GET', '/api/admin/audit');
    expect(anonymous).toMatchObject({ status: 401, body: { message: 'Please sign in to continue' } });
    expect(await audit('', member)).toMatchObject({ status: 403, body: { message: 'Administrator access is required' } });
    expect(await audit('', 'not-a-token')).toMatchObject({ status: 401 });
    const trpc = (token?: string) => t.app.inject({ method: 'GET', url: '/trpc/audit.list', headers: token ? { authorization: `Bearer ${token}` } : {} });
    expect((await trpc()).statusCode).toBe(401);
    expect((await trpc(member)).statusCode).toBe(403);

    await db.db.update(users).set({ role: 'admin', status: 'suspended' }).where(eq(users.email, 'mo@example.com'));
    expect((await audit('', member)).status).toBe(403);
  });
});

describe('the list', () => {
  it('answers entries of CONTRACT’s shape, nothing more', async () => {
    await transaction(db.db, async (tx) => {
      await recordAudit(
        tx,
        { actor: { id: 'admin-id', email: ADMIN.email }, action: 'user.delete', target: { type: 'user', id: 'gone-id' }, summary: 'deleted ann@example.com' },
        BASE,
      );
      await recordAudit(tx, { actor: null, action: 'auth.lockout', target: { type: 'user', id: 'bob-id' }, summary: 'bob@example.com: locked' }, BASE + 1);
    });
    const { data } = await page();
    expect(data).toEqual([
      {
        _id: expect.any(String) as string,
        at: new Date(BASE + 1).toISOString(),
        actor: { id: null, email: null },
        action: 'auth.lockout',
        target: { type: 'user', id: 'bob-id' },
        summary: 'bob@example.com: locked',
      },
      {
        _id: expect.any(String) as string,
        at: new Date(BASE).toISOString(),
        actor: { id: 'admin-id', email: ADMIN.email },
        action: 'user.delete',
        target: { type: 'user', id: 'gone-id' },
        summary: 'deleted ann@example.com',
      },
    ]);
    expect(data[0]!._id).not.toBe(data[1]!._id);
  });

  it('is one empty page when there is nothing yet', async () => {
    expect(await page()).toEqual({ data: [], totalPages: 1, currentPage: 1 });
  });

  it('pages 20 at a time, newest first, whatever order the entries were written in', async () => {
    await transaction(db.db, async (tx) => {
      // Written oldest last: the order comes from `at`, not from the writing.
      for (let i = 44; i >= 0; i--) {
        await recordAudit(tx, { actor: null, action: 'media.scan', target: { type: 'media', id: '/m' }, summary: `entry ${i}` }, BASE + i * 1000);
      }
    });
    const first = await page();
    expect(first.totalPages).toBe(3);
    expect(first.currentPage).toBe(1);
    expect(first.data.map((e) => e.summary)).toEqual(Array.from({ length: 20 }, (_, i) => `entry ${44 - i}`));
    expect((await page('?page=2')).data.map((e) => e.summary)).toEqual(Array.from({ length: 20 }, (_, i) => `entry ${24 - i}`));
    const last = await page('?page=3');
    expect(last.data.map((e) => e.summary)).toEqual(['entry 4', 'entry 3', 'entry 2', 'entry 1', 'entry 0']);
    expect(await page('?page=4')).toEqual({ data: [], totalPages: 3, currentPage: 4 });
    // A blank page is the first.
    expect((await page('?page=&action=')).currentPage).toBe(1);
  });

  it('filters by action, counting the pages of that action only', async () => {
    await seed(50, (i) => (i % 5 === 0 ? 'playlist.delete' : 'user.update'));
    const deletions = await page('?action=playlist.delete');
    expect(deletions.totalPages).toBe(1);
    expect(deletions.data.map((e) => e.summary)).toEqual([45, 40, 35, 30, 25, 20, 15, 10, 5, 0].map((i) => `entry ${i}`));
    expect(deletions.data.every((e) => e.action === 'playlist.delete')).toBe(true);
    const updates = await page('?action=user.update&page=2');
    expect(updates).toMatchObject({ totalPages: 2, currentPage: 2 });
    expect(updates.data).toHaveLength(20);
    expect(updates.data.every((e) => e.action === 'user.update')).toBe(true);
    expect(await page('?action=auth.2fa.enable')).toEqual({ data: [], totalPages: 1, currentPage: 1 });
  });

  it('refuses a bad page or an unknown action with a 400 naming the field', async () => {
    await seed(1);
    const cases: Array<[string, string]> = [
      ['?page=0', 'page must be a whole number of 1 or more'],
      ['?page=-1', 'page must be a whole number of 1 or more'],
      ['?page=1.5', 'page must be a whole number of 1 or more'],
      ['?page=two', 'page must be a whole number of 1 or more'],
      ['?page=1&page=2', 'page must be a whole number of 1 or more'],
      ['?page=1e12', 'page is too large'],
      ['?action=user.hack', `action must be one of ${AUDIT_ACTIONS.join(', ')}`],
      ['?action=USER.CREATE', `action must be one of ${AUDIT_ACTIONS.join(', ')}`],
      ['?action=user.create&action=user.delete', `action must be one of ${AUDIT_ACTIONS.join(', ')}`],
      [`?action=${'x'.repeat(5000)}`, `action must be one of ${AUDIT_ACTIONS.join(', ')}`],
    ];
    for (const [query, message] of cases) {
      const res = await audit(query);
      expect(res.status, query).toBe(400);
      expect(res.body, query).toEqual({ message });
    }
  });

  it('knows every action of CONTRACT, two-factor ones included', () => {
    // CONTRACT §3 "Operators", word for word.
    const contract =
      'Audit actions are at least `user.create`, `user.update`, `user.delete`, `media.upload`, `media.delete`, `media.scan`, `slider.config.update`, ' +
      '`playlist.create`, `playlist.update`, `playlist.delete`, `auth.lockout`, `auth.password-reset`, `auth.2fa.enable`, `auth.2fa.disable`.';
    const named = [...contract.matchAll(/`([^`]+)`/g)].map((match) => match[1]);
    expect(named).toHaveLength(14);
    expect(AUDIT_ACTIONS).toEqual(expect.arrayContaining(named));
    expect(new Set(AUDIT_ACTIONS).size).toBe(AUDIT_ACTIONS.length);
  });
});
