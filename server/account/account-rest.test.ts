// CONTRACT §5 "A member's own account" through the REST façade and tRPC, against a real database
// (SQLite, and PostgreSQL in the postgres project), real argon2 and a real SMTP server.
import { sql, type SQL } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ACCOUNT_MESSAGES } from '../../shared/account';
import { MESSAGES } from '../../shared/messages';
import type { CaughtMail } from '../../tests/support/smtp-catcher';
import { callJson, createTestApp, TEST_APP_URL, type TestApp } from '../../tests/support/test-app';
import { sqlRows, sqlRun, withAppDatabase } from '../../tests/support/test-database';
import { TestClock, turnOnTwoFactor } from '../../tests/support/two-factor';
import { MEMBER_AUDIT_BATCH } from '../audit/member-entries';
import { recordAudit } from '../audit/record';
import { mailDayCounts } from '../db/schema';
import { transaction } from '../db/transaction';
import { enqueueMail } from '../jobs/outbox-data';

const ADMIN = { email: 'root@example.com', password: 'root password' };
const ann = { name: 'Ann Example', email: 'ann@example.com', password: 'ann password' };

let t: TestApp;
let clock: TestClock;
beforeEach(async () => {
  clock = new TestClock();
  t = await createTestApp({ smtp: true, env: { ADMIN_EMAIL: ADMIN.email, ADMIN_PASSWORD: ADMIN.password }, build: { clock: clock.now } });
});
afterEach(async () => {
  await t.close();
});

const rowsOf = <T>(query: SQL) => withAppDatabase(t.config, (db) => sqlRows<T>(db, query));
const run = (statement: SQL) => withAppDatabase(t.config, (db) => sqlRun(db, statement));

async function register(user = ann): Promise<string> {
  const res = await callJson(t.app, 'POST', '/api/auth/register', user);
  expect(res.status).toBe(201);
  return res.body.token as string;
}
async function login(email: string, password: string) {
  return callJson(t.app, 'POST', '/api/auth/login', { email, password });
}
const me = async (token: string) => (await callJson(t.app, 'GET', '/api/account', undefined, token)).status;
const userIdOf = (token: string) => (JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString()) as { user: { id: string } }).user.id;

/** The token of the first link to `path` in the last mail to `address` (the mails are caught before the answers that send them). */
function linkIn(mail: CaughtMail | undefined, path: 'verify-email' | 'confirm-email'): string {
  const match = new RegExp(`${TEST_APP_URL}/${path}/([A-Za-z0-9_-]+)`).exec(mail?.body ?? '');
  if (!match?.[1]) throw new Error(`no ${path} link in the mail`);
  return match[1];
}
const mailsTo = (address: string) => t.smtp!.mails.filter((mail) => mail.to.includes(address));
const lastMailTo = (address: string) => mailsTo(address).at(-1);

async function requestEmailChange(token: string, newEmail: string, password = ann.password) {
  const res = await callJson(t.app, 'POST', '/api/account/email', { newEmail, password }, token);
  expect(res).toMatchObject({ status: 200, body: { message: ACCOUNT_MESSAGES.checkNewAddress } });
  return linkIn(lastMailTo(newEmail), 'confirm-email');
}

describe('verification', () => {
  it('registration still signs in at once and mails a verification link that verifies the address once', async () => {
    const token = await register();
    expect(await callJson(t.app, 'GET', '/api/account', undefined, token)).toMatchObject({
      status: 200,
      body: { emailVerified: false, pendingEmail: null, twoFactorEnabled: false, user: { email: ann.email, emailVerified: false } },
    });
    const mail = lastMailTo(ann.email)!;
    expect(mail.body).toContain('Quantum Path');
    expect(mail.body).toMatch(/Content-Type: text\/plain/i);
    expect(mail.body).toMatch(/Content-Type: text\/html/i);
    const link = linkIn(mail, 'verify-email');
    // Signed out meanwhile: the link proves the mailbox, not a session.
    expect((await callJson(t.app, 'POST', '/api/auth/logout', undefined, token)).status).toBe(200);
    expect(await callJson(t.app, 'POST', '/api/auth/verify-email', { token: link })).toMatchObject({ status: 200, body: { message: 'Email verified' } });
    expect(await callJson(t.app, 'POST', '/api/auth/verify-email', { token: link })).toMatchObject({
      status: 400,
      body: { message: ACCOUNT_MESSAGES.linkUsed },
    });
    const again = (await login(ann.email, ann.password)).body.token as string;
    expect((await callJson(t.app, 'GET', '/api/account', undefined, again)).body).toMatchObject({ emailVerified: true });
    // Verified: nothing more to send.
    expect(await callJson(t.app, 'POST', '/api/account/verification', undefined, again)).toMatchObject({
      status: 400,
      body: { message: ACCOUNT_MESSAGES.alreadyVerified },
    });
  });

  it('stores only the SHA-256 of a link, and a resend replaces the older link', async () => {
    const token = await register();
    const first = linkIn(lastMailTo(ann.email), 'verify-email');
    expect(await callJson(t.app, 'POST', '/api/account/verification', undefined, token)).toMatchObject({
      status: 200,
      body: { message: 'Verification mail sent' },
    });
    const second = linkIn(lastMailTo(ann.email), 'verify-email');
    expect(second).not.toBe(first);
    const stored = await rowsOf<{ token_hash: string }>(sql`select token_hash from account_tokens`);
    expect(stored).toHaveLength(1);
    expect(JSON.stringify(stored)).not.toContain(second);
    expect(Buffer.from(second, 'base64url')).toHaveLength(32);
    expect((await callJson(t.app, 'POST', '/api/auth/verify-email', { token: first })).status).toBe(400);
    expect((await callJson(t.app, 'POST', '/api/auth/verify-email', { token: second })).status).toBe(200);
  });

  it('a verification link expires after 7 days, and says so', async () => {
    await register();
    const link = linkIn(lastMailTo(ann.email), 'verify-email');
    const [row] = await rowsOf<{ expires_at: number | string }>(sql`select expires_at from account_tokens`);
    expect(Number(row!.expires_at) - Date.now()).toBeGreaterThan(7 * 24 * 3600_000 - 60_000);
    expect(Number(row!.expires_at) - Date.now()).toBeLessThanOrEqual(7 * 24 * 3600_000);
    await run(sql`update account_tokens set expires_at = ${Date.now() - 1}`);
    expect(await callJson(t.app, 'POST', '/api/auth/verify-email', { token: link })).toMatchObject({
      status: 400,
      body: { message: ACCOUNT_MESSAGES.linkExpired },
    });
  });

  it('a verification link for an address the account no longer has is refused', async () => {
    const token = await register();
    const link = linkIn(lastMailTo(ann.email), 'verify-email');
    const admin = (await login(ADMIN.email, ADMIN.password)).body.token as string;
    const moved = { name: ann.name, email: 'moved@example.com', role: 'user', membershipTier: 'free', status: 'active' };
    expect((await callJson(t.app, 'PUT', `/api/admin/users/${userIdOf(token)}`, moved, admin)).status).toBe(200);
    expect(await callJson(t.app, 'POST', '/api/auth/verify-email', { token: link })).toMatchObject({
      status: 400,
      body: { message: ACCOUNT_MESSAGES.linkOutdated },
    });
    const again = (await login('moved@example.com', ann.password)).body.token as string;
    expect((await callJson(t.app, 'GET', '/api/account', undefined, again)).body).toMatchObject({ emailVerified: false });
  });

  it('a member who signed up with somebody else’s address cannot verify it without the mail', async () => {
    const token = await register();
    // Every way in without the mailed token: made up, the other purpose's, none at all.
    const confirmLink = await requestEmailChange(token, 'other@example.com');
    for (const body of [{ token: 'made-up' }, { token: confirmLink }, {}]) {
      const res = await callJson(t.app, 'POST', '/api/auth/verify-email', body, token);
      expect(res.status).toBe(400);
    }
    expect((await callJson(t.app, 'GET', '/api/account', undefined, token)).body).toMatchObject({ emailVerified: false });
  });

  it('at most 3 verification mails an hour per member: then 429 with Retry-After', async () => {
    const token = await register();
    const before = mailsTo(ann.email).length;
    for (let i = 0; i < 3; i++) expect((await callJson(t.app, 'POST', '/api/account/verification', undefined, token)).status).toBe(200);
    const refused = await callJson(t.app, 'POST', '/api/account/verification', undefined, token);
    expect(refused.status).toBe(429);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect(refused.body.message).toMatch(/^Too many verification mails/);
    expect(mailsTo(ann.email).length - before).toBe(3);
  });
});

describe('profile', () => {
  it('changes the name, validated, and records it without an address', async () => {
    const token = await register();
    expect(await callJson(t.app, 'PUT', '/api/account/profile', { name: '  Ann Newname ' }, token)).toMatchObject({
      status: 200,
      body: { user: { name: 'Ann Newname', email: ann.email } },
    });
    expect((await callJson(t.app, 'PUT', '/api/account/profile', { name: '' }, token)).body).toEqual({ message: 'Name is required' });
    expect((await callJson(t.app, 'PUT', '/api/account/profile', { name: 'x'.repeat(5000) }, token)).status).toBe(400);
    expect((await callJson(t.app, 'PUT', '/api/account/profile', { name: 'Ann' })).status).toBe(401);
    const entries = await rowsOf<{ summary: string }>(sql`select summary from audit_entries where action = 'account.profile.update'`);
    expect(entries).toHaveLength(1);
    expect(entries[0]!.summary).not.toContain('@');
  });
});

describe('email change', () => {
  it('mails a link to the new address and a masked notice without a link to the old one; the link changes and verifies the address and ends every session', async () => {
    const token = await register();
    const other = (await login(ann.email, ann.password)).body.token as string;
    const link = await requestEmailChange(token, 'new.ann@example.org');
    const notice = lastMailTo(ann.email)!;
    // Masked: the first letter and the domain (the catcher reads the mail's UTF-8 ellipsis byte by byte).
    expect(notice.body).toMatch(/changed to n\S{1,3}@example\.org/);
    expect(notice.body).not.toContain('new.ann');
    expect(notice.body).not.toMatch(/confirm-email|verify-email/);
    expect((await callJson(t.app, 'GET', '/api/account', undefined, token)).body).toMatchObject({
      pendingEmail: 'new.ann@example.org',
      user: { email: ann.email },
    });

    expect(await callJson(t.app, 'POST', '/api/account/email/confirm', { token: link })).toMatchObject({
      status: 200,
      body: { message: 'Your email address is changed' },
    });
    expect([await me(token), await me(other)]).toEqual([401, 401]);
    expect((await login(ann.email, ann.password)).status).toBe(401);
    const fresh = (await login('new.ann@example.org', ann.password)).body.token as string;
    expect((await callJson(t.app, 'GET', '/api/account', undefined, fresh)).body).toMatchObject({ emailVerified: true, pendingEmail: null });
    const [entry] = await rowsOf<{ summary: string }>(sql`select summary from audit_entries where action = 'account.email.change'`);
    expect(entry!.summary).toBe('email changed through the link mailed to the new address');
  });

  it('a wrong password is a 401 {message} that counts as a failed sign-in, under the same lockout', async () => {
    const token = await register();
    const wrong = await callJson(t.app, 'POST', '/api/account/email', { newEmail: 'x@example.com', password: 'wrong' }, token);
    expect(wrong).toMatchObject({ status: 401, body: { message: MESSAGES.wrongPassword } });
    // Four more wrong passwords through another call that checks one: the fifth failure locks.
    for (let i = 0; i < 4; i++) {
      expect((await callJson(t.app, 'DELETE', '/api/account', { password: `wrong ${i}`, confirm: 'DELETE' }, token)).status).toBe(401);
    }
    // The lock is the sign-in's own: the account is locked for sign-in from this address too, the right password included.
    const locked = await login(ann.email, ann.password);
    expect(locked.status).toBe(429);
    expect(locked.headers['retry-after']).toBeDefined();
    expect((await callJson(t.app, 'PUT', '/api/account/password', { currentPassword: ann.password, newPassword: 'a new password' }, token)).status).toBe(429);
  });

  it('an address in use is a 409, the same address a 400, a bad one a 400 naming the field', async () => {
    const token = await register();
    expect((await callJson(t.app, 'POST', '/api/account/email', { newEmail: ADMIN.email, password: ann.password }, token)).status).toBe(409);
    expect(await callJson(t.app, 'POST', '/api/account/email', { newEmail: 'ANN@example.com', password: ann.password }, token)).toMatchObject({
      status: 400,
      body: { message: ACCOUNT_MESSAGES.sameEmail },
    });
    expect((await callJson(t.app, 'POST', '/api/account/email', { newEmail: 'nope', password: ann.password }, token)).body).toEqual({
      message: 'newEmail must be a valid email address',
    });
  });

  it('a new request replaces the older link; a link expires after 60 minutes', async () => {
    const token = await register();
    const first = await requestEmailChange(token, 'one@example.com');
    const second = await requestEmailChange(token, 'two@example.com');
    expect(await callJson(t.app, 'POST', '/api/account/email/confirm', { token: first })).toMatchObject({
      status: 400,
      body: { message: ACCOUNT_MESSAGES.linkUsed },
    });
    const [row] = await rowsOf<{ expires_at: number | string }>(sql`select expires_at from account_tokens where purpose = 'change-email'`);
    expect(Number(row!.expires_at) - Date.now()).toBeLessThanOrEqual(60 * 60_000);
    await run(sql`update account_tokens set expires_at = ${Date.now() - 1}`);
    expect(await callJson(t.app, 'POST', '/api/account/email/confirm', { token: second })).toMatchObject({
      status: 400,
      body: { message: ACCOUNT_MESSAGES.linkExpired },
    });
    expect((await login(ann.email, ann.password)).status).toBe(200);
  });

  it('a password change (or reset) cancels a pending change', async () => {
    const token = await register();
    const link = await requestEmailChange(token, 'thief@example.com');
    expect((await callJson(t.app, 'PUT', '/api/account/password', { currentPassword: ann.password, newPassword: 'a new password' }, token)).status).toBe(200);
    expect((await callJson(t.app, 'POST', '/api/account/email/confirm', { token: link })).status).toBe(400);
  });

  it('email change requests are limited per member, per client address and per new address (429 with Retry-After)', async () => {
    const token = await register();
    for (let i = 0; i < 3; i++) await requestEmailChange(token, 'same@example.com');
    const refused = await callJson(t.app, 'POST', '/api/account/email', { newEmail: 'another@example.com', password: ann.password }, token);
    expect(refused.status).toBe(429);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect(refused.body.message).toMatch(/^Too many email change requests/);
    const bob = await register({ name: 'Bob', email: 'bob@example.com', password: 'bob password' });
    const fromAddress = (remoteAddress: string, newEmail: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/account/email',
        remoteAddress,
        headers: { authorization: `Bearer ${bob}` },
        payload: { newEmail, password: 'bob password' },
      });
    // Another member on the same network: held by the address's count.
    expect((await fromAddress('127.0.0.1', 'bobs.new@example.com')).statusCode).toBe(429);
    // From elsewhere, to the mailbox that already had three: held by the mailbox's count.
    expect((await fromAddress('203.0.113.9', 'same@example.com')).statusCode).toBe(429);
    expect((await fromAddress('203.0.113.9', 'bobs.new@example.com')).statusCode).toBe(200);
  });

  it('two confirmations of one link at once: one changes the address, the other is a 400', async () => {
    const token = await register();
    const link = await requestEmailChange(token, 'race@example.com');
    const answers = await Promise.all([1, 2].map(() => callJson(t.app, 'POST', '/api/account/email/confirm', { token: link })));
    expect(answers.map((a) => a.status).sort()).toEqual([200, 400]);
    expect(await rowsOf(sql`select id from users where email = 'race@example.com'`)).toHaveLength(1);
  });

  it('a confirmation racing another sign-up with the same address: one of them gets it, the other a 409', async () => {
    const token = await register();
    const link = await requestEmailChange(token, 'wanted@example.com');
    const [confirm, signUp] = await Promise.all([
      callJson(t.app, 'POST', '/api/account/email/confirm', { token: link }),
      callJson(t.app, 'POST', '/api/auth/register', { name: 'Zed', email: 'wanted@example.com', password: 'zed password' }),
    ]);
    // Either the confirmation won (and the sign-up is a 409) or the sign-up did (and the confirmation is).
    expect([
      [200, 409],
      [409, 201],
    ]).toContainEqual([confirm.status, signUp.status]);
    expect(await rowsOf(sql`select id from users where email = 'wanted@example.com'`)).toHaveLength(1);
    if (confirm.status === 409) {
      expect(confirm.body).toEqual({ message: MESSAGES.emailInUse });
      // Nothing of the refused change stayed: the member keeps the old address and the session.
      expect(await me(token)).toBe(200);
    } else {
      expect(signUp.body).toEqual({ msg: MESSAGES.emailInUse });
    }
  });
});

describe('password change', () => {
  it('ends every other session, returns a fresh token that works, and mails a notice', async () => {
    const token = await register();
    const other = (await login(ann.email, ann.password)).body.token as string;
    const mailsBefore = t.smtp!.mails.length;
    const res = await callJson(t.app, 'PUT', '/api/account/password', { currentPassword: ann.password, newPassword: 'brand new pass' }, token);
    expect(res).toMatchObject({ status: 200, body: { message: 'Password changed' } });
    const fresh = res.body.token as string;
    expect([await me(token), await me(other), await me(fresh)]).toEqual([401, 401, 200]);
    expect((await login(ann.email, ann.password)).status).toBe(401);
    expect((await login(ann.email, 'brand new pass')).status).toBe(200);
    const notice = await t.smtp!.waitForMail(ann.email, { after: mailsBefore });
    expect(notice.body).toContain('password of your Quantum Path account was just changed');
    const [entry] = await rowsOf<{ summary: string }>(sql`select summary from audit_entries where action = 'account.password.change'`);
    expect(entry!.summary).not.toMatch(/brand new pass|ann password|@/);
  });

  it('a wrong current password is a 401 that counts; five guesses in parallel are checked at most five times', async () => {
    const token = await register();
    const guesses = await Promise.all(
      Array.from({ length: 8 }, (_, i) =>
        callJson(t.app, 'PUT', '/api/account/password', { currentPassword: `guess ${i}`, newPassword: 'whatever new' }, token),
      ),
    );
    const statuses = guesses.map((g) => g.status);
    expect(statuses.filter((s) => s === 401)).toHaveLength(5);
    expect(statuses.filter((s) => s === 429)).toHaveLength(3);
    expect(guesses.find((g) => g.status === 401)!.body).toEqual({ message: ACCOUNT_MESSAGES.wrongCurrentPassword });
    expect((await login(ann.email, ann.password)).status).toBe(429);
  });

  it('the new password follows the sign-up rule and must differ from the current one', async () => {
    const token = await register();
    expect((await callJson(t.app, 'PUT', '/api/account/password', { currentPassword: ann.password, newPassword: 'short' }, token)).body).toEqual({
      message: 'Password must be at least 6 characters',
    });
    expect((await callJson(t.app, 'PUT', '/api/account/password', { currentPassword: ann.password, newPassword: ann.password }, token)).body).toEqual({
      message: ACCOUNT_MESSAGES.samePassword,
    });
  });
});

describe('data export', () => {
  it('streams the profile, tier, paidSince, the course sections and the member’s audit entries, and never a hash, secret, code or token', async () => {
    const token = await register();
    const admin = (await login(ADMIN.email, ADMIN.password)).body.token as string;
    const id = userIdOf(token);
    // A member with every kind of data: paid, two-factor on (secret, recovery codes), a pending email change, a reset link.
    await callJson(t.app, 'PUT', `/api/admin/users/${id}`, { name: ann.name, email: ann.email, role: 'user', membershipTier: 'paid', status: 'active' }, admin);
    const member = await login(ann.email, ann.password);
    const twoFactor = await turnOnTwoFactor(t, { token: member.body.token as string, password: ann.password }, clock);
    const link = await requestEmailChange(twoFactor.token, 'later@example.com');
    await callJson(t.app, 'POST', '/api/auth/forgot-password', { email: ann.email });
    await callJson(t.app, 'PUT', '/api/account/profile', { name: 'Ann Exported' }, twoFactor.token);
    // The course's only lesson, completed: progress and a certificate.
    const outline = await callJson(t.app, 'GET', '/api/course');
    const moduleId = (outline.body.modules as Array<{ _id: string }>)[0]!._id;
    const lesson = await callJson(t.app, 'POST', '/api/admin/course/lessons', { moduleId, title: 'The one lesson', kind: 'text', published: true }, admin);
    const lessonId = (lesson.body.lesson as { _id: string })._id;
    expect((await callJson(t.app, 'PUT', `/api/course/lessons/${lessonId}/progress`, { positionSeconds: 0, completed: true }, twoFactor.token)).status).toBe(
      200,
    );
    const earned = await callJson(t.app, 'GET', '/api/course/certificate', undefined, twoFactor.token);
    expect(earned.status).toBe(200);
    expect((await callJson(t.app, 'PUT', '/api/account/mail', { replies: false, courseUpdates: true }, twoFactor.token)).status).toBe(200);

    const res = await t.app.inject({ method: 'GET', url: '/api/account/export', headers: { authorization: `Bearer ${twoFactor.token}` } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^application\/json/);
    expect(res.headers['content-disposition']).toMatch(/^attachment; filename="my-data-\d{4}-\d{2}-\d{2}\.json"$/);
    const file = res.json() as {
      profile: Record<string, unknown>;
      courseProgress: unknown[];
      certificate: unknown;
      mailSettings: unknown;
      comments: unknown[];
      auditEntries: Array<{ action: string; byYou: boolean; summary: string }>;
    };
    expect(file.mailSettings).toEqual({ replies: false, courseUpdates: true });
    expect(file.profile).toMatchObject({ _id: id, name: 'Ann Exported', email: ann.email, membershipTier: 'paid', twoFactorEnabled: true });
    expect(file.profile.paidSince).toMatch(/^\d{4}-\d{2}-\d{2}T/);
    expect(file.courseProgress).toEqual([
      {
        lessonId,
        positionSeconds: 0,
        playedSeconds: 0,
        completedAt: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T/),
        updatedAt: expect.stringMatching(/^\d{4}-/),
      },
    ]);
    expect(file.certificate).toEqual({
      _id: earned.body._id,
      url: `/certificates/${earned.body._id as string}`,
      name: 'Ann Exported',
      completedAt: expect.stringMatching(/^\d{4}-/),
    });
    // Her comments: none here (discussion-rest.test.ts exports some), but the section is there.
    expect(file.comments).toEqual([]);
    expect(file.auditEntries.map((e) => e.action)).toEqual(expect.arrayContaining(['user.update', 'auth.2fa.enable', 'account.profile.update']));
    expect(file.auditEntries.find((e) => e.action === 'user.update')!.byYou).toBe(false);
    // Nothing secret, in any form.
    const [secrets] = await rowsOf<{ password_hash: string; secret: string }>(
      sql`select u.password_hash, f.secret from users u join two_factor f on f.user_id = u.id where u.id = ${id}`,
    );
    for (const secret of [secrets!.password_hash, secrets!.secret, twoFactor.secret, ...twoFactor.recoveryCodes, link, twoFactor.token, ADMIN.email]) {
      expect(res.body).not.toContain(secret);
    }
    expect(res.body).not.toMatch(/argon2|password_?hash|recovery|tokenHash|token_hash/i);
    expect(await rowsOf(sql`select id from audit_entries where action = 'account.export'`)).toHaveLength(1);
  });

  it('streams every one of the member’s entries across batches, and none of another member’s', async () => {
    const token = await register();
    const id = userIdOf(token);
    const bob = userIdOf(await register({ name: 'Bob', email: 'bob@example.com', password: 'bob password' }));
    const many = MEMBER_AUDIT_BATCH * 2 + 7;
    await withAppDatabase(t.config, (db) =>
      transaction(db, async (tx) => {
        for (let i = 0; i < many; i++) {
          const who = i % 2 === 0 ? { id, email: ann.email } : { id: bob, email: 'bob@example.com' };
          await recordAudit(tx, { actor: who, action: 'account.profile.update', target: { type: 'user', id: who.id }, summary: `entry ${i}` });
        }
      }),
    );
    const res = await t.app.inject({ method: 'GET', url: '/api/account/export', headers: { authorization: `Bearer ${token}` } });
    const entries = (res.json() as { auditEntries: Array<{ summary: string; byYou: boolean }> }).auditEntries;
    expect(entries).toHaveLength(Math.ceil(many / 2));
    expect(entries.every((entry) => entry.byYou && Number(entry.summary.split(' ')[1]) % 2 === 0)).toBe(true);
    // Oldest first, each once.
    expect(entries.map((entry) => entry.summary)).toEqual(Array.from({ length: Math.ceil(many / 2) }, (_, i) => `entry ${i * 2}`));
  });

  it('without a valid session it is a 401 {message}, before any byte of the file', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/account/export', headers: { authorization: 'Bearer nonsense' } });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ message: MESSAGES.sessionExpired });
  });
});

describe('deletion', () => {
  it('removes, in one go, the user and every row of theirs; their sessions end; the trail keeps the entries but not the email', async () => {
    const registered = await register();
    const id = userIdOf(registered);
    // Course progress and a certificate: made an Architect, she completes every published lesson.
    const admin = (await login(ADMIN.email, ADMIN.password)).body.token as string;
    await callJson(t.app, 'PUT', `/api/admin/users/${id}`, { name: ann.name, email: ann.email, role: 'user', membershipTier: 'paid', status: 'active' }, admin);
    const token = (await login(ann.email, ann.password)).body.token as string;
    const firstModule = ((await callJson(t.app, 'GET', '/api/course')).body.modules as Array<{ _id: string }>)[0]!._id;
    await callJson(t.app, 'POST', '/api/admin/course/lessons', { moduleId: firstModule, title: 'A lesson to finish', kind: 'text', published: true }, admin);
    const outline = (await callJson(t.app, 'GET', '/api/course', undefined, token)).body.modules as Array<{ lessons: Array<{ _id: string }> }>;
    for (const lesson of outline.flatMap((module) => module.lessons)) {
      expect((await callJson(t.app, 'PUT', `/api/course/lessons/${lesson._id}/progress`, { positionSeconds: 0, completed: true }, token)).status).toBe(200);
    }
    expect((await callJson(t.app, 'GET', '/api/course/certificate', undefined, token)).status).toBe(200);
    // A comment of hers (with her address proved), her report of it, and a comment ban: the comment
    // stays for the others' threads, without her (decision 053); the report and the ban go.
    await run(sql`update users set email_verified = true where id = ${id}`);
    const lessonId = outline[0]!.lessons[0]!._id;
    const comment = await callJson(t.app, 'POST', `/api/course/lessons/${lessonId}/comments`, { body: 'Kept for the thread' }, token);
    expect(comment.status, comment.raw).toBe(201);
    const commentId = (comment.body.comment as { _id: string })._id;
    expect((await callJson(t.app, 'POST', `/api/course/comments/${commentId}/report`, { reason: 'Mine, but wrong' }, token)).status).toBe(200);
    expect((await callJson(t.app, 'PUT', `/api/admin/users/${id}/comment-ban`, { until: '2099-01-01' }, admin)).status).toBe(200);
    const twoFactor = await turnOnTwoFactor(t, { token, password: ann.password }, clock);
    await requestEmailChange(twoFactor.token, 'gone@example.com');
    await callJson(t.app, 'POST', '/api/auth/forgot-password', { email: ann.email });
    // A session signed out (revoked_tokens), and a sign-in waiting for its code (login_challenges).
    const challenge = (await login(ann.email, ann.password)).body.challenge as string;
    const second = await callJson(t.app, 'POST', '/api/auth/login/2fa', { challenge, code: twoFactor.recoveryCodes[0] });
    expect((await callJson(t.app, 'POST', '/api/auth/logout', undefined, second.body.token as string)).status).toBe(200);
    expect((await login(ann.email, ann.password)).body.challenge).toBeDefined();
    // Mail settings, and a mail of hers in the outbox counted against her day.
    expect((await callJson(t.app, 'PUT', '/api/account/mail', { replies: false, courseUpdates: false }, twoFactor.token)).status).toBe(200);
    await withAppDatabase(t.config, async (db) => {
      await transaction(db, (tx) => enqueueMail(tx, { key: `deleted:${id}`, userId: id, kind: 'comment.reply', subject: 'A reply', paragraphs: ['Hello'] }));
      await db.insert(mailDayCounts).values({ userId: id, day: '2031-05-06', count: 1 });
    });
    const tables = [
      'users',
      'mail_preferences',
      'mail_outbox',
      'mail_day_counts',
      'account_tokens',
      'password_resets',
      'two_factor',
      'recovery_codes',
      'login_challenges',
      'revoked_tokens',
      'course_progress',
      'course_certificates',
      'comment_reports',
      'comment_members',
    ];
    const rowsOfAnn = (table: string) => rowsOf(sql.raw(`select 1 from ${table} where ${table === 'users' ? 'id' : 'user_id'} = '${id}'`));
    for (const table of tables) expect((await rowsOfAnn(table)).length, `${table} before`).toBeGreaterThan(0);

    const refusals = [
      [{ password: ann.password, confirm: 'delete' }, 400],
      [{ password: ann.password }, 400],
      [{ password: 'wrong', confirm: 'DELETE' }, 401],
    ] as const;
    for (const [body, status] of refusals) expect((await callJson(t.app, 'DELETE', '/api/account', body, twoFactor.token)).status).toBe(status);
    expect(await callJson(t.app, 'DELETE', '/api/account', { password: ann.password, confirm: 'DELETE' }, twoFactor.token)).toMatchObject({
      status: 200,
      body: { message: 'Your account is deleted' },
    });
    expect(await me(twoFactor.token)).toBe(401);
    expect((await login(ann.email, ann.password)).status).toBe(401);
    for (const table of tables) expect(await rowsOfAnn(table), table).toEqual([]);
    expect(await rowsOf(sql`select author_id, body from comments where id = ${commentId}`)).toEqual([{ author_id: null, body: 'Kept for the thread' }]);
    const entries = await rowsOf<{ actor_email: string | null; summary: string; action: string }>(
      sql`select actor_email, summary, action from audit_entries where actor_id = ${id} or target_id = ${id}`,
    );
    expect(entries.map((e) => e.action)).toEqual(expect.arrayContaining(['auth.2fa.enable', 'account.delete']));
    expect(JSON.stringify(entries)).not.toContain(ann.email);
  });

  it('the last active admin cannot delete their account (409); with another admin they can', async () => {
    const admin = (await login(ADMIN.email, ADMIN.password)).body.token as string;
    expect(await callJson(t.app, 'DELETE', '/api/account', { password: ADMIN.password, confirm: 'DELETE' }, admin)).toMatchObject({
      status: 409,
      body: { message: ACCOUNT_MESSAGES.lastAdmin },
    });
    await callJson(
      t.app,
      'POST',
      '/api/admin/users',
      { name: 'Second', email: 'second@example.com', password: 'second pass', role: 'admin', membershipTier: 'free', status: 'active' },
      admin,
    );
    expect((await callJson(t.app, 'DELETE', '/api/account', { password: ADMIN.password, confirm: 'DELETE' }, admin)).status).toBe(200);
  });

  it('two last admins deleting themselves at once leave one', async () => {
    const admin = (await login(ADMIN.email, ADMIN.password)).body.token as string;
    await callJson(
      t.app,
      'POST',
      '/api/admin/users',
      { name: 'Second', email: 'second@example.com', password: 'second pass', role: 'admin', membershipTier: 'free', status: 'active' },
      admin,
    );
    const second = (await login('second@example.com', 'second pass')).body.token as string;
    const answers = await Promise.all([
      callJson(t.app, 'DELETE', '/api/account', { password: ADMIN.password, confirm: 'DELETE' }, admin),
      callJson(t.app, 'DELETE', '/api/account', { password: 'second pass', confirm: 'DELETE' }, second),
    ]);
    expect(answers.map((a) => a.status).sort()).toEqual([200, 409]);
    expect(await rowsOf(sql`select id from users where role = 'admin'`)).toHaveLength(1);
  });

  it('a deletion racing a password change: exactly one of them happens, and no 5xx', async () => {
    const token = await register();
    const id = userIdOf(token);
    const [deletion, change] = await Promise.all([
      callJson(t.app, 'DELETE', '/api/account', { password: ann.password, confirm: 'DELETE' }, token),
      callJson(t.app, 'PUT', '/api/account/password', { currentPassword: ann.password, newPassword: 'raced new pass' }, token),
    ]);
    expect([deletion.status, change.status].sort()).toEqual([200, 401]);
    const users = await rowsOf(sql`select id from users where id = ${id}`);
    if (deletion.status === 200) {
      expect(users).toEqual([]);
    } else {
      expect(users).toHaveLength(1);
      expect((await login(ann.email, 'raced new pass')).status).toBe(200);
    }
  });
});
