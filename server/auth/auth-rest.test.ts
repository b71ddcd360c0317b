// CONTRACT §2 "Auth" through the REST façade, against a real database, argon2 and SMTP server.
import { sql, type SQL } from 'drizzle-orm';
import { sqlRows, sqlRun, withAppDatabase } from '../../tests/support/test-database';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { MESSAGES } from '../../shared/messages';
import { resetTokenFrom } from '../../tests/support/smtp-catcher';
import { callJson, createTestApp, TEST_APP_URL, type TestApp } from '../../tests/support/test-app';

let t: TestApp;

beforeEach(async () => {
  t = await createTestApp({ smtp: true });
});
afterEach(async () => {
  await t.close();
});

const ann = { name: 'Ann Example', email: 'ann@example.com', password: 'correct horse' };

async function register(user = ann) {
  const res = await callJson(t.app, 'POST', '/api/auth/register', user);
  expect(res.status).toBe(201);
  return res.body.token as string;
}

const login = (email: string, password: string) => callJson(t.app, 'POST', '/api/auth/login', { email, password });

function decodePayload(token: string) {
  return JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString()) as { user: { id: string; role: string } };
}

// Raw SQL on a second connection to the app's own database, for arranging what no route can (time passing).
const rowsOf = <T>(query: SQL) => withAppDatabase(t.config, (db) => sqlRows<T>(db, query));
const run = (statement: SQL) => withAppDatabase(t.config, (db) => sqlRun(db, statement));

async function requestReset(email: string) {
  const before = t.smtp!.mails.length;
  const res = await callJson(t.app, 'POST', '/api/auth/forgot-password', { email });
  expect(res.status).toBe(200);
  return resetTokenFrom(await t.smtp!.waitForMail(email, { after: before }));
}

describe('register', () => {
  it('creates an active free member and answers 201 with a token whose payload carries the role', async () => {
    const token = await register();
    expect(decodePayload(token).user.role).toBe('user');
    const me = await t.app.inject({ method: 'GET', url: '/trpc/auth.me', headers: { authorization: `Bearer ${token}` } });
    expect(me.json().result.data).toMatchObject({ name: 'Ann Example', email: 'ann@example.com', role: 'user', membershipTier: 'free', status: 'active' });
  });

  it('trims and lower-cases the email', async () => {
    await register({ ...ann, email: '  Ann@Example.COM ' });
    expect((await login('ann@example.com', ann.password)).status).toBe(200);
  });

  it('refuses the same email in another letter case with 409', async () => {
    await register();
    const res = await callJson(t.app, 'POST', '/api/auth/register', { ...ann, email: 'ANN@example.com' });
    expect(res).toMatchObject({ status: 409, body: { msg: MESSAGES.emailInUse } });
  });

  it.each([
    ['a missing name', { email: ann.email, password: ann.password }, 'Name is required'],
    ['a blank name', { ...ann, name: '   ' }, 'Name is required'],
    ['a missing email', { name: ann.name, password: ann.password }, 'Email is required'],
    ['a missing password', { name: ann.name, email: ann.email }, 'Password is required'],
    ['a numeric name', { ...ann, name: 42 }, 'Name is required'],
    ['an email that is an array', { ...ann, email: ['a@b.co'] }, 'Email is required'],
    ['an invalid email', { ...ann, email: 'not-an-email' }, 'Email must be a valid email address'],
    ['a 5-character password', { ...ann, password: '12345' }, 'Password must be at least 6 characters'],
    ['a 10,000-character password', { ...ann, password: 'x'.repeat(10_000) }, 'Password must be at most 256 characters'],
  ])('refuses %s with 400 and a msg naming the field', async (_case, body, msg) => {
    const res = await callJson(t.app, 'POST', '/api/auth/register', body);
    expect(res).toMatchObject({ status: 400, body: { msg } });
  });

  it('accepts a 6-character and a 256-character password', async () => {
    await register({ ...ann, password: '123456' });
    await register({ ...ann, email: 'long@example.com', password: 'y'.repeat(256) });
  });

  it('answers malformed JSON with 400 {msg}, not a 5xx', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/auth/register', headers: { 'content-type': 'application/json' }, payload: '{"name": ' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toHaveProperty('msg');
  });

  it('answers an empty body with 400 naming a missing field', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/auth/register' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ msg: 'Name is required' });
  });
});

describe('login', () => {
  it('answers 200 with a token for the right password', async () => {
    await register();
    const res = await login(' ANN@example.com', ann.password);
    expect(res.status).toBe(200);
    expect(decodePayload(res.body.token as string).user).toMatchObject({ role: 'user' });
  });

  it('answers an unknown email, a wrong password and a suspended account with the same 401 body', async () => {
    await register();
    await register({ name: 'Sue', email: 'sue@example.com', password: 'sue password' });
    await run(sql`update users set status = 'suspended' where email = 'sue@example.com'`);

    const unknown = await login('nobody@example.com', ann.password);
    const wrong = await login(ann.email, 'wrong password');
    const suspended = await login('sue@example.com', 'sue password');
    for (const res of [unknown, wrong, suspended]) {
      expect(res.status).toBe(401);
      expect(res.raw).toBe(JSON.stringify({ msg: MESSAGES.invalidCredentials }));
    }
  });

  it.each([
    ['a missing password', { email: ann.email }, 'Password is required'],
    ['a missing email', { password: 'x' }, 'Email is required'],
    ['a wrong-typed password', { email: ann.email, password: 123456 }, 'Password is required'],
  ])('refuses %s with 400', async (_case, body, msg) => {
    const res = await callJson(t.app, 'POST', '/api/auth/login', body);
    expect(res).toMatchObject({ status: 400, body: { msg } });
  });

  it('locks an account for an address after repeated failures with 429, Retry-After and a msg to wait', async () => {
    await register();
    // Five free failures (CONTRACT §3), and the fifth is the last password checked.
    for (let i = 0; i < 5; i++) expect((await login(ann.email, `wrong ${i}`)).status).toBe(401);
    const locked = await login(ann.email, ann.password);
    expect(locked.status).toBe(429);
    expect(locked.body.msg).toMatch(/wait/i);
    expect(Number(locked.headers['retry-after'])).toBeGreaterThan(0);

    // Forgot-password still works, and a completed reset lifts the lock.
    const token = await requestReset(ann.email);
    expect((await callJson(t.app, 'PUT', `/api/auth/reset-password/${token}`, { password: 'brand new pass' })).status).toBe(200);
    expect((await login(ann.email, 'brand new pass')).status).toBe(200);
  });

  it('keys the lock to the address: another address can still sign in', async () => {
    await register();
    for (let i = 0; i < 7; i++) await login(ann.email, `wrong ${i}`);
    expect((await login(ann.email, ann.password)).status).toBe(429);
    const elsewhere = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      remoteAddress: '10.1.2.3',
      payload: { email: ann.email, password: ann.password },
    });
    expect(elsewhere.statusCode).toBe(200);
  });
});

describe('forgot and reset password', () => {
  it('mails a link built from APP_URL and the reset lets the member sign in with the new password only', async () => {
    await register();
    const before = t.smtp!.mails.length;
    const res = await callJson(t.app, 'POST', '/api/auth/forgot-password', { email: 'Ann@Example.com' });
    expect(res).toMatchObject({ status: 200, body: { message: MESSAGES.resetLinkSent } });
    const mail = await t.smtp!.waitForMail(ann.email, { after: before });
    expect(mail.body).toContain(`${TEST_APP_URL}/reset-password/`);
    const token = resetTokenFrom(mail);
    expect(Buffer.from(token, 'base64url')).toHaveLength(32);

    const reset = await callJson(t.app, 'PUT', `/api/auth/reset-password/${token}`, { password: 'a new secret' });
    expect(reset).toMatchObject({ status: 200, body: { message: 'Password reset successful' } });
    expect((await login(ann.email, ann.password)).status).toBe(401);
    expect((await login(ann.email, 'a new secret')).status).toBe(200);
  });

  it('stores only the SHA-256 of the token', async () => {
    await register();
    const token = await requestReset(ann.email);
    const stored = await rowsOf<{ token_hash: string }>(sql`select token_hash from password_resets`);
    expect(stored).toHaveLength(1);
    expect(stored[0]!.token_hash).not.toContain(token);
    expect(stored[0]!.token_hash).toMatch(/^[0-9a-f]{64}$/);
  });

  it('answers an unknown email byte for byte like a known one and sends no mail', async () => {
    await register();
    const known = await t.app.inject({ method: 'POST', url: '/api/auth/forgot-password', payload: { email: ann.email } });
    await t.smtp!.waitForMail(ann.email);
    const unknown = await t.app.inject({ method: 'POST', url: '/api/auth/forgot-password', payload: { email: 'ghost@example.com' } });
    expect(unknown.statusCode).toBe(known.statusCode);
    expect(unknown.body).toBe(known.body);
    expect(unknown.headers['content-type']).toBe(known.headers['content-type']);
    // Give a stray mail time to arrive before saying none did.
    await new Promise((resolve) => setTimeout(resolve, 300));
    // The sign-up's verification mail and the reset mail, both to the known address; none to the unknown one.
    expect(t.smtp!.mails.flatMap((m) => m.to)).toEqual([ann.email, ann.email]);
  });

  it('refuses an invalid email with 400', async () => {
    const res = await callJson(t.app, 'POST', '/api/auth/forgot-password', { email: 'nope' });
    expect(res).toMatchObject({ status: 400, body: { message: 'Email must be a valid email address' } });
  });

  it('refuses a reused token', async () => {
    await register();
    const token = await requestReset(ann.email);
    expect((await callJson(t.app, 'PUT', `/api/auth/reset-password/${token}`, { password: 'first new one' })).status).toBe(200);
    const again = await callJson(t.app, 'PUT', `/api/auth/reset-password/${token}`, { password: 'second new one' });
    expect(again).toMatchObject({ status: 400, body: { message: MESSAGES.resetTokenInvalid } });
    expect((await login(ann.email, 'first new one')).status).toBe(200);
  });

  it('takes a token once when two resets race with it (on PostgreSQL, on two connections)', async () => {
    await register();
    const token = await requestReset(ann.email);
    const answers = await Promise.all(
      ['first racer', 'second racer'].map((password) => callJson(t.app, 'PUT', `/api/auth/reset-password/${token}`, { password })),
    );
    expect(answers.map((answer) => answer.status).sort()).toEqual([200, 400]);
    const winner = answers[0]!.status === 200 ? 'first racer' : 'second racer';
    const loser = winner === 'first racer' ? 'second racer' : 'first racer';
    expect((await login(ann.email, winner)).status).toBe(200);
    expect((await login(ann.email, loser)).status).toBe(401);
  });

  it('refuses a made-up token', async () => {
    const res = await callJson(t.app, 'PUT', '/api/auth/reset-password/made-up-token', { password: 'whatever1' });
    expect(res).toMatchObject({ status: 400, body: { message: MESSAGES.resetTokenInvalid } });
  });

  it('refuses a token older than 60 minutes', async () => {
    await register();
    const token = await requestReset(ann.email);
    await run(sql`update password_resets set expires_at = ${Date.now() - 1}`);
    const res = await callJson(t.app, 'PUT', `/api/auth/reset-password/${token}`, { password: 'too late now' });
    expect(res.status).toBe(400);
    expect((await login(ann.email, ann.password)).status).toBe(200);
  });

  it('replaces an older token with a newer request', async () => {
    await register();
    const first = await requestReset(ann.email);
    const second = await requestReset(ann.email);
    expect((await callJson(t.app, 'PUT', `/api/auth/reset-password/${first}`, { password: 'via first' })).status).toBe(400);
    expect((await callJson(t.app, 'PUT', `/api/auth/reset-password/${second}`, { password: 'via second' })).status).toBe(200);
  });

  it('refuses a new password that breaks the length rule and keeps the token usable', async () => {
    await register();
    const token = await requestReset(ann.email);
    const short = await callJson(t.app, 'PUT', `/api/auth/reset-password/${token}`, { password: '12345' });
    expect(short).toMatchObject({ status: 400, body: { message: 'Password must be at least 6 characters' } });
    expect((await callJson(t.app, 'PUT', `/api/auth/reset-password/${token}`, { password: '123456' })).status).toBe(200);
  });

  it('makes tokens issued before the reset invalid', async () => {
    const oldToken = await register();
    const token = await requestReset(ann.email);
    await callJson(t.app, 'PUT', `/api/auth/reset-password/${token}`, { password: 'after reset' });
    const me = await t.app.inject({ method: 'GET', url: '/trpc/auth.me', headers: { authorization: `Bearer ${oldToken}` } });
    expect(me.statusCode).toBe(401);
    const fresh = (await login(ann.email, 'after reset')).body.token as string;
    const meFresh = await t.app.inject({ method: 'GET', url: '/trpc/auth.me', headers: { authorization: `Bearer ${fresh}` } });
    expect(meFresh.statusCode).toBe(200);
  });
});

describe('what responses and logs never contain', () => {
  it('no response carries a password hash, and the log carries neither password nor session token', async () => {
    const token = await register();
    const bodies = [
      (await login(ann.email, ann.password)).raw,
      (await login(ann.email, 'wrong password')).raw,
      (await t.app.inject({ method: 'GET', url: '/trpc/auth.me', headers: { authorization: `Bearer ${token}` } })).body,
    ];
    for (const body of bodies) {
      expect(body).not.toMatch(/\$argon2/);
      expect(body).not.toMatch(/password_?hash/i);
    }
    expect(t.logs.text).not.toContain(ann.password);
    expect(t.logs.text).not.toContain('wrong password');
    expect(t.logs.text).not.toContain(token);
  });

  it('does not log the reset token of a reset request URL', async () => {
    await register();
    const token = await requestReset(ann.email);
    await callJson(t.app, 'PUT', `/api/auth/reset-password/${token}`, { password: 'something new' });
    expect(t.logs.text).not.toContain(token);
    expect(t.logs.text).toContain('/api/auth/reset-password/[redacted]');
  });
});
