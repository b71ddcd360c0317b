// CONTRACT "Tokens and roles": which tokens open a member procedure, through both transports.
import { sql, type SQL } from 'drizzle-orm';
import { sqlRun, withAppDatabase } from '../../tests/support/test-database';
import { SignJWT } from 'jose';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { MESSAGES } from '../../shared/messages';
import { callJson, createTestApp, TEST_JWT_SECRET, type TestApp } from '../../tests/support/test-app';

let t: TestApp;
let token: string;
let userId: string;

beforeEach(async () => {
  t = await createTestApp();
  token = (await callJson(t.app, 'POST', '/api/auth/register', { name: 'Max', email: 'max@example.com', password: 'max password' })).body.token as string;
  userId = JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString()).user.id;
});
afterEach(async () => {
  await t.close();
});

const me = (bearer?: string) =>
  t.app.inject({ method: 'GET', url: '/trpc/auth.me', headers: bearer === undefined ? {} : { authorization: `Bearer ${bearer}` } });

const sign = (payload: Record<string, unknown>, secret = TEST_JWT_SECRET, alg = 'HS256') =>
  new SignJWT(payload).setProtectedHeader({ alg }).sign(new TextEncoder().encode(secret));

/** Raw SQL on a second connection to the app's database. */
const run = (statement: SQL) => withAppDatabase(t.config, (db) => sqlRun(db, statement));

const now = () => Math.floor(Date.now() / 1000);

describe('session tokens', () => {
  it('a fresh token opens a member procedure', async () => {
    const res = await me(token);
    expect(res.statusCode).toBe(200);
    expect(res.json().result.data.email).toBe('max@example.com');
  });

  it('no token is 401 asking to sign in', async () => {
    const res = await me();
    expect(res.statusCode).toBe(401);
    expect(res.json().error.message).toBe(MESSAGES.notSignedIn);
  });

  it.each([
    ['garbage', () => Promise.resolve('not.a.token')],
    [
      'an unsigned token (alg none)',
      async () => {
        const header = Buffer.from(JSON.stringify({ alg: 'none', typ: 'JWT' })).toString('base64url');
        const body = Buffer.from(JSON.stringify({ user: { id: userId, role: 'admin' }, iat: now(), exp: now() + 600 })).toString('base64url');
        return `${header}.${body}.`;
      },
    ],
    [
      'a token signed with a wrong secret',
      () => sign({ user: { id: userId, role: 'user' }, iat: now(), exp: now() + 600 }, 'another-secret-that-is-32-bytes-long!!'),
    ],
    [
      'a token signed with HS512 by the right secret',
      () => sign({ user: { id: userId, role: 'user' }, iat: now(), exp: now() + 600 }, TEST_JWT_SECRET, 'HS512'),
    ],
    ['an expired token', () => sign({ user: { id: userId, role: 'user' }, iat: now() - 7200, exp: now() - 3600 })],
    ['a token without exp', () => sign({ user: { id: userId, role: 'user' }, iat: now() })],
    ['a token for an unknown user', () => sign({ user: { id: 'no-such-user', role: 'admin' }, iat: now(), exp: now() + 600, jti: 'unknown-user' })],
    ['a token without an id (jti), which no sign-out could end', () => sign({ user: { id: userId, role: 'user' }, iat: now(), exp: now() + 600 })],
  ])('%s is 401', async (_case, make) => {
    const res = await me(await make());
    expect(res.statusCode).toBe(401);
    expect(res.json().error.message).toBe(MESSAGES.sessionExpired);
  });

  it('a deleted user’s token is 401', async () => {
    await run(sql`delete from users where id = ${userId}`);
    expect((await me(token)).statusCode).toBe(401);
  });

  it('a suspended user’s token is 403', async () => {
    await run(sql`update users set status = 'suspended' where id = ${userId}`);
    const res = await me(token);
    expect(res.statusCode).toBe(403);
    expect(res.json().error.message).toBe(MESSAGES.accountSuspended);
  });

  it('a token issued before the user’s sessions were last ended is 401', async () => {
    await run(sql`update users set sessions_valid_from = ${Date.now() + 1000} where id = ${userId}`);
    expect((await me(token)).statusCode).toBe(401);
  });

  it('the role comes from the database, not the token', async () => {
    const forged = await sign({ user: { id: userId, role: 'admin' }, iat: Date.now() / 1000, exp: now() + 600, jti: 'forged-role' });
    const res = await me(forged);
    expect(res.json().result.data.role).toBe('user');
  });
});

describe('the tRPC transport', () => {
  it('serves the same procedures with the same messages', async () => {
    const bad = await t.app.inject({ method: 'POST', url: '/trpc/auth.login', payload: { email: 'max@example.com', password: 'nope' } });
    expect(bad.statusCode).toBe(401);
    expect(bad.json().error.message).toBe(MESSAGES.invalidCredentials);
    const good = await t.app.inject({ method: 'POST', url: '/trpc/auth.login', payload: { email: 'max@example.com', password: 'max password' } });
    expect(good.statusCode).toBe(200);
    expect(good.json().result.data.token).toEqual(expect.any(String));
  });

  it('names the field of a validation error instead of dumping zod’s issue list', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/trpc/auth.register', payload: { name: 'A', email: 'x', password: 'abcdef' } });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.message).toBe('Email must be a valid email address');
  });

  it('an unknown procedure is a JSON 404', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/trpc/nothing.here' });
    expect(res.statusCode).toBe(404);
    expect(res.headers['content-type']).toMatch(/json/);
  });
});
