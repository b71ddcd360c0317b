// CONTRACT §3 "Limits and sessions": the limits, tried as an attacker would, through both
// transports against a real database, argon2 and SMTP server. Password checks are counted in the
// log, where every one of them leaves a line ("sign-in failed" or "signed in").
import { afterEach, describe, expect, it } from 'vitest';
import { MESSAGES } from '../../shared/messages';
import { resetTokenFrom } from '../../tests/support/smtp-catcher';
import { createTestApp, type TestApp } from '../../tests/support/test-app';
import { MemoryCounterStore } from '../limits/memory-counter-store';

let t: TestApp;
afterEach(async () => {
  await t.close();
});

const ann = { name: 'Ann Example', email: 'ann@example.com', password: 'correct horse' };

const post = (url: string, payload: unknown, remoteAddress = '127.0.0.1') =>
  t.app.inject({ method: 'POST', url, payload: payload as Record<string, unknown>, remoteAddress });

const logged = (message: string) => t.logs.lines.filter((line) => (JSON.parse(line) as { msg: string }).msg === message);
const passwordChecks = () => logged('sign-in failed').length + logged('signed in').length;

/** POSTs one tRPC batch calling `procedure` once per input. */
function batch(procedure: string, inputs: unknown[]) {
  const body = Object.fromEntries(inputs.map((input, i) => [i, input]));
  return t.app.inject({ method: 'POST', url: `/trpc/${inputs.map(() => procedure).join(',')}?batch=1`, payload: body });
}

async function register(user = ann, remoteAddress?: string) {
  const res = await post('/api/auth/register', user, remoteAddress);
  expect(res.statusCode).toBe(201);
}

async function resetPasswordByMail(email: string, password: string, remoteAddress?: string) {
  const before = t.smtp!.mails.length;
  expect((await post('/api/auth/forgot-password', { email }, remoteAddress)).statusCode).toBe(200);
  const token = resetTokenFrom(await t.smtp!.waitForMail(email, { after: before }));
  const reset = await t.app.inject({ method: 'PUT', url: `/api/auth/reset-password/${token}`, payload: { password }, remoteAddress });
  expect(reset.statusCode).toBe(200);
}

describe('guesses at one account', () => {
  it('forty guesses sent at once check five passwords, and the rest are 429 with Retry-After', async () => {
    t = await createTestApp();
    await register();
    const answers = await Promise.all(Array.from({ length: 40 }, (_, i) => post('/api/auth/login', { email: ann.email, password: `wrong ${i}` })));
    expect(passwordChecks()).toBe(5);
    expect(answers.filter((a) => a.statusCode === 401)).toHaveLength(5);
    const refused = answers.filter((a) => a.statusCode === 429);
    expect(refused).toHaveLength(35);
    for (const answer of refused) {
      expect(Number(answer.headers['retry-after'])).toBeGreaterThan(0);
      expect(Object.keys(answer.json())).toEqual(['msg']);
    }
    // Locked: even the right password is not checked now.
    expect((await post('/api/auth/login', ann)).statusCode).toBe(429);
    expect(passwordChecks()).toBe(5);
    // One lock, logged once, however many guesses ran into it.
    expect(logged('sign-in locked for this account from this address')).toHaveLength(1);
  });

  it('a tRPC batch of ten guesses checks five passwords: each call counts on its own', async () => {
    t = await createTestApp();
    await register();
    const res = await batch(
      'auth.login',
      Array.from({ length: 10 }, (_, i) => ({ email: ann.email, password: `wrong ${i}` })),
    );
    const statuses = (res.json() as Array<{ error: { data: { httpStatus: number } } }>).map((call) => call.error.data.httpStatus);
    expect(statuses.sort()).toEqual([401, 401, 401, 401, 401, 429, 429, 429, 429, 429]);
    expect(passwordChecks()).toBe(5);
  });

  it('a batch of more than TRPC_MAX_BATCH calls is a 400 before any of them runs', async () => {
    t = await createTestApp();
    await register();
    const res = await batch(
      'auth.login',
      Array.from({ length: 11 }, (_, i) => ({ email: ann.email, password: `wrong ${i}` })),
    );
    expect(res.statusCode).toBe(400);
    expect(passwordChecks()).toBe(0);
    // Not even counted: the member still has all five free attempts.
    for (let i = 0; i < 5; i++) expect((await post('/api/auth/login', { email: ann.email, password: `wrong ${i}` })).statusCode).toBe(401);
    expect(
      (
        await batch(
          'auth.login',
          Array.from({ length: 10 }, () => ann),
        )
      ).statusCode,
    ).toBe(429);
  });

  it('fifty failures from all addresses throttle the account for everyone, until a completed reset lifts it', async () => {
    t = await createTestApp({ smtp: true });
    await register();
    for (let address = 0; address < 10; address++) {
      const guesses = Array.from({ length: 6 }, (_, i) => post('/api/auth/login', { email: ann.email, password: `wrong ${i}` }, `10.0.0.${address}`));
      await Promise.all(guesses);
    }
    expect(passwordChecks()).toBe(50);
    const member = await post('/api/auth/login', ann, '192.168.7.7');
    expect(member.statusCode).toBe(429);
    expect(member.json().msg).toMatch(/reset your password/);
    expect(Number(member.headers['retry-after'])).toBeGreaterThan(3000);
    expect(logged('sign-in throttled for this account from every address')).toHaveLength(1);

    await resetPasswordByMail(ann.email, 'a brand new secret', '192.168.7.7');
    expect((await post('/api/auth/login', { email: ann.email, password: 'a brand new secret' }, '192.168.7.7')).statusCode).toBe(200);
  });

  it('a member behind the same address as the attacker signs in after a password reset', async () => {
    t = await createTestApp({ smtp: true });
    await register();
    for (let i = 0; i < 8; i++) await post('/api/auth/login', { email: ann.email, password: `wrong ${i}` }, '203.0.113.9');
    expect((await post('/api/auth/login', ann, '203.0.113.9')).statusCode).toBe(429);
    await resetPasswordByMail(ann.email, 'my new password', '203.0.113.9');
    expect((await post('/api/auth/login', { email: ann.email, password: 'my new password' }, '203.0.113.9')).statusCode).toBe(200);
  });

  it('a flood of cheap calls from many addresses cannot push a lock out of memory', async () => {
    // A store of 50 counters for the per-address limits, filled many times over.
    t = await createTestApp({ build: { counters: new MemoryCounterStore(50) } });
    await register();
    for (let i = 0; i < 5; i++) await post('/api/auth/login', { email: ann.email, password: `wrong ${i}` });
    for (let i = 0; i < 300; i++) await post('/api/auth/forgot-password', { email: `x${i}@example.com` }, `2001:db8:${i.toString(16)}::1`);
    expect((await post('/api/auth/login', ann)).statusCode).toBe(429);
    expect(passwordChecks()).toBe(5);
  });

  it('logs each lock once, and never the password', async () => {
    t = await createTestApp();
    await register();
    for (let i = 0; i < 12; i++) await post('/api/auth/login', { email: ann.email, password: `secret guess ${i}` });
    expect(logged('sign-in locked for this account from this address')).toHaveLength(1);
    expect(t.logs.text).not.toMatch(/secret guess/);
  });
});

describe('floods from one address', () => {
  it('an address gets thirty sign-ins a minute, on any accounts, counted across REST and tRPC', async () => {
    t = await createTestApp();
    for (let i = 0; i < 20; i++) expect((await post('/api/auth/login', { email: `nobody${i}@example.com`, password: 'x' })).statusCode).toBe(401);
    const res = await batch(
      'auth.login',
      Array.from({ length: 10 }, (_, i) => ({ email: `someone${i}@example.com`, password: 'x' })),
    );
    expect((res.json() as Array<{ error: { data: { httpStatus: number } } }>).every((call) => call.error.data.httpStatus === 401)).toBe(true);
    const refused = await post('/api/auth/login', ann);
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toEqual({ msg: MESSAGES.tooManyFromAddress('sign-in attempts', Number(refused.headers['retry-after'])) });
    expect(Number(refused.headers['retry-after'])).toBeLessThanOrEqual(60);
    expect((await post('/api/auth/login', ann, '198.51.100.1')).statusCode).toBe(401);
    expect(logged('limit reached: refusing calls from this address')).toHaveLength(1);
  });

  it('an address gets ten registrations an hour; the eleventh is a 429 {msg} and makes no account', async () => {
    t = await createTestApp();
    for (let i = 0; i < 10; i++) await register({ ...ann, email: `member${i}@example.com` });
    const refused = await post('/api/auth/register', { ...ann, email: 'member10@example.com' });
    expect(refused.statusCode).toBe(429);
    expect(refused.json().msg).toMatch(/^Too many new accounts from your network\. Please try again in \d+ minutes\.$/);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(3000);
    const login = await post('/api/auth/login', { email: 'member10@example.com', password: ann.password }, '198.51.100.2');
    expect(login.statusCode).toBe(401);
  });

  it('an address gets ten forgot-password calls an hour; the eleventh is a 429 {message}', async () => {
    t = await createTestApp();
    for (let i = 0; i < 10; i++) expect((await post('/api/auth/forgot-password', { email: `x${i}@example.com` })).statusCode).toBe(200);
    const refused = await post('/api/auth/forgot-password', { email: 'x@example.com' });
    expect(refused.statusCode).toBe(429);
    expect(refused.json().message).toMatch(/^Too many password reset requests from your network/);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
  });

  it('one account gets three reset mails an hour, and the answer never changes', async () => {
    t = await createTestApp({ smtp: true });
    await register();
    for (let i = 0; i < 3; i++) {
      const before = t.smtp!.mails.length;
      expect((await post('/api/auth/forgot-password', { email: ann.email }, `10.0.5.${i}`)).json()).toEqual({ message: MESSAGES.resetLinkSent });
      await t.smtp!.waitForMail(ann.email, { after: before });
    }
    const lastLink = resetTokenFrom(t.smtp!.mails.at(-1)!);
    for (let i = 3; i < 6; i++) {
      const res = await post('/api/auth/forgot-password', { email: ann.email }, `10.0.5.${i}`);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ message: MESSAGES.resetLinkSent });
    }
    await new Promise((resolve) => setTimeout(resolve, 300));
    // The sign-up's verification mail, then the three reset mails.
    expect(t.smtp!.mails).toHaveLength(4);
    // No new link replaced the last one mailed.
    const reset = await t.app.inject({ method: 'PUT', url: `/api/auth/reset-password/${lastLink}`, payload: { password: 'still works' } });
    expect(reset.statusCode).toBe(200);
  });

  it('an address gets twenty reset-password attempts an hour', async () => {
    t = await createTestApp();
    const attempt = () => t.app.inject({ method: 'PUT', url: '/api/auth/reset-password/made-up-token', payload: { password: 'whatever1' } });
    for (let i = 0; i < 20; i++) expect((await attempt()).statusCode).toBe(400);
    const refused = await attempt();
    expect(refused.statusCode).toBe(429);
    expect(refused.json().message).toMatch(/^Too many password reset attempts from your network/);
  });

  it('reads each limit from its variable, and 0 turns it off', async () => {
    t = await createTestApp({ env: { REGISTRATIONS_PER_HOUR: '2', FORGOT_PER_HOUR: '0' } });
    await register({ ...ann, email: 'one@example.com' });
    await register({ ...ann, email: 'two@example.com' });
    expect((await post('/api/auth/register', { ...ann, email: 'three@example.com' })).statusCode).toBe(429);
    for (let i = 0; i < 15; i++) expect((await post('/api/auth/forgot-password', { email: 'one@example.com' })).statusCode).toBe(200);
  });
});
