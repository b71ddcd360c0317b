// Issue 33, finding 10: someone who signed up with another person's address must not be able to put
// a second factor between that person and the account they reclaim by a password reset. Two-factor
// setup and enable ask for a verified address (403, in words a person understands); and a completed
// reset by mail clears a second factor that was turned on while the address was unverified (as an
// earlier version allowed), but not one turned on after the address was proven.
import { sql } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { MESSAGES } from '../../shared/messages';
import { callJson, createTestApp, TEST_APP_URL, type TestApp } from '../../tests/support/test-app';
import { sqlRows, sqlRun, withAppDatabase } from '../../tests/support/test-database';
import { TestClock, turnOnTwoFactor } from '../../tests/support/two-factor';
import { totpCode } from './totp';

const owner = { name: 'Olive Owner', email: 'olive@example.com' };
const SQUATTER_PASSWORD = 'squatter password';

let t: TestApp;
let clock: TestClock;
beforeEach(async () => {
  clock = new TestClock();
  t = await createTestApp({ smtp: true, build: { clock: clock.now } });
});
afterEach(() => t.close());

const post = (url: string, body?: unknown, token?: string) => callJson(t.app, 'POST', url, body, token);
const run = (statement: ReturnType<typeof sql>) => withAppDatabase(t.config, (db) => sqlRun(db, statement));

async function register(password = SQUATTER_PASSWORD) {
  const res = await post('/api/auth/register', { ...owner, password });
  expect(res.status).toBe(201);
  return res.body.token as string;
}

/** The owner reclaims the address's account through the reset link mailed to it. */
async function resetByMail(password: string) {
  const before = t.smtp!.mails.length;
  expect((await post('/api/auth/forgot-password', { email: owner.email })).status).toBe(200);
  const mail = await t.smtp!.waitForMail(owner.email, { after: before });
  const link = new RegExp(`${TEST_APP_URL}/reset-password/([\\w-]+)`).exec(mail.body)![1]!;
  expect((await callJson(t.app, 'PUT', `/api/auth/reset-password/${link}`, { password })).status).toBe(200);
}

describe('two-factor on an unverified address', () => {
  it('setup and enable are refused with a 403 that says to verify the address first, and count no password', async () => {
    const squatter = await register();
    const setup = await post('/api/auth/2fa/setup', undefined, squatter);
    expect([setup.status, setup.body]).toEqual([403, { message: MESSAGES.twoFactorNeedsVerifiedEmail }]);
    for (let i = 0; i < 6; i++) {
      const enable = await post('/api/auth/2fa/enable', { code: '123456', password: 'not the password' }, squatter);
      expect([enable.status, enable.body]).toEqual([403, { message: MESSAGES.twoFactorNeedsVerifiedEmail }]);
    }
    // No password was checked, so no sign-in lock came of it; and nothing was stored.
    expect((await post('/api/auth/login', { email: owner.email, password: SQUATTER_PASSWORD })).status).toBe(200);
    expect(await withAppDatabase(t.config, (db) => sqlRows(db, sql`select user_id from two_factor`))).toEqual([]);
    const trpc = await t.app.inject({
      method: 'POST',
      url: '/trpc/auth.twoFactor.setup',
      headers: { authorization: `Bearer ${squatter}`, 'content-type': 'application/json' },
      payload: '{}',
    });
    expect([trpc.statusCode, trpc.json().error.message]).toEqual([403, MESSAGES.twoFactorNeedsVerifiedEmail]);
  });

  it('a reset by mail clears a second factor turned on while the address was unverified, and the owner signs in', async () => {
    const squatter = await register();
    await turnOnTwoFactor(t, { token: squatter, password: SQUATTER_PASSWORD }, clock);
    // As an earlier version let the squatter: on while the address was not proven.
    await run(sql`update users set email_verified = false`);
    await run(sql`update two_factor set enabled_on_verified_email = false`);
    expect((await post('/api/auth/login', { email: owner.email, password: SQUATTER_PASSWORD })).body).toMatchObject({ twoFactorRequired: true });

    await resetByMail('owner password');
    const signedIn = await post('/api/auth/login', { email: owner.email, password: 'owner password' });
    expect(signedIn.status).toBe(200);
    expect(signedIn.body.token).toEqual(expect.any(String));
    expect(await callJson(t.app, 'GET', '/api/account', undefined, signedIn.body.token as string)).toMatchObject({
      body: { twoFactorEnabled: false },
    });
    expect(await withAppDatabase(t.config, (db) => sqlRows(db, sql`select user_id from recovery_codes`))).toEqual([]);
    const trail = await withAppDatabase(t.config, (db) =>
      sqlRows<{ summary: string }>(db, sql`select summary from audit_entries where action = 'auth.2fa.disable'`),
    );
    expect(trail).toHaveLength(1);
    expect(trail[0]!.summary).toMatch(/unverified/);
  });

  it('a reset by mail keeps a second factor turned on once the address was verified', async () => {
    const member = await register('member password');
    const on = await turnOnTwoFactor(t, { token: member, password: 'member password' }, clock);
    await resetByMail('new member password');
    const login = await post('/api/auth/login', { email: owner.email, password: 'new member password' });
    expect(login.body).toMatchObject({ twoFactorRequired: true });
    clock.advance(30_000);
    const second = await post('/api/auth/login/2fa', { challenge: login.body.challenge, code: totpCode(on.secret, clock.now()) });
    expect(second.status).toBe(200);
  });
});
