// Issue 33, finding 4: the exports' batches are the work of the two export routes alone. Called
// over /trpc they would hand out the same rows with no user.export or account.export entry, so
// they are not procedures of the root router: only the routes, which record the export, call them.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { closeAdminApp, startAdminApp, type AdminApp } from '../../tests/support/admin-app';
import { callJson } from '../../tests/support/test-app';
import { sql } from 'drizzle-orm';
import { sqlRows } from '../../tests/support/test-database';

let app: AdminApp;
beforeEach(async () => {
  app = await startAdminApp();
});
afterEach(() => closeAdminApp(app));

const trpcGet = (path: string, token: string, input?: unknown) =>
  app.t.app.inject({
    method: 'GET',
    url: `/trpc/${path}${input === undefined ? '' : `?input=${encodeURIComponent(JSON.stringify(input))}`}`,
    headers: { authorization: `Bearer ${token}` },
  });

describe('the export batches', () => {
  it('are not callable over /trpc, by an admin or a member: only the export routes read them, and record it', async () => {
    const member = (await callJson(app.t.app, 'POST', '/api/auth/register', { name: 'Mo', email: 'mo@example.com', password: 'mo password' })).body
      .token as string;
    const calls: Array<[string, string, unknown]> = [
      ['users.exportBatch', app.adminToken, { search: '' }],
      ['account.exportProfile', member, undefined],
      ['account.exportAudit', member, {}],
      ['account.exportProfile', app.adminToken, undefined],
      ['account.exportAudit', app.adminToken, {}],
    ];
    for (const [path, token, input] of calls) {
      const res = await trpcGet(path, token, input);
      expect(res.statusCode, path).toBe(404);
      expect(res.body, path).not.toContain('root@example.com');
      expect(res.body, path).not.toContain('mo@example.com');
    }
    const entries = () => sqlRows<{ action: string }>(app.db.db, sql`select action from audit_entries where action in ('user.export', 'account.export')`);
    expect(await entries()).toEqual([]);
    // The routes still export, and each export is in the trail.
    const csv = await app.t.app.inject({ method: 'GET', url: '/api/admin/users/export.csv', headers: { authorization: `Bearer ${app.adminToken}` } });
    expect(csv.statusCode).toBe(200);
    expect(csv.body).toContain('mo@example.com');
    const json = await app.t.app.inject({ method: 'GET', url: '/api/account/export', headers: { authorization: `Bearer ${member}` } });
    expect(json.statusCode).toBe(200);
    expect(json.json()).toMatchObject({ profile: { email: 'mo@example.com' }, auditEntries: [] });
    expect((await entries()).map((entry) => entry.action).sort()).toEqual(['account.export', 'user.export']);
  });
});
