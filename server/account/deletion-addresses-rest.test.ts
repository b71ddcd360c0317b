// Issue 33, finding 9 (CONTRACT §5 "audit entries keep the id but drop the email"): a member who
// leaves takes every address they had out of the audit trail, not only the last one: the addresses
// an admin's changes named, the one they moved away from through the mailed link, and the actor
// address their own entries were written with. Another person's address stays where it stands.
import { sql } from 'drizzle-orm';
import { afterEach, beforeEach, expect, it } from 'vitest';
import { ACCOUNT_MESSAGES } from '../../shared/account';
import { closeAdminApp, signIn, startAdminApp, type AdminApp } from '../../tests/support/admin-app';
import { callJson, TEST_APP_URL } from '../../tests/support/test-app';
import { sqlRows } from '../../tests/support/test-database';

let site: AdminApp;
beforeEach(async () => {
  site = await startAdminApp({ smtp: true });
});
afterEach(() => closeAdminApp(site));

const api = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, body?: unknown, token = site.adminToken) => callJson(site.t.app, method, url, body, token);
const PASSWORD = 'ann password';

it('a deleted member’s earlier addresses leave the trail too, from the summaries and the actor column, and nobody else’s do', async () => {
  const registered = await api('POST', '/api/auth/register', { name: 'Ann', email: 'ann.first@example.com', password: PASSWORD }, '');
  expect(registered.status).toBe(201);
  const id = (JSON.parse(Buffer.from((registered.body.token as string).split('.')[1]!, 'base64url').toString()) as { user: { id: string } }).user.id;
  // An admin's change names her first address; she acts as an admin under it, naming someone else's.
  expect((await api('PUT', `/api/admin/users/${id}`, { role: 'admin', membershipTier: 'paid' })).status).toBe(200);
  let token = await signIn(site.t, 'ann.first@example.com', PASSWORD);
  const bob = { name: 'Jo', email: 'joann.first@example.com', password: 'bob password', role: 'user', membershipTier: 'free', status: 'active' };
  expect((await api('POST', '/api/admin/users', bob, token)).status).toBe(201);
  expect((await api('PUT', '/api/account/profile', { name: 'Ann First' }, token)).status).toBe(200);
  // She moves to a second address through the mailed link, and acts under it.
  expect((await api('POST', '/api/account/email', { newEmail: 'ann.second@example.com', password: PASSWORD }, token)).status).toBe(200);
  const mail = await site.t.smtp!.waitForMail('ann.second@example.com');
  const link = new RegExp(`${TEST_APP_URL}/confirm-email/([\\w-]+)`).exec(mail.body)![1]!;
  expect(await api('POST', '/api/account/email/confirm', { token: link }, '')).toMatchObject({ body: { message: ACCOUNT_MESSAGES.emailChanged } });
  token = await signIn(site.t, 'ann.second@example.com', PASSWORD);
  expect((await api('PUT', '/api/account/profile', { name: 'Ann Second' }, token)).status).toBe(200);
  // The root admin moves her to a third, and she leaves.
  expect((await api('PUT', `/api/admin/users/${id}`, { email: 'ann.third@example.com' })).status).toBe(200);
  token = await signIn(site.t, 'ann.third@example.com', PASSWORD);
  const entries = () => sqlRows<{ actor_email: string | null; summary: string }>(site.db.db, sql`select actor_email, summary from audit_entries order by id`);
  expect(JSON.stringify(await entries())).toContain('ann.first@example.com');
  expect(await api('DELETE', '/api/account', { password: PASSWORD, confirm: 'DELETE' }, token)).toMatchObject({ status: 200 });

  const after = await entries();
  for (const address of ['ann.first@example.com', 'ann.second@example.com', 'ann.third@example.com']) {
    // Hers alone: the address she created ends with her first one.
    expect(JSON.stringify(after), address).not.toMatch(new RegExp(`(?<![\\w.'+-])${address.replace(/\./g, '\\.')}`));
  }
  // What happened stays, with her id; the other people in it stay named.
  const hers = await sqlRows<{ action: string }>(site.db.db, sql`select action from audit_entries where actor_id = ${id} or target_id = ${id}`);
  expect(hers.map((entry) => entry.action)).toEqual(expect.arrayContaining(['user.update', 'user.create', 'account.email.change', 'account.delete']));
  const text = JSON.stringify(after);
  expect(text).toContain('created joann.first@example.com');
  expect(text).toContain('root@example.com');
});
