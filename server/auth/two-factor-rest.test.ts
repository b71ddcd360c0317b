// CONTRACT §3 "Two-factor sign-in": a member's setup, enable and disable, what is kept at rest,
// and an admin's clear, through the REST façade (and tRPC where the panel alone uses a procedure),
// against a real database, argon2 and a clock the tests move.
import { PUBLIC_USER_KEYS } from '../../tests/support/public-user-keys';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { dialect, sqlRows, withAppDatabase } from '../../tests/support/test-database';
import { MESSAGES } from '../../shared/messages';
import { callJson, createTestApp, type TestApp } from '../../tests/support/test-app';
import { STEP_MS, TestClock, turnOnTwoFactor, verifyOwnAddress } from '../../tests/support/two-factor';
import { hashRecoveryCode, normalizeRecoveryCode } from './recovery-codes';
import { totpCode } from './totp';

const ADMIN = { email: 'root@example.com', password: 'root password' };
const mia = { name: 'Mia Member', email: 'mia@example.com', password: 'mia password' };

let t: TestApp;
let clock: TestClock;
let token: string;

beforeEach(async () => {
  clock = new TestClock();
  t = await createTestApp({ env: { ADMIN_EMAIL: ADMIN.email, ADMIN_PASSWORD: ADMIN.password }, build: { clock: clock.now } });
  const registered = await callJson(t.app, 'POST', '/api/auth/register', mia);
  expect(registered.status).toBe(201);
  token = registered.body.token as string;
  // Two-factor asks for a verified address (two-factor-unverified-rest.test.ts has the refusal).
  await verifyOwnAddress(t, token);
});
afterEach(async () => {
  await t.close();
});

const post = (url: string, body?: unknown, bearer = token) => callJson(t.app, 'POST', url, body, bearer);

/** Turns Mia's two-factor sign-in on; her token is then the fresh one of the answer, as every earlier one ended. */
async function turnOn() {
  const on = await turnOnTwoFactor(t, { token, password: mia.password }, clock);
  token = on.token;
  return on;
}

/**
 * Everything the database holds: on SQLite the bytes of its files (free pages and the WAL
 * included), on PostgreSQL every row of every table.
 */
async function storedBytes(): Promise<string> {
  if (dialect === 'sqlite') return ['app.db', 'app.db-wal'].map((f) => readFileSync(path.join(t.dataDir, f)).toString('latin1')).join('');
  const tables = await rows<{ name: string }>("select tablename as name from pg_tables where schemaname = 'public'");
  const all = await Promise.all(tables.map(({ name }) => rows(`select * from "${name}"`)));
  return JSON.stringify(all);
}

/** A second connection to the app's database, to look at what is stored. */
const rows = <T>(query: string) => withAppDatabase(t.config, (db) => sqlRows<T>(db, sql.raw(query)));

const trpcQuery = async (procedure: string, input: unknown, bearer: string) => {
  const res = await t.app.inject({
    method: 'GET',
    url: `/trpc/${procedure}?input=${encodeURIComponent(JSON.stringify(input))}`,
    headers: { authorization: `Bearer ${bearer}` },
  });
  return { status: res.statusCode, body: res.json() as { result?: { data: unknown }; error?: { message: string } } };
};

async function signIn(user: { email: string; password: string }) {
  const res = await post('/api/auth/login', { email: user.email, password: user.password }, '');
  expect(res.status).toBe(200);
  return res.body;
}

describe('setup', () => {
  it('answers a new base32 secret and its otpauth link, and leaves sign-in unchanged until a code confirms it', async () => {
    const res = await post('/api/auth/2fa/setup');
    expect(res.status).toBe(200);
    expect(Object.keys(res.body).sort()).toEqual(['otpauthUrl', 'secret']);
    expect(res.body.secret).toMatch(/^[A-Z2-7]{32}$/);
    const url = new URL(res.body.otpauthUrl as string);
    expect(url.searchParams.get('secret')).toBe(res.body.secret);
    expect(decodeURIComponent(url.pathname)).toBe(`/Quantum Path:${mia.email}`);

    expect(Object.keys(await signIn(mia))).toEqual(['token']);
    expect((await trpcQuery('auth.twoFactor.status', undefined, token)).body.result?.data).toEqual({ enabled: false, recoveryCodesLeft: 0 });
  });

  it('a second setup replaces the pending secret: a code of the first no longer turns it on', async () => {
    const first = (await post('/api/auth/2fa/setup')).body.secret as string;
    const second = (await post('/api/auth/2fa/setup')).body.secret as string;
    expect(second).not.toBe(first);
    const old = await post('/api/auth/2fa/enable', { password: mia.password, code: totpCode(first, clock.now()) });
    expect(old).toMatchObject({ status: 400, body: { message: MESSAGES.setupCodeInvalid } });
    expect((await post('/api/auth/2fa/enable', { password: mia.password, code: totpCode(second, clock.now()) })).status).toBe(200);
  });

  it('setup, enable and disable need a signed-in member: 401 without a token, 403 when suspended', async () => {
    for (const url of ['/api/auth/2fa/setup', '/api/auth/2fa/enable', '/api/auth/2fa/disable']) {
      expect(await post(url, { code: '123456', password: 'x' }, '')).toMatchObject({ status: 401, body: { message: MESSAGES.notSignedIn } });
      expect((await post(url, { code: '123456', password: 'x' }, 'not.a.token')).status).toBe(401);
    }
    const admin = (await signIn(ADMIN)).token as string;
    const miaId = (await rows<{ id: string }>(`select id from users where email = '${mia.email}'`))[0]!.id;
    const suspend = await callJson(t.app, 'PUT', `/api/admin/users/${miaId}`, { status: 'suspended' }, admin);
    expect(suspend.status).toBe(200);
    expect(await post('/api/auth/2fa/setup')).toMatchObject({ status: 403, body: { message: MESSAGES.accountSuspended } });
  });
});

describe('enable', () => {
  it('turns two-factor on with the current code and answers ten recovery codes, once', async () => {
    const { recoveryCodes } = await turnOn();
    expect(recoveryCodes).toHaveLength(10);
    expect(new Set(recoveryCodes).size).toBe(10);
    expect((await trpcQuery('auth.twoFactor.status', undefined, token)).body.result?.data).toEqual({ enabled: true, recoveryCodesLeft: 10 });
    expect(Object.keys(await signIn(mia)).sort()).toEqual(['challenge', 'twoFactorRequired']);

    // The codes were shown once: nothing hands them out again, and the secret cannot be replaced.
    expect(await post('/api/auth/2fa/setup')).toMatchObject({ status: 400, body: { message: MESSAGES.twoFactorAlreadyOn } });
    clock.advance(STEP_MS);
    expect(await post('/api/auth/2fa/enable', { password: mia.password, code: '123456' })).toMatchObject({
      status: 400,
      body: { message: MESSAGES.twoFactorAlreadyOn },
    });
  });

  it('ends every other session of the member, and the caller’s too, whose token the answer replaces', async () => {
    const before = token;
    const elsewhere = (await signIn(mia)).token as string;
    const res = await post('/api/auth/2fa/enable', {
      password: mia.password,
      code: totpCode((await post('/api/auth/2fa/setup')).body.secret as string, clock.now()),
    });
    expect(res.status).toBe(200);
    expect(Object.keys(res.body).sort()).toEqual(['recoveryCodes', 'token']);
    const me = (bearer: string) => t.app.inject({ method: 'GET', url: '/trpc/auth.me', headers: { authorization: `Bearer ${bearer}` } });
    expect((await me(elsewhere)).statusCode).toBe(401);
    expect((await me(before)).statusCode).toBe(401);
    const fresh = res.body.token as string;
    expect((await me(fresh)).statusCode).toBe(200);
    expect((await me(fresh)).json().result.data).toMatchObject({ email: mia.email, role: 'user' });
    expect((await trpcQuery('auth.twoFactor.status', undefined, fresh)).body.result?.data).toEqual({ enabled: true, recoveryCodesLeft: 10 });
  });

  it('asks for the password: a wrong one is 401 {message}, and nothing is turned on or ended', async () => {
    const secret = (await post('/api/auth/2fa/setup')).body.secret as string;
    const wrong = await post('/api/auth/2fa/enable', { password: 'not mia', code: totpCode(secret, clock.now()) });
    expect(wrong).toMatchObject({ status: 401, body: { message: MESSAGES.wrongPassword } });
    expect(Object.keys(wrong.body)).toEqual(['message']);
    expect((await trpcQuery('auth.twoFactor.status', undefined, token)).body.result?.data).toEqual({ enabled: false, recoveryCodesLeft: 0 });
    expect(Object.keys(await signIn(mia))).toEqual(['token']);
    // The caller is still signed in, and the pending secret still turns it on with the password.
    expect((await post('/api/auth/2fa/enable', { password: mia.password, code: totpCode(secret, clock.now()) })).status).toBe(200);
  });

  it('wrong passwords count as failed sign-ins: twelve at once check five, the rest are 429, and sign-in waits too', async () => {
    const secret = (await post('/api/auth/2fa/setup')).body.secret as string;
    const code = totpCode(secret, clock.now());
    const guesses = await Promise.all(Array.from({ length: 12 }, (_, i) => post('/api/auth/2fa/enable', { password: `guess ${i}`, code })));
    expect(guesses.filter((g) => g.status === 401)).toHaveLength(5);
    const refused = guesses.filter((g) => g.status === 429);
    expect(refused).toHaveLength(7);
    for (const answer of refused) {
      expect(Object.keys(answer.body)).toEqual(['message']);
      expect(Number(answer.headers['retry-after'])).toBeGreaterThan(0);
    }
    // Locked for this account and address: the right password waits too, and so does sign-in.
    expect((await post('/api/auth/2fa/enable', { password: mia.password, code })).status).toBe(429);
    expect((await post('/api/auth/login', { email: mia.email, password: mia.password }, '')).status).toBe(429);
    expect((await trpcQuery('auth.twoFactor.status', undefined, token)).body.result?.data).toEqual({ enabled: false, recoveryCodesLeft: 0 });
  });

  it('takes a code of the step before or after, and refuses one two steps away', async () => {
    for (const offset of [-2, 2]) {
      const secret = (await post('/api/auth/2fa/setup')).body.secret as string;
      const res = await post('/api/auth/2fa/enable', { password: mia.password, code: totpCode(secret, clock.now() + offset * STEP_MS) });
      expect(res).toMatchObject({ status: 400, body: { message: MESSAGES.setupCodeInvalid } });
    }
    const secret = (await post('/api/auth/2fa/setup')).body.secret as string;
    expect((await post('/api/auth/2fa/enable', { password: mia.password, code: totpCode(secret, clock.now() + STEP_MS) })).status).toBe(200);
  });

  it('refuses an enable before any setup, a wrong code, a recovery-looking code and bad input, each with a clear message', async () => {
    expect(await post('/api/auth/2fa/enable', { password: mia.password, code: '123456' })).toMatchObject({
      status: 400,
      body: { message: MESSAGES.twoFactorNotSetUp },
    });
    const secret = (await post('/api/auth/2fa/setup')).body.secret as string;
    const wrong = String((Number(totpCode(secret, clock.now())) + 1) % 1_000_000).padStart(6, '0');
    for (const code of [wrong, 'abcd-efgh-jkmn-pqrs', '12345', '1234567']) {
      expect(await post('/api/auth/2fa/enable', { password: mia.password, code })).toMatchObject({ status: 400, body: { message: MESSAGES.setupCodeInvalid } });
    }
    for (const [body, message] of [
      [{ password: mia.password }, 'Code is required'],
      [{ password: mia.password, code: '   ' }, 'Code is required'],
      [{ password: mia.password, code: 123456 }, 'Code is required'],
      [{ password: mia.password, code: 'x'.repeat(65) }, 'Code must be at most 64 characters'],
      [{ code: '123456' }, 'Password is required'],
      [{ code: '123456', password: '' }, 'Password is required'],
    ] as const) {
      expect(await post('/api/auth/2fa/enable', body)).toMatchObject({ status: 400, body: { message } });
    }
    // Nothing of that turned it on, and the pending secret still works.
    expect((await post('/api/auth/2fa/enable', { password: mia.password, code: totpCode(secret, clock.now()) })).status).toBe(200);
  });

  it('takes a code with the space apps show in the middle', async () => {
    const secret = (await post('/api/auth/2fa/setup')).body.secret as string;
    const code = totpCode(secret, clock.now());
    expect((await post('/api/auth/2fa/enable', { password: mia.password, code: ` ${code.slice(0, 3)} ${code.slice(3)} ` })).status).toBe(200);
  });

  it('two enables at once with the same code turn it on once, with one set of recovery codes', async () => {
    const secret = (await post('/api/auth/2fa/setup')).body.secret as string;
    const code = totpCode(secret, clock.now());
    const answers = await Promise.all([1, 2, 3].map(() => post('/api/auth/2fa/enable', { password: mia.password, code })));
    expect(answers.filter((a) => a.status === 200)).toHaveLength(1);
    // A loser that got past the session check before the winner committed finds it on; one that got
    // there after finds its session ended by the winner. Which, depends on the machine's pace.
    for (const loser of answers.filter((a) => a.status !== 200)) {
      expect([
        { status: 400, message: MESSAGES.twoFactorAlreadyOn },
        { status: 401, message: MESSAGES.sessionExpired },
      ]).toContainEqual({ status: loser.status, message: loser.body.message });
    }
    const winner = answers.find((a) => a.status === 200)!.body.recoveryCodes as string[];
    const stored = (await rows<{ code_hash: string }>('select code_hash from recovery_codes')).map((r) => r.code_hash).sort();
    expect(stored).toEqual(winner.map((c) => hashRecoveryCode(normalizeRecoveryCode(c)!)).sort());
  });
});

describe('what is kept at rest', () => {
  it('the secret is sealed: neither its column nor the database file holds the base32 secret', async () => {
    const pending = (await post('/api/auth/2fa/setup')).body.secret as string;
    const [beforeEnable] = await rows<{ pending_secret: string }>('select pending_secret from two_factor');
    expect(beforeEnable!.pending_secret).toMatch(/^v2\./);
    expect(beforeEnable!.pending_secret.toUpperCase()).not.toContain(pending);

    const { secret } = await turnOn();
    const [row] = await rows<{ secret: string; pending_secret: string | null }>('select secret, pending_secret from two_factor');
    expect(row!.pending_secret).toBeNull();
    expect(row!.secret).toMatch(/^v2\./);
    expect(row!.secret.toUpperCase()).not.toContain(secret);
    expect(Buffer.from(row!.secret.slice(3), 'base64url').toString('latin1').toUpperCase()).not.toContain(secret);
    const bytes = await storedBytes();
    expect(bytes).not.toContain(secret);
    expect(bytes).not.toContain(pending);
  });

  it('recovery codes are kept only as SHA-256 hashes', async () => {
    const { recoveryCodes } = await turnOn();
    const stored = (await rows<{ code_hash: string }>('select code_hash from recovery_codes')).map((r) => r.code_hash);
    expect(stored.sort()).toEqual(recoveryCodes.map((c) => hashRecoveryCode(normalizeRecoveryCode(c)!)).sort());
    const bytes = await storedBytes();
    for (const code of recoveryCodes) {
      expect(bytes).not.toContain(code);
      expect(bytes).not.toContain(normalizeRecoveryCode(code));
    }
  });

  it('no log line carries the secret, a recovery code, a challenge or a password', async () => {
    const on = await turnOn();
    const { challenge } = await signIn(mia);
    clock.advance(STEP_MS);
    await post('/api/auth/login/2fa', { challenge, code: on.recoveryCodes[0] }, '');
    await post('/api/auth/2fa/disable', { password: mia.password, code: on.recoveryCodes[1] });
    const log = t.logs.text;
    for (const secret of [on.secret, ...on.recoveryCodes, challenge as string, mia.password]) expect(log).not.toContain(secret);
    expect(log).toContain('two-factor sign-in turned on');
    expect(log).toContain('two-factor sign-in turned off');
  });
});

describe('disable', () => {
  it('needs the right password and a current code; then sign-in takes the password alone', async () => {
    const on = await turnOn();
    clock.advance(STEP_MS);
    const wrongPassword = await post('/api/auth/2fa/disable', { password: 'not mia', code: on.code() });
    expect(wrongPassword).toMatchObject({ status: 400, body: { message: MESSAGES.wrongPasswordOrCode } });
    const wrongCode = await post('/api/auth/2fa/disable', { password: mia.password, code: on.code(3) });
    expect(wrongCode).toMatchObject({ status: 400, body: { message: MESSAGES.wrongPasswordOrCode } });
    expect(Object.keys(await signIn(mia)).sort()).toEqual(['challenge', 'twoFactorRequired']);

    const res = await post('/api/auth/2fa/disable', { password: mia.password, code: on.code() });
    expect(res).toEqual(expect.objectContaining({ status: 200, body: { message: 'Two-factor sign-in turned off' } }));
    expect(Object.keys(await signIn(mia))).toEqual(['token']);
    expect(await rows('select * from two_factor')).toEqual([]);
    expect(await rows('select * from recovery_codes')).toEqual([]);
    expect(await post('/api/auth/2fa/disable', { password: mia.password, code: on.code() })).toMatchObject({
      status: 400,
      body: { message: MESSAGES.twoFactorNotOn },
    });
  });

  it('takes a recovery code in place of the app’s code, but not the code that turned it on (already used)', async () => {
    const on = await turnOn();
    expect((await post('/api/auth/2fa/disable', { password: mia.password, code: on.code() })).status).toBe(400);
    expect((await post('/api/auth/2fa/disable', { password: mia.password, code: on.recoveryCodes[4]!.toUpperCase() })).status).toBe(200);
  });

  it('refuses missing fields with 400 naming them', async () => {
    await turnOn();
    expect(await post('/api/auth/2fa/disable', { code: '123456' })).toMatchObject({ status: 400, body: { message: 'Password is required' } });
    expect(await post('/api/auth/2fa/disable', { password: mia.password })).toMatchObject({ status: 400, body: { message: 'Code is required' } });
  });

  it('wrong passwords and codes count toward the sign-in lockout, so a stolen session cannot guess either', async () => {
    const on = await turnOn();
    clock.advance(STEP_MS);
    const guesses = await Promise.all(Array.from({ length: 12 }, (_, i) => post('/api/auth/2fa/disable', { password: `guess ${i}`, code: on.code() })));
    expect(guesses.filter((g) => g.status === 400)).toHaveLength(5);
    const refused = guesses.filter((g) => g.status === 429);
    expect(refused).toHaveLength(7);
    for (const answer of refused) expect(Number(answer.headers['retry-after'])).toBeGreaterThan(0);
    // Locked for this account and address: the right password and code wait too, and so does sign-in.
    expect((await post('/api/auth/2fa/disable', { password: mia.password, code: on.code() })).status).toBe(429);
    expect((await post('/api/auth/login', { email: mia.email, password: mia.password }, '')).status).toBe(429);
  });
});

describe('an admin clears a member’s two-factor sign-in', () => {
  const miaId = async () => (await rows<{ id: string }>(`select id from users where email = '${mia.email}'`))[0]!.id;

  it('answers {success, message}, turns it off and ends the member’s sessions; the member then signs in with the password alone', async () => {
    await turnOn();
    const { challenge } = await signIn(mia);
    const admin = (await signIn(ADMIN)).token as string;
    const res = await callJson(t.app, 'DELETE', `/api/admin/users/${await miaId()}/2fa`, undefined, admin);
    expect(res).toMatchObject({ status: 200, body: { success: true, message: MESSAGES.twoFactorCleared } });
    expect(Object.keys(res.body).sort()).toEqual(['message', 'success']);

    expect((await t.app.inject({ method: 'GET', url: '/trpc/auth.me', headers: { authorization: `Bearer ${token}` } })).statusCode).toBe(401);
    // A sign-in that was waiting for its code ends too.
    const waiting = await post('/api/auth/login/2fa', { challenge, code: '123456' }, '');
    expect(waiting).toMatchObject({ status: 401, body: { msg: MESSAGES.signInExpired } });
    expect(Object.keys(await signIn(mia))).toEqual(['token']);
    expect(await rows('select * from two_factor')).toEqual([]);
    expect(await rows('select * from recovery_codes')).toEqual([]);
  });

  it('is 404 for an unknown id, 401 without a token, 403 for a member, and 400 when it is not on or is the admin’s own', async () => {
    const admin = (await signIn(ADMIN)).token as string;
    const adminId = (await rows<{ id: string }>(`select id from users where email = '${ADMIN.email}'`))[0]!.id;
    const clear = (id: string, bearer: string) => callJson(t.app, 'DELETE', `/api/admin/users/${encodeURIComponent(id)}/2fa`, undefined, bearer);

    expect(await clear('no-such-id', admin)).toMatchObject({ status: 404, body: { success: false, message: "No user with id 'no-such-id'" } });
    expect(await clear('%27; drop table users; --', admin)).toMatchObject({ status: 404, body: { success: false } });
    expect(await clear(await miaId(), '')).toMatchObject({ status: 401, body: { success: false, message: MESSAGES.notSignedIn } });
    expect(await clear(await miaId(), token)).toMatchObject({ status: 403, body: { success: false, message: MESSAGES.adminOnly } });
    expect(await clear(await miaId(), admin)).toMatchObject({ status: 400, body: { success: false, message: MESSAGES.twoFactorNotOnForUser } });

    const adminOn = await turnOnTwoFactor(t, { token: admin, password: ADMIN.password }, clock);
    expect(await clear(adminId, adminOn.token)).toMatchObject({ status: 400, body: { success: false, message: MESSAGES.twoFactorOwnClear } });
    // Mia's token still works: none of the refusals ended anything.
    expect((await t.app.inject({ method: 'GET', url: '/trpc/auth.me', headers: { authorization: `Bearer ${token}` } })).statusCode).toBe(200);
  });

  it('the panel asks which users have it on beside the list, whose user objects keep CONTRACT’s shape', async () => {
    await turnOn();
    const admin = (await signIn(ADMIN)).token as string;
    const list = await callJson(t.app, 'GET', '/api/admin/users', undefined, admin);
    for (const user of list.body.data as object[]) {
      expect(Object.keys(user).sort()).toEqual(PUBLIC_USER_KEYS);
    }
    const ids = (list.body.data as Array<{ _id: string }>).map((u) => u._id);
    expect((await trpcQuery('auth.twoFactorAdmin.amongUsers', { ids }, admin)).body.result?.data).toEqual([await miaId()]);
    expect((await trpcQuery('auth.twoFactorAdmin.amongUsers', { ids: [] }, admin)).body.result?.data).toEqual([]);
    expect((await trpcQuery('auth.twoFactorAdmin.amongUsers', { ids }, token)).status).toBe(403);
    const tooMany = await trpcQuery('auth.twoFactorAdmin.amongUsers', { ids: Array.from({ length: 101 }, (_, i) => `id-${i}`) }, admin);
    expect(tooMany).toMatchObject({ status: 400, body: { error: { message: 'ids may hold at most 100 ids' } } });
  });
});

describe('the audit trail', () => {
  type Entry = { action: string; actor_email: string | null; target_id: string; summary: string };
  const entries = async () =>
    await rows<Entry>(`select action, actor_email, target_id, summary from audit_entries where action like 'auth.2fa.%' order by at, id`);
  const miaId = async () => (await rows<{ id: string }>(`select id from users where email = '${mia.email}'`))[0]!.id;

  it('records turning it on and off, by the member, and an admin’s clear, by the admin; refusals record nothing, and no entry holds a secret or a code', async () => {
    const on = await turnOn();
    clock.advance(STEP_MS);
    expect((await post('/api/auth/2fa/disable', { password: mia.password, code: '000000' })).status).toBe(400);
    expect((await post('/api/auth/2fa/disable', { password: mia.password, code: on.code() })).status).toBe(200);
    const again = await turnOn();
    const admin = (await signIn(ADMIN)).token as string;
    expect((await callJson(t.app, 'DELETE', `/api/admin/users/${await miaId()}/2fa`, undefined, admin)).status).toBe(200);
    expect((await callJson(t.app, 'DELETE', `/api/admin/users/${await miaId()}/2fa`, undefined, admin)).status).toBe(400);

    expect(await entries()).toEqual([
      {
        action: 'auth.2fa.enable',
        actor_email: mia.email,
        target_id: await miaId(),
        summary: `${mia.email} turned on two-factor sign-in and ended their other sessions`,
      },
      { action: 'auth.2fa.disable', actor_email: mia.email, target_id: await miaId(), summary: `${mia.email} turned off two-factor sign-in` },
      {
        action: 'auth.2fa.enable',
        actor_email: mia.email,
        target_id: await miaId(),
        summary: `${mia.email} turned on two-factor sign-in and ended their other sessions`,
      },
      {
        action: 'auth.2fa.disable',
        actor_email: ADMIN.email,
        target_id: await miaId(),
        summary: `cleared the two-factor sign-in of ${mia.email} and ended their sessions`,
      },
    ]);
    const stored = JSON.stringify(await rows('select * from audit_entries'));
    for (const secret of [on.secret, again.secret, ...on.recoveryCodes, ...again.recoveryCodes]) expect(stored).not.toContain(secret);
  });
});
