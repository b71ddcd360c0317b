// CONTRACT §3 "Limits and sessions", TWO_FACTOR_FAILURES_PER_DAY: whoever knows a member's password
// can start fresh challenges forever, so wrong app codes are also bounded per account and day,
// from every address, in a count no flood can push out: past ten, app codes wait for the 24 hours
// to pass, recovery codes still work, and the member is mailed once.
import { sql } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import { MESSAGES } from '../../shared/messages';
import { callJson, createTestApp, type TestApp } from '../../tests/support/test-app';
import { sqlRows, withAppDatabase } from '../../tests/support/test-database';
import { STEP_MS, TestClock, turnOnTwoFactor, type TwoFactorOn } from '../../tests/support/two-factor';
import { buildApp } from '../app';
import { CODE_FAILURE_WINDOW_MS } from './two-factor-failures';

const mia = { name: 'Mia Member', email: 'mia@example.com', password: 'mia password' };
const DAY_SECONDS = CODE_FAILURE_WINDOW_MS / 1000;

let t: TestApp;
let clock: TestClock;
let miaToken: string;
afterEach(async () => {
  await t.close();
});

/** An app with a mail catcher, Mia with two-factor on, and the clock a step on. */
async function start(env: Record<string, string> = {}): Promise<TwoFactorOn> {
  clock = new TestClock();
  t = await createTestApp({ env, smtp: true, build: { clock: clock.now } });
  const registered = (await callJson(t.app, 'POST', '/api/auth/register', mia)).body.token as string;
  const on = await turnOnTwoFactor(t, { token: registered, password: mia.password }, clock);
  miaToken = on.token;
  clock.advance(STEP_MS);
  return on;
}

const post = (url: string, payload: unknown, remoteAddress: string, token?: string) =>
  t.app.inject({
    method: 'POST',
    url,
    payload: payload as Record<string, unknown>,
    remoteAddress,
    headers: token ? { authorization: `Bearer ${token}` } : {},
  });

async function challengeFrom(remoteAddress: string): Promise<string> {
  const res = await post('/api/auth/login', { email: mia.email, password: mia.password }, remoteAddress);
  expect(res.statusCode).toBe(200);
  return res.json().challenge as string;
}

/** The second step, from an address of its own: each address has a fresh sign-in lockout, so only the daily limit binds. */
let addresses = 0;
const nextAddress = () => `10.7.${Math.floor(++addresses / 250)}.${addresses % 250}`;
const finish = (challenge: string, code: string, remoteAddress = nextAddress()) => post('/api/auth/login/2fa', { challenge, code }, remoteAddress);

/** Six-digit codes that are none of the window's (the step before, of and after now). */
function wrongCodes(on: TwoFactorOn, n: number): string[] {
  const window = new Set([on.code(-1), on.code(), on.code(1)]);
  const codes: string[] = [];
  for (let i = 1; codes.length < n; i++) {
    const code = String((Number(on.code()) + i * 7919) % 1_000_000).padStart(6, '0');
    if (!window.has(code)) codes.push(code);
  }
  return codes;
}

const logged = (message: string) => t.logs.lines.filter((line) => (JSON.parse(line) as { msg: string }).msg === message);

/**
 * Waits until every mail sent so far has arrived: a reset mail asked for now comes after them. The
 * mails to the member other than the reset mails and the sign-up's verification mail.
 */
async function mailsSettled() {
  const before = t.smtp!.mails.length;
  expect((await post('/api/auth/forgot-password', { email: mia.email }, nextAddress())).statusCode).toBe(200);
  await t.smtp!.waitForMail(mia.email, { after: before });
  await new Promise((resolve) => setImmediate(resolve));
  return t.smtp!.mails.filter((mail) => mail.to.includes(mia.email) && !/reset-password|verify-email/.test(mail.body));
}

describe('the daily limit of wrong two-factor codes', () => {
  it('ten wrong app codes from ten addresses, then app codes wait 429 {msg} with Retry-After for the day’s end; recovery codes still sign in', async () => {
    const on = await start();
    const challenge = await challengeFrom('10.7.255.1');
    for (const code of wrongCodes(on, 10)) {
      const res = await finish(challenge, code);
      expect(res.statusCode).toBe(401);
      expect(res.json()).toEqual({ msg: MESSAGES.twoFactorCodeInvalid });
    }
    const refused = await finish(challenge, wrongCodes(on, 11)[10]!);
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toEqual({ msg: MESSAGES.twoFactorCodesLocked(DAY_SECONDS) });
    expect(refused.json().msg).toBe('Too many wrong codes for this account. Use one of your recovery codes, or try a code from your app again in 24 hours.');
    expect(refused.headers['retry-after']).toBe(String(DAY_SECONDS));
    // The right app code waits too, from any address, and over tRPC as well.
    expect((await finish(challenge, on.code())).statusCode).toBe(429);
    const overTrpc = await t.app.inject({
      method: 'POST',
      url: '/trpc/auth.loginTwoFactor',
      payload: { challenge, code: on.code() },
      remoteAddress: nextAddress(),
    });
    expect(overTrpc.statusCode).toBe(429);
    expect(logged('two-factor code refused')).toHaveLength(10);

    // A recovery code is not refused: it signs in.
    const recovered = await finish(challenge, on.recoveryCodes[0]!);
    expect(recovered.statusCode).toBe(200);
    expect(Object.keys(recovered.json())).toEqual(['token']);
  });

  it('holds through a restart, and lifts when the 24 hours since the first wrong code have passed', async () => {
    const on = await start();
    const challenge = await challengeFrom('10.7.255.1');
    for (const code of wrongCodes(on, 10)) expect((await finish(challenge, code)).statusCode).toBe(401);
    clock.advance(STEP_MS);
    // A restart forgets every count kept in memory, not this one.
    await t.app.close();
    t.app = await buildApp(t.config, { clientDir: undefined, logStream: t.logs, clock: clock.now });
    const later = await finish(await challengeFrom('10.7.255.2'), on.code());
    expect(later.statusCode).toBe(429);
    expect(later.headers['retry-after']).toBe(String(DAY_SECONDS - STEP_MS / 1000));

    clock.advance(CODE_FAILURE_WINDOW_MS - 2 * STEP_MS);
    expect((await finish(await challengeFrom('10.7.255.3'), on.code())).statusCode).toBe(429);
    clock.advance(STEP_MS);
    expect((await finish(await challengeFrom('10.7.255.4'), on.code())).statusCode).toBe(200);
    // A new window: ten more wrong codes before the next refusal.
    clock.advance(STEP_MS);
    const next = await challengeFrom('10.7.255.5');
    for (const code of wrongCodes(on, 10)) expect((await finish(next, code)).statusCode).toBe(401);
    expect((await finish(next, on.code())).statusCode).toBe(429);
  });

  it('forty wrong app codes sent at once from forty addresses check ten, and the rest are 429', async () => {
    const on = await start();
    const challenge = await challengeFrom('10.7.255.1');
    const answers = await Promise.all(wrongCodes(on, 40).map((code) => finish(challenge, code)));
    expect(answers.filter((a) => a.statusCode === 401)).toHaveLength(10);
    expect(answers.filter((a) => a.statusCode === 429)).toHaveLength(30);
    expect(logged('two-factor code refused')).toHaveLength(10);
    expect((await finish(challenge, on.code())).statusCode).toBe(429);
    const [row] = await withAppDatabase(t.config, (db) => sqlRows<{ code_failures: number }>(db, sql`select code_failures from two_factor`));
    expect(Number(row!.code_failures)).toBe(10);
  });

  it('mails the member once, as the limit is reached, what happened and what to do; the audit trail has it once', async () => {
    const on = await start();
    const challenge = await challengeFrom('10.7.255.1');
    for (const code of wrongCodes(on, 9)) expect((await finish(challenge, code)).statusCode).toBe(401);
    expect(await mailsSettled()).toEqual([]);
    expect((await finish(challenge, wrongCodes(on, 10)[9]!)).statusCode).toBe(401);
    // More wrong codes, all at once and refused, do not mail again.
    await Promise.all(wrongCodes(on, 5).map((code) => finish(challenge, code)));
    const mails = await mailsSettled();
    expect(mails).toHaveLength(1);
    const { body } = mails[0]!;
    expect(body).toContain('Subject: Someone failed the second step of signing in to your account');
    expect(body).toContain('Someone who knew your password entered 10 wrong two-factor codes for your account in the last 24 hours.');
    // 24 hours after the first wrong code (the clock has not moved since).
    const until = new Date(clock.now() + CODE_FAILURE_WINDOW_MS).toUTCString();
    expect(body).toContain(`codes from your authenticator app are refused until ${until}. Your recovery codes still sign you in.`);
    expect(body).toContain('If this was not you, your password is known to someone else: choose a new one now. http://site.test/forgot-password');
    expect(body).toContain('<a href="http://site.test/forgot-password">Choose a new password</a>');
    expect(body).not.toContain(on.secret);
    expect(logged('two-factor app codes refused for this account until the window has passed')).toHaveLength(1);

    const admin = await withAppDatabase(t.config, (db) =>
      sqlRows<{ summary: string }>(db, sql`select summary from audit_entries where action = 'auth.lockout'`),
    );
    expect(admin.map((entry) => entry.summary)).toEqual([`${mia.email}: two-factor app codes refused for 24 hours after 10 wrong codes`]);
  });

  it('counts only wrong app codes: a right one gives its place back, and wrong recovery codes use none up', async () => {
    const on = await start();
    const challenge = await challengeFrom('10.7.255.1');
    for (const code of wrongCodes(on, 9)) expect((await finish(challenge, code)).statusCode).toBe(401);
    const wrongRecovery = 'aaaa-bbbb-cccc-dddd';
    for (let i = 0; i < 12; i++) expect((await finish(challenge, wrongRecovery)).statusCode).toBe(401);
    expect((await finish(challenge, on.code())).statusCode).toBe(200);
    clock.advance(STEP_MS);
    const next = await challengeFrom('10.7.255.2');
    // Nine wrong codes and a right one: one wrong code left today, then the refusal.
    expect((await finish(next, wrongCodes(on, 1)[0]!)).statusCode).toBe(401);
    expect((await finish(next, on.code())).statusCode).toBe(429);
  });

  it('turning two-factor off counts wrong app codes too: past the limit 429 {message}, and a recovery code still turns it off', async () => {
    const on = await start({ TWO_FACTOR_FAILURES_PER_DAY: '3' });
    const disable = (code: string) => post('/api/auth/2fa/disable', { password: mia.password, code }, nextAddress(), miaToken);
    for (const code of wrongCodes(on, 3)) expect((await disable(code)).statusCode).toBe(400);
    const refused = await disable(on.code());
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toEqual({ message: MESSAGES.twoFactorCodesLocked(DAY_SECONDS) });
    expect(refused.headers['retry-after']).toBe(String(DAY_SECONDS));
    // The sign-in's second step shares the count.
    expect((await finish(await challengeFrom('10.7.255.1'), on.code())).statusCode).toBe(429);
    // A wrong password is no code: it is refused as ever, and counts toward the sign-in lockout only.
    expect((await post('/api/auth/2fa/disable', { password: 'not mia', code: on.code() }, nextAddress(), miaToken)).statusCode).toBe(400);
    expect((await disable(on.recoveryCodes[0]!)).statusCode).toBe(200);
    expect(await mailsSettled()).toHaveLength(1);
  });

  it('TWO_FACTOR_FAILURES_PER_DAY=0 turns it off: wrong codes are bounded by the sign-in lockout alone', async () => {
    const on = await start({ TWO_FACTOR_FAILURES_PER_DAY: '0' });
    const challenge = await challengeFrom('10.7.255.1');
    for (const code of wrongCodes(on, 15)) expect((await finish(challenge, code)).statusCode).toBe(401);
    expect((await finish(challenge, on.code())).statusCode).toBe(200);
    expect(await mailsSettled()).toEqual([]);
  });
});
