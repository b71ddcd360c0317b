// CONTRACT §3 "Limits and sessions": signing out ends tokens on the server, through both
// transports, across a restart, and an admin's change of a member's email or password ends theirs.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { MESSAGES } from '../../shared/messages';
import { resetTokenFrom } from '../../tests/support/smtp-catcher';
import { callJson, createTestApp, type TestApp } from '../../tests/support/test-app';
import { buildApp } from '../app';

const ADMIN = { email: 'root@example.com', password: 'root password' };
const mia = { name: 'Mia Member', email: 'mia@example.com', password: 'mia password' };

let t: TestApp;
beforeEach(async () => {
  t = await createTestApp({ smtp: true, env: { ADMIN_EMAIL: ADMIN.email, ADMIN_PASSWORD: ADMIN.password } });
  expect((await callJson(t.app, 'POST', '/api/auth/register', mia)).status).toBe(201);
});
afterEach(async () => {
  await t.close();
});

async function login(user: { email: string; password: string } = mia) {
  const res = await callJson(t.app, 'POST', '/api/auth/login', { email: user.email, password: user.password });
  expect(res.status).toBe(200);
  return res.body.token as string;
}

const me = async (token: string) => (await t.app.inject({ method: 'GET', url: '/trpc/auth.me', headers: { authorization: `Bearer ${token}` } })).statusCode;
const userIdOf = (token: string) => (JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString()) as { user: { id: string } }).user.id;

describe('signing out', () => {
  it('POST /api/auth/logout ends that token only', async () => {
    const [phone, laptop] = [await login(), await login()];
    const res = await callJson(t.app, 'POST', '/api/auth/logout', undefined, phone);
    expect(res).toMatchObject({ status: 200, body: { message: 'Signed out' } });
    expect(await me(phone)).toBe(401);
    expect(await me(laptop)).toBe(200);
    // Signing out again with the ended token is a 401, as any call with it.
    expect((await callJson(t.app, 'POST', '/api/auth/logout', undefined, phone)).status).toBe(401);
  });

  it('POST /api/auth/logout-all ends every token issued so far, and a new sign-in works', async () => {
    const tokens = [await login(), await login(), await login()];
    const res = await callJson(t.app, 'POST', '/api/auth/logout-all', undefined, tokens[0]);
    expect(res).toMatchObject({ status: 200, body: { message: 'Signed out everywhere' } });
    for (const token of tokens) expect(await me(token)).toBe(401);
    expect(await me(await login())).toBe(200);
  });

  it('both are tRPC procedures too', async () => {
    const [one, two] = [await login(), await login()];
    const call = (path: string, token: string) =>
      t.app.inject({ method: 'POST', url: `/trpc/${path}`, headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' }, payload: '' });
    expect((await call('auth.logout', one)).json().result.data).toEqual({ message: MESSAGES.signedOut });
    expect([await me(one), await me(two)]).toEqual([401, 200]);
    expect((await call('auth.logoutAll', two)).json().result.data).toEqual({ message: MESSAGES.signedOutEverywhere });
    expect(await me(two)).toBe(401);
  });

  it('without a token, signing out is a 401', async () => {
    for (const url of ['/api/auth/logout', '/api/auth/logout-all']) {
      const res = await callJson(t.app, 'POST', url);
      expect(res).toMatchObject({ status: 401, body: { message: MESSAGES.notSignedIn } });
    }
  });

  it('a suspended member can still sign out', async () => {
    const token = await login();
    const admin = await login(ADMIN);
    expect(
      (
        await callJson(
          t.app,
          'PUT',
          `/api/admin/users/${userIdOf(token)}`,
          { name: mia.name, email: mia.email, role: 'user', membershipTier: 'free', status: 'suspended' },
          admin,
        )
      ).status,
    ).toBe(200);
    expect(await me(token)).toBe(403);
    expect((await callJson(t.app, 'POST', '/api/auth/logout', undefined, token)).status).toBe(200);
    expect(await me(token)).toBe(401);
  });

  it('stays signed out after a restart: revocations live in the database', async () => {
    const [ended, kept] = [await login(), await login()];
    await callJson(t.app, 'POST', '/api/auth/logout', undefined, ended);
    await t.app.close();
    t.app = await buildApp(t.config, { clientDir: undefined, logStream: t.logs });
    expect([await me(ended), await me(kept)]).toEqual([401, 200]);
  });
});

describe('an admin’s change of a member', () => {
  async function pendingResetLink() {
    const before = t.smtp!.mails.length;
    await callJson(t.app, 'POST', '/api/auth/forgot-password', { email: mia.email });
    return resetTokenFrom(await t.smtp!.waitForMail(mia.email, { after: before }));
  }

  const edit = async (token: string, changes: Record<string, unknown>) => {
    const admin = await login(ADMIN);
    const body = { name: mia.name, email: mia.email, role: 'user', membershipTier: 'free', status: 'active', ...changes };
    const res = await callJson(t.app, 'PUT', `/api/admin/users/${userIdOf(token)}`, body, admin);
    expect(res.status).toBe(200);
  };

  it.each([
    ['email', { email: 'mia.new@example.com' }],
    ['password', { password: 'set by the admin' }],
  ])('a new %s ends the member’s sessions and removes the pending reset link', async (_what, changes) => {
    const token = await login();
    const link = await pendingResetLink();
    await edit(token, changes);
    expect(await me(token)).toBe(401);
    const reset = await callJson(t.app, 'PUT', `/api/auth/reset-password/${link}`, { password: 'taken over' });
    expect(reset).toMatchObject({ status: 400, body: { message: MESSAGES.resetTokenInvalid } });
  });

  it('other changes (name, tier) leave the member signed in and the link working', async () => {
    const token = await login();
    const link = await pendingResetLink();
    await edit(token, { name: 'Mia Renamed', membershipTier: 'paid', email: 'MIA@example.com', password: '' });
    expect(await me(token)).toBe(200);
    expect((await callJson(t.app, 'PUT', `/api/auth/reset-password/${link}`, { password: 'mia new password' })).status).toBe(200);
  });
});
