// CONTRACT §3 "Two-factor sign-in": signing in with two-factor on (POST /api/auth/login, then
// /api/auth/login/2fa), tried as an attacker would: wrong codes under the lockout (one by one and
// all at once), replays, parallel successes, expiry on a clock the tests move, and a changed secret.
import { afterEach, describe, expect, it } from 'vitest';
import { MESSAGES } from '../../shared/messages';
import { callJson, createTestApp, TEST_JWT_SECRET, TEST_TWO_FACTOR_KEY, type TestApp } from '../../tests/support/test-app';
import { STEP_MS, TestClock, turnOnTwoFactor, type TwoFactorOn } from '../../tests/support/two-factor';
import { buildApp } from '../app';
import { eq } from 'drizzle-orm';
import { openAppDatabase } from '../../tests/support/test-database';
import { users } from '../db/schema';
import { LOGIN_CHALLENGE_TTL_MS } from './login-challenges';

const mia = { name: 'Mia Member', email: 'mia@example.com', password: 'mia password' };

let t: TestApp;
let clock: TestClock;
afterEach(async () => {
  await t.close();
});

/** An app, Mia with two-factor on, and the clock moved one step on (the step of the enabling code is used). */
async function start(env: Record<string, string> = {}): Promise<TwoFactorOn> {
  clock = new TestClock();
  t = await createTestApp({ env, build: { clock: clock.now } });
  const registered = await callJson(t.app, 'POST', '/api/auth/register', mia);
  expect(registered.status).toBe(201);
  const on = await turnOnTwoFactor(t, { token: registered.body.token as string, password: mia.password }, clock);
  clock.advance(STEP_MS);
  return on;
}

const post = (url: string, payload: unknown, remoteAddress = '127.0.0.1') =>
  t.app.inject({ method: 'POST', url, payload: payload as Record<string, unknown>, remoteAddress });

async function challengeFor(user = mia, remoteAddress?: string): Promise<string> {
  const res = await post('/api/auth/login', { email: user.email, password: user.password }, remoteAddress);
  expect(res.statusCode).toBe(200);
  expect(res.json()).toEqual({ twoFactorRequired: true, challenge: expect.any(String) });
  return res.json().challenge as string;
}

const finish = (challenge: string, code: string, remoteAddress?: string) => post('/api/auth/login/2fa', { challenge, code }, remoteAddress);

const opensSession = async (token: string) =>
  (await t.app.inject({ method: 'GET', url: '/trpc/auth.me', headers: { authorization: `Bearer ${token}` } })).statusCode === 200;

const logged = (message: string) => t.logs.lines.filter((line) => (JSON.parse(line) as { msg: string }).msg === message);

/** A six-digit code that is not the given one. */
/** Suspends the account behind the site's back, as another admin's change would. */
async function suspend(email: string) {
  const db = await openAppDatabase(t.config);
  await db.db.update(users).set({ status: 'suspended' }).where(eq(users.email, email));
  await db.close();
}

const otherThan = (code: string) => String((Number(code) + 1) % 1_000_000).padStart(6, '0');

describe('signing in with two-factor on', () => {
  it('the right password answers {twoFactorRequired, challenge} and no token; the current code finishes with {token}', async () => {
    const on = await start();
    const challenge = await challengeFor();
    expect(challenge).toMatch(/^[\w-]{43}$/);
    const res = await finish(challenge, on.code());
    expect(res.statusCode).toBe(200);
    expect(Object.keys(res.json())).toEqual(['token']);
    expect(await opensSession(res.json().token)).toBe(true);
    expect(logged('signed in')).toHaveLength(1);
  });

  it('a member without two-factor signs in exactly as before: 200 {token} from the password alone', async () => {
    await start();
    const other = { name: 'Ola', email: 'ola@example.com', password: 'ola password' };
    expect((await post('/api/auth/register', other)).statusCode).toBe(201);
    const res = await post('/api/auth/login', { email: other.email, password: other.password });
    expect(res.statusCode).toBe(200);
    expect(Object.keys(res.json())).toEqual(['token']);
    expect(await opensSession(res.json().token)).toBe(true);
  });

  it('a wrong password, or a suspended account, is the same 401 {msg} as ever, with no challenge', async () => {
    await start();
    const wrong = await post('/api/auth/login', { email: mia.email, password: 'not mia' });
    expect(wrong.statusCode).toBe(401);
    expect(wrong.body).toBe(JSON.stringify({ msg: MESSAGES.invalidCredentials }));
    await suspend(mia.email);
    const suspended = await post('/api/auth/login', { email: mia.email, password: mia.password });
    expect(suspended.statusCode).toBe(401);
    expect(suspended.body).toBe(JSON.stringify({ msg: MESSAGES.invalidCredentials }));
  });

  it('takes the codes of the steps before and after (±1), and refuses codes two steps away', async () => {
    const on = await start();
    for (const offset of [-2, 2]) {
      const res = await finish(await challengeFor(), on.code(offset));
      expect(res.statusCode).toBe(401);
      expect(res.json()).toEqual({ msg: MESSAGES.twoFactorCodeInvalid });
    }
    // The step before (one step on, so that it is later than the step that turned two-factor on),
    // then (later steps only) the step after.
    clock.advance(STEP_MS);
    expect((await finish(await challengeFor(), on.code(-1))).statusCode).toBe(200);
    expect((await finish(await challengeFor(), on.code(1))).statusCode).toBe(200);
  });

  it('accepts a code once: the same code again is 401, even a step later, and the next step’s code works', async () => {
    const on = await start();
    const code = on.code();
    expect((await finish(await challengeFor(), code)).statusCode).toBe(200);
    const replay = await finish(await challengeFor(), code);
    expect(replay.statusCode).toBe(401);
    expect(replay.json()).toEqual({ msg: MESSAGES.twoFactorCodeInvalid });
    clock.advance(STEP_MS);
    // Still in the window (the step before), but not after the last accepted step.
    expect((await finish(await challengeFor(), code)).statusCode).toBe(401);
    expect((await finish(await challengeFor(), on.code())).statusCode).toBe(200);
  });

  it('an earlier step’s code is refused once a later step’s code was accepted', async () => {
    const on = await start();
    const [earlier, later] = [on.code(0), on.code(1)];
    expect((await finish(await challengeFor(), later)).statusCode).toBe(200);
    expect((await finish(await challengeFor(), earlier)).statusCode).toBe(401);
  });

  it('the same code sent with two challenges at once signs in once', async () => {
    const on = await start();
    const challenges = await Promise.all([challengeFor(), challengeFor(), challengeFor()]);
    const answers = await Promise.all(challenges.map((c) => finish(c, on.code())));
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 401, 401]);
  });

  it('a recovery code signs in once, typed in any case, with or without hyphens; then it is 401', async () => {
    const on = await start();
    const [code] = on.recoveryCodes;
    const res = await finish(await challengeFor(), ` ${code!.toUpperCase().replace(/-/g, ' ')} `);
    expect(res.statusCode).toBe(200);
    expect(await opensSession(res.json().token)).toBe(true);
    const again = await finish(await challengeFor(), code!);
    expect(again.statusCode).toBe(401);
    expect(again.json()).toEqual({ msg: MESSAGES.twoFactorCodeInvalid });
    // The others still work, each once.
    expect((await finish(await challengeFor(), on.recoveryCodes[1]!)).statusCode).toBe(200);
  });

  it('one recovery code sent with several challenges at once signs in once', async () => {
    const on = await start();
    const challenges = await Promise.all(Array.from({ length: 4 }, () => challengeFor()));
    const answers = await Promise.all(challenges.map((c) => finish(c, on.recoveryCodes[2]!)));
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 401, 401, 401]);
  });

  it('a challenge ends with its first success: two right codes at once give one token, and the loser’s code is not used up', async () => {
    const on = await start();
    const challenge = await challengeFor();
    const [app, recovery] = await Promise.all([finish(challenge, on.code()), finish(challenge, on.recoveryCodes[3]!)]);
    const statuses = [app.statusCode, recovery.statusCode].sort();
    expect(statuses).toEqual([200, 401]);
    const loser = app.statusCode === 401 ? app : recovery;
    expect(loser.json()).toEqual({ msg: MESSAGES.signInExpired });
    // The challenge is gone, whatever code comes next.
    expect((await finish(challenge, on.recoveryCodes[4]!)).json()).toEqual({ msg: MESSAGES.signInExpired });
    // Whichever code lost was checked against nothing and still works.
    const unused = app.statusCode === 401 ? on.code() : on.recoveryCodes[3]!;
    expect((await finish(await challengeFor(), unused)).statusCode).toBe(200);
  });

  it('a challenge lasts five minutes', async () => {
    const on = await start();
    const [kept, dropped] = [await challengeFor(), await challengeFor()];
    clock.advance(LOGIN_CHALLENGE_TTL_MS - 1);
    expect((await finish(kept, on.code())).statusCode).toBe(200);
    clock.advance(1);
    const late = await finish(dropped, on.code(1));
    expect(late.statusCode).toBe(401);
    expect(late.json()).toEqual({ msg: MESSAGES.signInExpired });
    // Not a failed sign-in: no code was checked.
    expect(logged('two-factor code refused')).toHaveLength(0);
  });

  it('a challenge ends when the account’s sessions end, or the account is suspended', async () => {
    const on = await start();
    const token = (await finish(await challengeFor(), on.code())).json().token as string;
    const waiting = await challengeFor();
    const out = await t.app.inject({ method: 'POST', url: '/api/auth/logout-all', headers: { authorization: `Bearer ${token}` } });
    expect(out.statusCode).toBe(200);
    expect((await finish(waiting, on.code(1))).json()).toEqual({ msg: MESSAGES.signInExpired });

    const beforeSuspension = await challengeFor();
    await suspend(mia.email);
    expect((await finish(beforeSuspension, on.code(1))).json()).toEqual({ msg: MESSAGES.signInExpired });
  });

  it('a made-up or malformed challenge is refused, with a 400 naming a missing field', async () => {
    const on = await start();
    expect((await finish('made-up', on.code())).json()).toEqual({ msg: MESSAGES.signInExpired });
    expect((await finish('made-up', on.code())).statusCode).toBe(401);
    for (const [body, msg] of [
      [{ code: on.code() }, 'Challenge is required'],
      [{ challenge: 'x'.repeat(201), code: on.code() }, 'Challenge is invalid'],
      [{ challenge: 'x' }, 'Code is required'],
      [{ challenge: ['x'], code: on.code() }, 'Challenge is required'],
      [{ challenge: 'x', code: 'y'.repeat(65) }, 'Code must be at most 64 characters'],
    ] as const) {
      const res = await post('/api/auth/login/2fa', body);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ msg });
    }
    const bad = await t.app.inject({ method: 'POST', url: '/api/auth/login/2fa', headers: { 'content-type': 'application/json' }, payload: '{"challenge":' });
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(bad.json())).toEqual(['msg']);
  });

  it('is the same procedure over tRPC', async () => {
    const on = await start();
    const challenge = await challengeFor();
    const res = await t.app.inject({ method: 'POST', url: '/trpc/auth.loginTwoFactor', payload: { challenge, code: on.code() } });
    expect(res.statusCode).toBe(200);
    expect(await opensSession(res.json().result.data.token)).toBe(true);
  });

  it('app codes outlive a change of the site secret; after the two-factor key changes they no longer open, but recovery codes still do', async () => {
    const on = await start();
    await t.app.close();
    t.app = await buildApp({ ...t.config, jwtSecret: `${TEST_JWT_SECRET}-rotated` }, { clientDir: undefined, logStream: t.logs, clock: clock.now });
    expect((await finish(await challengeFor(), on.code())).statusCode).toBe(200);
    clock.advance(STEP_MS);
    await t.app.close();
    t.app = await buildApp({ ...t.config, twoFactorKey: `${TEST_TWO_FACTOR_KEY}-rotated` }, { clientDir: undefined, logStream: t.logs, clock: clock.now });
    expect((await finish(await challengeFor(), on.code())).statusCode).toBe(401);
    expect((await finish(await challengeFor(), on.recoveryCodes[0]!)).statusCode).toBe(200);
  });
});

describe('wrong codes are failed sign-ins', () => {
  it('five wrong codes lock the account for the address with 429 {msg} and Retry-After: the right code and the password wait too', async () => {
    const on = await start();
    const challenge = await challengeFor();
    for (let i = 0; i < 5; i++) {
      const res = await finish(challenge, otherThan(on.code()));
      expect(res.statusCode).toBe(401);
      expect(res.json()).toEqual({ msg: MESSAGES.twoFactorCodeInvalid });
    }
    const locked = await finish(challenge, on.code());
    expect(locked.statusCode).toBe(429);
    expect(Object.keys(locked.json())).toEqual(['msg']);
    expect(locked.json().msg).toMatch(/wait/);
    expect(Number(locked.headers['retry-after'])).toBeGreaterThan(0);
    expect((await post('/api/auth/login', { email: mia.email, password: mia.password })).statusCode).toBe(429);
    expect(logged('sign-in locked for this account from this address')).toHaveLength(1);
    // Another address is not locked out by this one.
    expect((await finish(challenge, on.code(), '198.51.100.7')).statusCode).toBe(200);
  });

  it('forty wrong codes sent at once check five, and the rest are 429', async () => {
    const on = await start();
    const challenge = await challengeFor();
    const guesses = Array.from({ length: 40 }, (_, i) => String((Number(on.code()) + 1 + i) % 1_000_000).padStart(6, '0'));
    const answers = await Promise.all(guesses.map((code) => finish(challenge, code)));
    expect(answers.filter((a) => a.statusCode === 401)).toHaveLength(5);
    expect(answers.filter((a) => a.statusCode === 429)).toHaveLength(35);
    expect(logged('two-factor code refused')).toHaveLength(5);
  });

  it('a tRPC batch of wrong codes counts each call on its own', async () => {
    const on = await start();
    const challenge = await challengeFor();
    const inputs = Array.from({ length: 10 }, (_, i) => ({ challenge, code: String((Number(on.code()) + 1 + i) % 1_000_000).padStart(6, '0') }));
    const res = await t.app.inject({
      method: 'POST',
      url: `/trpc/${inputs.map(() => 'auth.loginTwoFactor').join(',')}?batch=1`,
      payload: Object.fromEntries(inputs.map((input, i) => [i, input])),
    });
    const statuses = (res.json() as Array<{ error: { data: { httpStatus: number } } }>).map((call) => call.error.data.httpStatus);
    expect(statuses.sort()).toEqual([401, 401, 401, 401, 401, 429, 429, 429, 429, 429]);
  });

  it('the right password does not wipe out earlier wrong codes: four, a new sign-in, and one more lock', async () => {
    const on = await start();
    for (let i = 0; i < 4; i++) expect((await finish(await challengeFor(), otherThan(on.code()))).statusCode).toBe(401);
    const challenge = await challengeFor();
    expect((await finish(challenge, otherThan(on.code()))).statusCode).toBe(401);
    expect((await finish(challenge, on.code())).statusCode).toBe(429);
  });

  it('a right code ends the count, as a right password does', async () => {
    const on = await start();
    for (let i = 0; i < 4; i++) expect((await finish(await challengeFor(), otherThan(on.code()))).statusCode).toBe(401);
    expect((await finish(await challengeFor(), on.code())).statusCode).toBe(200);
    clock.advance(STEP_MS);
    for (let i = 0; i < 4; i++) expect((await finish(await challengeFor(), otherThan(on.code()))).statusCode).toBe(401);
    expect((await finish(await challengeFor(), on.code())).statusCode).toBe(200);
  });

  it('wrong codes from every address count toward the account’s hourly ceiling', async () => {
    const on = await start({ LOGIN_ACCOUNT_FAILURES_PER_HOUR: '6' });
    for (let address = 0; address < 3; address++) {
      const ip = `10.9.0.${address}`;
      const challenge = await challengeFor(mia, ip);
      for (let i = 0; i < 2; i++) expect((await finish(challenge, otherThan(on.code()), ip)).statusCode).toBe(401);
    }
    // Six failures in the hour: the account's sign-ins wait, from anywhere, its password included.
    const res = await post('/api/auth/login', { email: mia.email, password: mia.password }, '10.9.0.99');
    expect(res.statusCode).toBe(429);
    expect(res.json().msg).toMatch(/reset your password/);
    expect(logged('sign-in throttled for this account from every address')).toHaveLength(1);
  });

  it('the second step counts toward the address’s sign-ins a minute', async () => {
    const on = await start({ LOGINS_PER_MINUTE: '3' });
    const challenge = await challengeFor();
    expect((await finish(challenge, otherThan(on.code()))).statusCode).toBe(401);
    expect((await finish(challenge, otherThan(on.code()))).statusCode).toBe(401);
    const refused = await finish(challenge, on.code());
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toEqual({ msg: MESSAGES.tooManyFromAddress('sign-in attempts', Number(refused.headers['retry-after'])) });
  });
});
