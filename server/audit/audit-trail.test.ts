// CONTRACT §3 "Operators": every change the site audits writes one entry, in the same transaction
// as the change (a change that fails writes none, and a change whose entry cannot be written is
// not made), and no entry ever holds a secret. Through the REST façade, on a real database, real
// argon2, real files and a real SMTP server.
import { existsSync, readdirSync, realpathSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { AuditAction, AuditEntry } from '../../shared/audit';
import { multipart } from '../../tests/support/multipart';
import { resetTokenFrom } from '../../tests/support/smtp-catcher';
import { closeAdminApp, ROOT_ADMIN, signIn, startAdminApp } from '../../tests/support/admin-app';
import { callJson, TEST_JWT_SECRET, type TestApp } from '../../tests/support/test-app';
import { asc, count, eq, sql } from 'drizzle-orm';
import { sqlRun } from '../../tests/support/test-database';
import type { SiteDatabase } from '../db/client';
import { auditEntries, mediaScans, users } from '../db/schema';

const ROOT = ROOT_ADMIN;
const PNG = Buffer.concat([Buffer.from('89504e470d0a1a0a', 'hex'), Buffer.alloc(64, 1)]);

let t: TestApp;
let db: SiteDatabase;
let rootToken: string;

async function start(env: Record<string, string> = {}) {
  ({ t, db, adminToken: rootToken } = await startAdminApp({ smtp: true, env }));
}
afterEach(() => closeAdminApp({ t, db }));

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';
const api = (method: Method, url: string, body?: unknown, token = rootToken) => callJson(t.app, method, url, body, token);

const login = (email: string, password: string) => signIn(t, email, password);

const idOf = async (email: string) => (await db.db.select({ id: users.id }).from(users).where(eq(users.email, email)))[0]!.id;

/** The newest entries (first page), of one action or all. */
async function entries(action?: AuditAction, token = rootToken): Promise<AuditEntry[]> {
  const res = await api('GET', `/api/admin/audit${action ? `?action=${action}` : ''}`, undefined, token);
  expect(res.status).toBe(200);
  return (res.body as { data: AuditEntry[] }).data;
}

const summaries = async (action: AuditAction) => (await entries(action)).map((e) => e.summary);

async function createUser(fields: Record<string, string> = {}) {
  const res = await api('POST', '/api/admin/users', {
    name: 'Pat Lee',
    email: 'pat@example.com',
    password: 'pat password',
    role: 'user',
    membershipTier: 'paid',
    status: 'active',
    ...fields,
  });
  expect(res.status).toBe(201);
  return (res.body.data as { _id: string })._id;
}

async function upload(files: string[], mediaType = 'image') {
  const { payload, headers } = multipart(
    { mediaType },
    files.map((name) => ({ name, type: 'image/png', content: PNG })),
  );
  const res = await t.app.inject({ method: 'POST', url: '/api/media/upload', payload, headers: { ...headers, authorization: `Bearer ${rootToken}` } });
  return { status: res.statusCode, body: res.json() as Record<string, unknown> };
}

const items = (...names: string[]) => names.map((name) => ({ type: 'image', url: `/media/image/${name}` }));

/** Makes every insert into the trail fail, as a full disk or a broken database would. */
const refuseEntries = () =>
  sqlRun(db.db, {
    sqlite: sql`create trigger refuse_audit before insert on audit_entries begin select raise(abort, 'audit refused'); end`,
    postgres: sql`create function refuse_audit() returns trigger language plpgsql as $$ begin raise exception 'audit refused'; end $$;
      create trigger refuse_audit before insert on audit_entries for each row execute function refuse_audit()`,
  });

async function resetPasswordByMail(email: string, password: string) {
  const before = t.smtp!.mails.length;
  expect((await callJson(t.app, 'POST', '/api/auth/forgot-password', { email })).status).toBe(200);
  const mail = await t.smtp!.waitForMail(email, { after: before });
  const token = resetTokenFrom(mail);
  return { token, mail, reset: await callJson(t.app, 'PUT', `/api/auth/reset-password/${token}`, { password }) };
}

describe('each change writes one entry', () => {
  it('the first admin, made by the server at start, has no actor', async () => {
    await start();
    expect(await entries('user.create')).toEqual([
      {
        _id: expect.any(String) as string,
        at: expect.any(String) as string,
        actor: { id: null, email: null },
        action: 'user.create',
        target: { type: 'user', id: await idOf(ROOT.email) },
        summary: 'created root@example.com (“Root”, role admin, tier free, status active) from the server (ADMIN_EMAIL or admin:create)',
      },
    ]);
  });

  it('an admin creates, edits and deletes a user: the admin is the actor, the summary says what changed', async () => {
    await start();
    const root = { id: await idOf(ROOT.email), email: ROOT.email };
    const id = await createUser();
    const [created] = await entries('user.create');
    expect(created).toMatchObject({
      actor: root,
      target: { type: 'user', id },
      summary: 'created pat@example.com (“Pat Lee”, role user, tier paid, status active)',
    });

    expect((await api('PUT', `/api/admin/users/${id}`, { membershipTier: 'free', role: 'admin' })).status).toBe(200);
    expect((await api('PUT', `/api/admin/users/${id}`, { password: 'a new secret' })).status).toBe(200);
    expect(
      (await api('PUT', `/api/admin/users/${id}`, { name: 'Pat  Lee-Smith', email: 'PAT.SMITH@example.com', status: 'suspended', password: '' })).status,
    ).toBe(200);
    // The form sends every field: a save that changes none is recorded as such.
    expect((await api('PUT', `/api/admin/users/${id}`, { name: 'Pat  Lee-Smith', role: 'admin' })).status).toBe(200);
    const updates = await entries('user.update');
    expect(updates.map((e) => e.summary)).toEqual([
      'pat.smith@example.com: changed nothing',
      'pat@example.com: changed name “Pat Lee” → “Pat Lee-Smith”, email pat@example.com → pat.smith@example.com, status active → suspended',
      'pat@example.com: changed password',
      'pat@example.com: changed tier paid → free, role user → admin',
    ]);
    for (const entry of updates) expect(entry).toMatchObject({ actor: root, target: { type: 'user', id } });

    expect((await api('DELETE', `/api/admin/users/${id}`)).status).toBe(200);
    expect(await entries('user.delete')).toMatchObject([
      { actor: root, target: { type: 'user', id }, summary: 'deleted pat.smith@example.com (“Pat Lee-Smith”, role admin, tier free, status suspended)' },
    ]);
  });

  it('entries keep the actor’s email as it was, after the actor changes it and after the actor is deleted', async () => {
    await start();
    const otherId = await createUser({ email: 'other@example.com', role: 'admin', password: 'other password' });
    const other = await login('other@example.com', 'other password');
    const memberId = await createUser({ email: 'mo@example.com' });
    expect((await api('PUT', `/api/admin/users/${memberId}`, { membershipTier: 'free' }, other)).status).toBe(200);
    expect((await api('PUT', `/api/admin/users/${otherId}`, { email: 'renamed@example.com' })).status).toBe(200);
    expect((await api('DELETE', `/api/admin/users/${otherId}`)).status).toBe(200);
    const [byOther] = (await entries('user.update')).filter((e) => e.target.id === memberId);
    expect(byOther).toMatchObject({ actor: { id: otherId, email: 'other@example.com' }, summary: 'mo@example.com: changed tier paid → free' });
  });

  it('media: an upload, a deletion and a scan each write one entry on the base path; a refused upload and a deletion of nothing write none', async () => {
    await start();
    const base = realpathSync(t.config.mediaRoot);
    const actor = { id: await idOf(ROOT.email), email: ROOT.email };
    expect((await upload(['dawn.png', 'dusk.png'])).status).toBe(200);
    expect(await entries('media.upload')).toMatchObject([
      { actor, target: { type: 'media', id: base }, summary: 'uploaded 2 files: image/dawn.png, image/dusk.png' },
    ]);
    // Refused (a PNG is no video): nothing kept, nothing recorded.
    expect((await upload(['clip.png'], 'video')).status).toBe(415);
    expect(await entries('media.upload')).toHaveLength(1);

    const deleted = await api('POST', '/api/media/delete', { paths: ['image/dawn.png', 'image/never.png', '../outside.png'] });
    expect(deleted.body).toMatchObject({ summary: { deleted: 1 } });
    expect((await api('POST', '/api/media/delete', { paths: ['image/never.png'] })).body).toMatchObject({ summary: { deleted: 0 } });
    expect(await entries('media.delete')).toMatchObject([{ actor, target: { type: 'media', id: base }, summary: 'deleted 1 file: image/dawn.png' }]);

    expect((await api('POST', '/api/media/scan-files', {})).status).toBe(200);
    expect(await entries('media.scan')).toMatchObject([
      { actor, target: { type: 'media', id: base }, summary: 'scanned: 1 file (1 image, 0 videos, 0 audio)' },
    ]);
  });

  it('an upload of many files names the first five and counts the rest', async () => {
    await start();
    expect((await upload(Array.from({ length: 8 }, (_, i) => `frame-${i}.png`))).status).toBe(200);
    expect(await summaries('media.upload')).toEqual([
      'uploaded 8 files: image/frame-0.png, image/frame-1.png, image/frame-2.png, image/frame-3.png, image/frame-4.png and 3 more',
    ]);
  });

  it('playlists and the slider settings: created, changed, made active and deleted', async () => {
    await start();
    const created = await api('POST', '/api/playlists', { name: 'Dawn', items: items('a.png', 'b.png') });
    const id = (created.body.data as { _id: string })._id;
    expect(await entries('playlist.create')).toMatchObject([{ target: { type: 'playlist', id }, summary: 'created “Dawn” with 2 items' }]);

    expect((await api('PUT', `/api/playlists/${id}`, { name: 'Dusk', items: items('a.png', 'b.png', 'c.png') })).status).toBe(200);
    expect((await api('PUT', `/api/playlists/${id}`, { items: items('c.png', 'b.png', 'a.png') })).status).toBe(200);
    expect(await summaries('playlist.update')).toEqual(['“Dusk”: changed items (reordered or replaced)', '“Dawn”: changed name “Dawn” → “Dusk”, items 2 → 3']);

    const config = (await api('GET', '/api/slider/config')).body.data as Record<string, unknown>;
    expect((await api('PUT', '/api/slider/config', { ...config, activePlaylist: id, cycleTime: 5000, randomOrder: true })).status).toBe(200);
    expect(await entries('slider.config.update')).toMatchObject([
      { target: { type: 'slider', id: 'config' }, summary: 'changed active playlist none → “Dusk”, cycle time 8000 ms → 5000 ms, random order off → on' },
    ]);

    expect((await api('DELETE', `/api/playlists/${id}`)).status).toBe(200);
    expect(await entries('playlist.delete')).toMatchObject([
      { target: { type: 'playlist', id }, summary: 'deleted “Dusk” (3 items), the active playlist: the slideshow now shows the whole library' },
    ]);
    for (const entry of await entries()) {
      if (entry.action !== 'user.create') expect(entry.actor).toEqual({ id: await idOf(ROOT.email), email: ROOT.email });
    }
  });

  it('a lockout: once however many guesses run into it, with no actor and the guesser’s address; none for an email nobody has', async () => {
    await start();
    const annId = await createUser({ email: 'ann@example.com' });
    const guess = (email: string, i: number, remoteAddress = '203.0.113.7') =>
      t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email, password: `wrong ${i}` }, remoteAddress });
    const answers = await Promise.all(Array.from({ length: 30 }, (_, i) => guess('ann@example.com', i)));
    expect(answers.filter((a) => a.statusCode === 429).length).toBeGreaterThan(0);
    expect(await entries('auth.lockout')).toEqual([
      {
        _id: expect.any(String) as string,
        at: expect.any(String) as string,
        actor: { id: null, email: null },
        action: 'auth.lockout',
        target: { type: 'user', id: annId },
        summary: 'ann@example.com: sign-in from 203.0.113.7 locked for 30 seconds after 5 failed attempts',
      },
    ]);

    await Promise.all(Array.from({ length: 10 }, (_, i) => guess('nobody@example.com', i, '203.0.113.8')));
    const locked = t.logs.lines
      .map((line) => JSON.parse(line) as { msg: string; email?: string })
      .filter((line) => line.msg === 'sign-in locked for this account from this address');
    expect(locked.map((line) => line.email)).toEqual(['ann@example.com', 'nobody@example.com']);
    expect(await entries('auth.lockout')).toHaveLength(1);
  });

  it('an account throttled for every address: one entry', async () => {
    await start({ LOGIN_FAILURES_FREE: '0', LOGIN_ACCOUNT_FAILURES_PER_HOUR: '3' });
    const annId = await createUser({ email: 'ann@example.com' });
    for (let i = 0; i < 6; i++) {
      await t.app.inject({
        method: 'POST',
        url: '/api/auth/login',
        payload: { email: 'ann@example.com', password: 'wrong' },
        remoteAddress: `198.51.100.${i}`,
      });
    }
    const [throttled, ...more] = await entries('auth.lockout');
    expect(more).toEqual([]);
    expect(throttled).toMatchObject({ actor: { id: null, email: null }, target: { type: 'user', id: annId } });
    expect(throttled!.summary).toMatch(/^ann@example\.com: sign-in from every address throttled for \d+ minutes? after 3 failed attempts in an hour$/);
  });

  it('a password reset through the mailed link: the member is the actor; a refused reset writes nothing', async () => {
    await start();
    const annId = await createUser({ email: 'ann@example.com' });
    const { token, reset } = await resetPasswordByMail('ann@example.com', 'my new password');
    expect(reset.status).toBe(200);
    expect(await entries('auth.password-reset')).toMatchObject([
      { actor: { id: annId, email: 'ann@example.com' }, target: { type: 'user', id: annId }, summary: 'reset the password through the mailed link' },
    ]);
    // Used up, and made up: both refused, neither recorded.
    expect((await callJson(t.app, 'PUT', `/api/auth/reset-password/${token}`, { password: 'again and again' })).status).toBe(400);
    expect((await callJson(t.app, 'PUT', '/api/auth/reset-password/made-up', { password: 'again and again' })).status).toBe(400);
    expect(await entries('auth.password-reset')).toHaveLength(1);
  });
});

describe('a change that fails writes no entry', () => {
  it('refused user changes: a taken email, the last admin, one’s own account, a user that is not there', async () => {
    await start();
    const patId = await createUser();
    await createUser({ email: 'sam@example.com' });
    const rootId = await idOf(ROOT.email);
    const before = await entries();
    const refusals: Array<[Method, string, unknown, number]> = [
      ['POST', '/api/admin/users', { name: 'Twin', email: 'PAT@example.com', password: 'twin password' }, 409],
      ['PUT', `/api/admin/users/${patId}`, { email: 'sam@example.com', membershipTier: 'free' }, 409],
      ['PUT', `/api/admin/users/${rootId}`, { role: 'user' }, 400],
      ['PUT', `/api/admin/users/${rootId}`, { status: 'suspended' }, 400],
      ['DELETE', `/api/admin/users/${rootId}`, undefined, 400],
      ['PUT', '/api/admin/users/no-such-id', { name: 'Ghost' }, 404],
      ['DELETE', '/api/admin/users/no-such-id', undefined, 404],
    ];
    for (const [method, url, body, status] of refusals) expect((await api(method, url, body)).status, `${method} ${url}`).toBe(status);
    expect(await entries()).toEqual(before);
  });

  it('two admins demoting each other at once: one wins, one entry', async () => {
    await start();
    const otherId = await createUser({ email: 'other@example.com', role: 'admin', password: 'other password' });
    const other = await login('other@example.com', 'other password');
    const rootId = await idOf(ROOT.email);
    const answers = await Promise.all([
      api('PUT', `/api/admin/users/${otherId}`, { role: 'user' }),
      api('PUT', `/api/admin/users/${rootId}`, { role: 'user' }, other),
    ]);
    // The loser is refused as no admin any more (403), or as the last admin's demotion (400).
    expect(answers.filter((a) => a.status === 200)).toHaveLength(1);
    expect(answers.filter((a) => a.status === 400 || a.status === 403)).toHaveLength(1);
    // Read the trail as the admin who is still one: either may have won the race.
    const winner = answers[0].status === 200 ? rootToken : other;
    expect(await entries('user.update', winner)).toHaveLength(1);
  });

  it('refused playlist and slider changes', async () => {
    await start();
    const before = await entries();
    const config = (await api('GET', '/api/slider/config')).body.data as Record<string, unknown>;
    expect((await api('PUT', '/api/slider/config', { ...config, activePlaylist: 'no-such-playlist' })).status).toBe(400);
    expect((await api('PUT', '/api/slider/config', { ...config, backgroundsBasePath: '/etc' })).status).toBe(400);
    expect((await api('PUT', '/api/playlists/no-such-id', { name: 'X' })).status).toBe(404);
    expect((await api('DELETE', '/api/playlists/no-such-id')).status).toBe(404);
    expect((await api('POST', '/api/playlists', { name: '  ' })).status).toBe(400);
    expect(await entries()).toEqual(before);
  });

  it('a change whose entry cannot be written is not made either', async () => {
    await start();
    const patId = await createUser();
    const playlistId = ((await api('POST', '/api/playlists', { name: 'Dawn' })).body.data as { _id: string })._id;
    const config = (await api('GET', '/api/slider/config')).body.data as Record<string, unknown>;
    const resetLink = await (async () => {
      const before = t.smtp!.mails.length;
      await callJson(t.app, 'POST', '/api/auth/forgot-password', { email: 'pat@example.com' });
      return resetTokenFrom(await t.smtp!.waitForMail('pat@example.com', { after: before }));
    })();
    const rows = () => db.db.select().from(users).orderBy(asc(users.id));
    const usersBefore = await rows();
    await refuseEntries();

    for (const [method, url, body] of [
      ['POST', '/api/admin/users', { name: 'New', email: 'new@example.com', password: 'new password' }],
      ['PUT', `/api/admin/users/${patId}`, { membershipTier: 'free', password: 'changed password' }],
      ['DELETE', `/api/admin/users/${patId}`, undefined],
      ['PUT', '/api/slider/config', { ...config, cycleTime: 1234 }],
      ['POST', '/api/playlists', { name: 'Dusk' }],
      ['PUT', `/api/playlists/${playlistId}`, { name: 'Renamed' }],
      ['DELETE', `/api/playlists/${playlistId}`, undefined],
      ['POST', '/api/media/scan-files', {}],
    ] as Array<[Method, string, unknown]>) {
      const res = await api(method, url, body);
      expect(res.status, `${method} ${url}`).toBe(500);
      expect(res.body, `${method} ${url}`).toEqual({ success: false, message: 'Internal Server Error' });
    }
    const reset = await callJson(t.app, 'PUT', `/api/auth/reset-password/${resetLink}`, { password: 'reset password' });
    expect(reset).toMatchObject({ status: 500, body: { message: 'Internal Server Error' } });
    const uploaded = await upload(['dawn.png']);
    expect(uploaded.status).toBe(500);

    expect(await rows()).toEqual(usersBefore);
    expect((await api('GET', '/api/slider/config')).body.data).toEqual(config);
    expect((await api('GET', '/api/playlists')).body.data).toMatchObject([{ _id: playlistId, name: 'Dawn' }]);
    expect(await db.db.select({ n: count() }).from(mediaScans)).toEqual([{ n: 0 }]);
    const images = path.join(t.config.mediaRoot, 'image');
    expect(existsSync(images) ? readdirSync(images) : []).toEqual([]);
    // The link was not used up: it still works once the trail can be written again.
    await sqlRun(db.db, { sqlite: sql`drop trigger refuse_audit`, postgres: sql`drop trigger refuse_audit on audit_entries` });
    expect((await callJson(t.app, 'PUT', `/api/auth/reset-password/${resetLink}`, { password: 'reset password' })).status).toBe(200);
  });
});

describe('nothing secret is stored', () => {
  it('no password, hash, token, reset link or signing key in any entry', async () => {
    await start();
    const passwords = ['pat password', 'second secret', 'third secret', 'guessed secret 1', 'guessed secret 2'];
    const patId = await createUser({ password: passwords[0]! });
    expect((await api('PUT', `/api/admin/users/${patId}`, { password: passwords[1] })).status).toBe(200);
    const { token, mail, reset } = await resetPasswordByMail('pat@example.com', passwords[2]!);
    expect(reset.status).toBe(200);
    for (let i = 0; i < 6; i++) {
      await t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email: 'pat@example.com', password: passwords[3 + (i % 2)] } });
    }
    const link = /https?:\/\/\S+reset-password\/\S+/.exec(mail.body)![0];
    const hashes = (await db.db.select({ hash: users.passwordHash }).from(users)).map((row) => row.hash);

    const stored = JSON.stringify(await db.db.select().from(auditEntries));
    expect(await entries('auth.lockout')).toHaveLength(1);
    expect(await entries('auth.password-reset')).toHaveLength(1);
    expect(await summaries('user.update')).toEqual(['pat@example.com: changed password']);
    for (const secret of [...passwords, ROOT.password, ...hashes, token, link, rootToken, TEST_JWT_SECRET]) {
      expect(stored).not.toContain(secret);
    }
    expect(stored).not.toMatch(/argon2|\$[a-z0-9]+\$|reset-password\//i);
  });
});

describe('media files outside the library', () => {
  it('are never named in an entry: a deletion refused for its path is no deletion', async () => {
    await start();
    writeFileSync(path.join(path.dirname(t.config.mediaRoot), 'outside.png'), PNG);
    expect((await api('POST', '/api/media/delete', { paths: ['../outside.png', '/etc/passwd'] })).body).toMatchObject({ summary: { deleted: 0 } });
    expect(await entries('media.delete')).toEqual([]);
  });
});
