// CONTRACT "Users (admin)" through the REST façade: authorization, the list rules, create, update,
// delete, the self-protection rules and the stats.
import { PUBLIC_USER_KEYS } from '../../tests/support/public-user-keys';
import { beforeEach, describe, expect, it } from 'vitest';
import { USER_SORT_FIELDS } from '../../shared/constants';
import { and, count, eq } from 'drizzle-orm';
import { users as usersTable } from '../db/schema';
import { adminAppForEachTest, signIn } from '../../tests/support/admin-app';
import { callJson } from '../../tests/support/test-app';
import { LITERAL_SEARCH_USERS, seedUsers, type SeedUser } from '../../tests/support/seed-users';
import type { PublicUser } from './data';

const app = adminAppForEachTest();

const login = (email: string, password: string) => signIn(app.t, email, password);

const api = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, body?: unknown, token = app.adminToken) => callJson(app.t.app, method, url, body, token);

const seed = (list: readonly SeedUser[]) => seedUsers(app.db, list);

const list = async (query = '') => {
  const res = await api('GET', `/api/admin/users${query}`);
  expect(res.status).toBe(200);
  return res.body as { data: PublicUser[]; totalPages: number; currentPage: number };
};

describe('authorization', () => {
  it('refuses every admin route without a token (401) and for a member (403)', async () => {
    const member = (await callJson(app.t.app, 'POST', '/api/auth/register', { name: 'Mo', email: 'mo@example.com', password: 'mo password' })).body
      .token as string;
    const routes: Array<['GET' | 'POST' | 'PUT' | 'DELETE', string, unknown?]> = [
      ['GET', '/api/admin/stats'],
      ['GET', '/api/admin/users'],
      ['POST', '/api/admin/users', { name: 'X', email: 'x@example.com', password: 'secret1' }],
      ['PUT', '/api/admin/users/some-id', { name: 'X' }],
      ['DELETE', '/api/admin/users/some-id'],
    ];
    for (const [method, url, body] of routes) {
      const anonymous = await callJson(app.t.app, method, url, body);
      expect(anonymous.status, `${method} ${url}`).toBe(401);
      expect(anonymous.body.message).toBe('Please sign in to continue');
      const forbidden = await callJson(app.t.app, method, url, body, member);
      expect(forbidden.status, `${method} ${url}`).toBe(403);
      expect(forbidden.body.message).toBe('Administrator access is required');
    }
  });

  it('refuses a suspended admin with 403, and the same rules hold over tRPC', async () => {
    const [otherId] = await seed([{ name: 'Other Admin', email: 'other@example.com', role: 'admin' }]);
    const other = await api('PUT', `/api/admin/users/${otherId}`, { password: 'other password' });
    expect(other.status).toBe(200);
    const otherToken = await login('other@example.com', 'other password');
    await api('PUT', `/api/admin/users/${otherId}`, { status: 'suspended' });

    expect((await api('GET', '/api/admin/stats', undefined, otherToken)).status).toBe(403);
    const trpc = await app.t.app.inject({ method: 'GET', url: '/trpc/users.stats', headers: { authorization: `Bearer ${otherToken}` } });
    expect(trpc.statusCode).toBe(403);
    const trpcAnonymous = await app.t.app.inject({ method: 'GET', url: '/trpc/users.list' });
    expect(trpcAnonymous.statusCode).toBe(401);
  });
});

describe('stats', () => {
  it('counts all users, the paid and the free ones, and follows create, update and delete', async () => {
    const stats = async () => (await api('GET', '/api/admin/stats')).body;
    expect(await stats()).toEqual({ success: true, data: { totalUsers: 1, paidMembers: 0, freeMembers: 1 } });

    const created = await api('POST', '/api/admin/users', {
      name: 'Pat',
      email: 'pat@example.com',
      password: 'pat password',
      role: 'user',
      membershipTier: 'paid',
      status: 'active',
    });
    expect(created.status).toBe(201);
    const id = (created.body.data as PublicUser)._id;
    expect((await stats()).data).toEqual({ totalUsers: 2, paidMembers: 1, freeMembers: 1 });

    await api('PUT', `/api/admin/users/${id}`, { membershipTier: 'free' });
    expect((await stats()).data).toEqual({ totalUsers: 2, paidMembers: 0, freeMembers: 2 });

    await api('DELETE', `/api/admin/users/${id}`);
    expect((await stats()).data).toEqual({ totalUsers: 1, paidMembers: 0, freeMembers: 1 });
  });
});

describe('list', () => {
  it('pages 10 at a time, newest first by default, with totalPages and currentPage', async () => {
    await seed(Array.from({ length: 24 }, (_, i) => ({ name: `User ${String(i).padStart(2, '0')}`, email: `u${i}@example.com` })));
    const first = await list();
    expect(first.totalPages).toBe(3);
    expect(first.currentPage).toBe(1);
    expect(first.data).toHaveLength(10);
    // The admin was created at start (now), so newest; then the seeded users from the last one down.
    expect(first.data.map((u) => u.name).slice(0, 3)).toEqual(['Root', 'User 23', 'User 22']);
    const last = await list('?page=3');
    expect(last.data.map((u) => u.name)).toEqual(['User 04', 'User 03', 'User 02', 'User 01', 'User 00']);
    const beyond = await list('?page=4');
    expect(beyond).toEqual({ data: [], totalPages: 3, currentPage: 4 });
  });

  it('never returns a password or hash', async () => {
    const res = await api('GET', '/api/admin/users');
    expect(res.raw).not.toMatch(/password|argon2/i);
    expect(Object.keys((res.body.data as PublicUser[])[0]!).sort()).toEqual(PUBLIC_USER_KEYS);
  });

  it('sorts the whole result by every allowed column, both ways, ties broken by id', async () => {
    await seed([
      { name: 'bravo', email: 'zulu@example.com', role: 'admin', membershipTier: 'paid', status: 'active' },
      { name: 'Alpha', email: 'yankee@example.com', role: 'user', membershipTier: 'free', status: 'suspended' },
      { name: 'charlie', email: 'xray@example.com', role: 'user', membershipTier: 'paid', status: 'active' },
      ...Array.from({ length: 12 }, (_, i) => ({ name: `Delta ${i % 3}`, email: `d${i}@example.com` })),
    ]);
    const all: PublicUser[] = [];
    for (let page = 1; page <= 2; page++) all.push(...(await list(`?page=${page}&sortBy=createdAt&sortOrder=asc`)).data);
    expect(all).toHaveLength(16);

    const key: Record<string, (u: PublicUser) => string> = {
      name: (u) => u.name.toLowerCase(),
      email: (u) => u.email,
      role: (u) => u.role,
      membershipTier: (u) => u.membershipTier,
      status: (u) => u.status,
      createdAt: (u) => u.createdAt,
    };
    for (const sortBy of USER_SORT_FIELDS) {
      for (const sortOrder of ['asc', 'desc'] as const) {
        const sign = sortOrder === 'asc' ? 1 : -1;
        const expected = [...all]
          .sort((a, b) => sign * (key[sortBy]!(a) < key[sortBy]!(b) ? -1 : key[sortBy]!(a) > key[sortBy]!(b) ? 1 : a._id < b._id ? -1 : 1))
          .map((u) => u._id);
        const got = [
          ...(await list(`?sortBy=${sortBy}&sortOrder=${sortOrder}`)).data,
          ...(await list(`?sortBy=${sortBy}&sortOrder=${sortOrder}&page=2`)).data,
        ].map((u) => u._id);
        expect(got, `${sortBy} ${sortOrder}`).toEqual(expected);
      }
    }
  });

  it('searches a case-insensitive substring of name or email, taking %, _ and quotes literally', async () => {
    await seed(LITERAL_SEARCH_USERS);
    const names = async (search: string) => (await list(`?search=${encodeURIComponent(search)}`)).data.map((u) => u.name).sort();
    expect(await names('%')).toEqual(['100% Real']);
    expect(await names('0% r')).toEqual(['100% Real']);
    expect(await names('_')).toEqual(['Mail Only', 'snake_case']);
    expect(await names('e_c')).toEqual(['snake_case']);
    expect(await names("'")).toEqual(["Conan O'Brien"]);
    expect(await names("o'b")).toEqual(["Conan O'Brien"]);
    expect(await names('"q"')).toEqual(['Quote "Q" Quinn']);
    expect(await names('"')).toEqual(['Quote "Q" Quinn']);
    expect(await names('PERCENT.ORG')).toEqual(['Mail Only']);
    expect(await names('REAL')).toEqual(['100% Real']);
    expect(await names('RS')).toEqual(['Plain Person']);
    expect(await names('nothing-like-this')).toEqual([]);
    expect((await list('?search=nothing-like-this')).totalPages).toBe(1);
  });

  it('finds users by their new name and email after an update, and not after a delete', async () => {
    const [id] = await seed([{ name: 'Old Name', email: 'old@example.com' }]);
    await api('PUT', `/api/admin/users/${id}`, { name: 'Renamed Person', email: 'renamed@example.com' });
    expect((await list('?search=old')).data).toEqual([]);
    expect((await list('?search=renamed')).data.map((u) => u._id)).toEqual([id]);
    await api('DELETE', `/api/admin/users/${id}`);
    expect((await list('?search=renamed')).data).toEqual([]);
  });

  it("counts a search's matches again after each change to a name or email (PostgreSQL keeps the count between requests)", async () => {
    const pages = async () => (await list('?search=zyxw')).totalPages;
    const ids = await seed(Array.from({ length: 10 }, (_, i) => ({ name: `Zyxwen ${i}`, email: `zyxwen${i}@example.com` })));
    expect(await pages()).toBe(1);
    const [eleventh] = await seed([{ name: 'Ann Other', email: 'zyxw@example.com' }]);
    expect(await pages()).toBe(2);
    expect(await pages()).toBe(2);
    await api('PUT', `/api/admin/users/${eleventh}`, { email: 'ann@example.com' });
    expect(await pages()).toBe(1);
    await api('PUT', `/api/admin/users/${eleventh}`, { name: 'Ann Zyxw' });
    expect(await pages()).toBe(2);
    await api('DELETE', `/api/admin/users/${ids[0]}`);
    expect(await pages()).toBe(1);
    // A change to something else (the role) leaves the count as it was.
    await api('PUT', `/api/admin/users/${eleventh}`, { role: 'admin' });
    expect(await pages()).toBe(1);
  });

  it.each([
    ['page=0', 'page must be a whole number of 1 or more'],
    ['page=-1', 'page must be a whole number of 1 or more'],
    ['page=1.5', 'page must be a whole number of 1 or more'],
    ['page=abc', 'page must be a whole number of 1 or more'],
    ['sortBy=password', 'sortBy must be one of name, email, role, membershipTier, status, createdAt'],
    ['sortBy=id', 'sortBy must be one of name, email, role, membershipTier, status, createdAt'],
    ['sortOrder=up', 'sortOrder must be asc or desc'],
    [`search=${'x'.repeat(201)}`, 'search must be at most 200 characters'],
  ])('answers %s with 400', async (query, message) => {
    const res = await api('GET', `/api/admin/users?${query}`);
    expect(res).toMatchObject({ status: 400, body: { message } });
  });

  it('treats empty parameters as the defaults', async () => {
    const res = await list('?page=&search=&sortBy=&sortOrder=');
    expect(res.currentPage).toBe(1);
  });
});

describe('create', () => {
  const valid = { name: 'New Person', email: 'New@Example.com', password: 'new password', role: 'user', membershipTier: 'free', status: 'active' };

  it('answers 201 with the user, who can sign in', async () => {
    const res = await api('POST', '/api/admin/users', valid);
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({
      success: true,
      data: { name: 'New Person', email: 'new@example.com', role: 'user', membershipTier: 'free', status: 'active' },
    });
    await login('new@example.com', 'new password');
  });

  it('refuses a duplicate email in any letter case with 409', async () => {
    await api('POST', '/api/admin/users', valid);
    const res = await api('POST', '/api/admin/users', { ...valid, email: 'NEW@example.COM' });
    expect(res).toMatchObject({ status: 409, body: { success: false, message: 'An account with that email already exists' } });
  });

  it.each([
    [{ ...valid, name: '' }, 'Name is required'],
    [{ ...valid, email: 'nope' }, 'Email must be a valid email address'],
    [{ ...valid, password: '12345' }, 'Password must be at least 6 characters'],
    [{ ...valid, role: 'superuser' }, 'role must be one of user, admin'],
    [{ ...valid, membershipTier: 'gold' }, 'membershipTier must be one of free, paid'],
    [{ ...valid, status: 'gone' }, 'status must be one of active, suspended'],
  ])('refuses invalid input with 400: %o', async (body, message) => {
    const res = await api('POST', '/api/admin/users', body);
    expect(res).toMatchObject({ status: 400, body: { success: false, message } });
  });
});

describe('update', () => {
  let id: string;
  beforeEach(async () => {
    id = ((await api('POST', '/api/admin/users', { name: 'Edit Me', email: 'edit@example.com', password: 'first password' })).body.data as PublicUser)._id;
  });

  it('changes the given fields, ignores createdAt/updatedAt/__v/_id, and keeps the password when it is empty', async () => {
    const res = await api('PUT', `/api/admin/users/${id}`, {
      name: 'Edited',
      email: 'edited@example.com',
      role: 'user',
      membershipTier: 'paid',
      status: 'active',
      password: '',
      createdAt: '1999-01-01T00:00:00.000Z',
      updatedAt: 'whenever',
      __v: 3,
      _id: 'another-id',
    });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ success: true, data: { _id: id, name: 'Edited', email: 'edited@example.com', membershipTier: 'paid' } });
    expect((res.body.data as PublicUser).createdAt).not.toBe('1999-01-01T00:00:00.000Z');
    await login('edited@example.com', 'first password');
  });

  it('sets a new password, which signs the user out everywhere', async () => {
    const oldToken = await login('edit@example.com', 'first password');
    expect((await api('PUT', `/api/admin/users/${id}`, { password: 'second password' })).status).toBe(200);
    const me = await app.t.app.inject({ method: 'GET', url: '/trpc/auth.me', headers: { authorization: `Bearer ${oldToken}` } });
    expect(me.statusCode).toBe(401);
    await login('edit@example.com', 'second password');
  });

  it('answers an unknown id with 404 whatever its format', async () => {
    for (const unknown of ['00000000-0000-0000-0000-000000000000', '42', 'not an id', '%27%3B--']) {
      const res = await api('PUT', `/api/admin/users/${unknown}`, { name: 'X' });
      expect(res.status, unknown).toBe(404);
      expect(res.body.success).toBe(false);
      expect((await api('DELETE', `/api/admin/users/${unknown}`)).status, unknown).toBe(404);
    }
  });

  it('refuses an email another user has with 409', async () => {
    const res = await api('PUT', `/api/admin/users/${id}`, { email: 'ROOT@example.com' });
    expect(res).toMatchObject({ status: 409, body: { message: 'An account with that email already exists' } });
  });

  it('refuses invalid values with 400', async () => {
    expect((await api('PUT', `/api/admin/users/${id}`, { role: 'owner' })).status).toBe(400);
    expect((await api('PUT', `/api/admin/users/${id}`, { password: '123' })).status).toBe(400);
    expect((await api('PUT', `/api/admin/users/${id}`, { name: '   ' })).status).toBe(400);
  });

  it('a suspended user is refused at sign-in', async () => {
    await api('PUT', `/api/admin/users/${id}`, { status: 'suspended' });
    const res = await callJson(app.t.app, 'POST', '/api/auth/login', { email: 'edit@example.com', password: 'first password' });
    expect(res).toMatchObject({ status: 401, body: { msg: 'Invalid email or password' } });
  });
});

describe('protecting the admins', () => {
  const rootId = () => JSON.parse(Buffer.from(app.adminToken.split('.')[1]!, 'base64url').toString()).user.id as string;

  it('an admin cannot demote, suspend or delete their own account', async () => {
    expect(await api('PUT', `/api/admin/users/${rootId()}`, { role: 'user' })).toMatchObject({
      status: 400,
      body: { message: 'You cannot demote or suspend your own account' },
    });
    expect(await api('PUT', `/api/admin/users/${rootId()}`, { status: 'suspended' })).toMatchObject({ status: 400 });
    expect(await api('DELETE', `/api/admin/users/${rootId()}`)).toMatchObject({ status: 400, body: { message: 'You cannot delete your own account' } });
    // Harmless edits of one's own account are fine.
    expect((await api('PUT', `/api/admin/users/${rootId()}`, { name: 'Root Renamed', role: 'admin', status: 'active' })).status).toBe(200);
  });

  it('two admins demoting each other at once leave one active admin', async () => {
    const [otherId] = await seed([{ name: 'Second Admin', email: 'second@example.com', role: 'admin' }]);
    await api('PUT', `/api/admin/users/${otherId}`, { password: 'second password' });
    const otherToken = await login('second@example.com', 'second password');
    // The new passwords make each request await its hash after authorization, so both are
    // authorized while both are still admins, and then race to demote.
    const [a, b] = await Promise.all([
      api('PUT', `/api/admin/users/${otherId}`, { role: 'user', password: 'demoted one' }),
      api('PUT', `/api/admin/users/${rootId()}`, { role: 'user', password: 'demoted two' }, otherToken),
    ]);
    expect([a.status, b.status].sort()).toEqual([200, 400]);
    const refused = a.status === 400 ? a : b;
    expect(refused.body.message).toBe('The last active admin cannot be demoted or suspended');
    const [admins] = await app.db.db
      .select({ n: count() })
      .from(usersTable)
      .where(and(eq(usersTable.role, 'admin'), eq(usersTable.status, 'active')));
    expect(admins!.n).toBe(1);
  });

  it('logs admin actions without passwords', async () => {
    const created = await api('POST', '/api/admin/users', { name: 'Logged', email: 'logged@example.com', password: 'logged password' });
    const id = (created.body.data as PublicUser)._id;
    await api('PUT', `/api/admin/users/${id}`, { password: 'changed password' });
    await api('DELETE', `/api/admin/users/${id}`);
    for (const message of ['admin created a user', 'admin updated a user', 'admin deleted a user']) expect(app.t.logs.text).toContain(message);
    expect(app.t.logs.text).not.toContain('logged password');
    expect(app.t.logs.text).not.toContain('changed password');
  });
});

describe('the tRPC transport', () => {
  const trpc = (method: 'GET' | 'POST', procedure: string, input: unknown, token = app.adminToken) =>
    app.t.app.inject({
      method,
      url: method === 'GET' ? `/trpc/${procedure}?input=${encodeURIComponent(JSON.stringify(input))}` : `/trpc/${procedure}`,
      headers: { authorization: `Bearer ${token}` },
      ...(method === 'POST' ? { payload: input as Record<string, unknown> } : {}),
    });

  it('lists, creates, updates and deletes with the same rules and answers as REST', async () => {
    await seed([{ name: 'Via Trpc', email: 'via@example.com' }]);
    const listed = await trpc('GET', 'users.list', { search: 'via', sortBy: 'name', sortOrder: 'asc' });
    expect(listed.json().result.data).toEqual(await list('?search=via&sortBy=name&sortOrder=asc'));

    const created = await trpc('POST', 'users.create', { name: 'T Rpc', email: 'trpc@example.com', password: 'trpc password', role: 'user' });
    expect(created.statusCode).toBe(200);
    const id = created.json().result.data._id as string;
    const duplicate = await trpc('POST', 'users.create', { name: 'Again', email: 'TRPC@example.com', password: 'trpc password' });
    expect(duplicate.statusCode).toBe(409);
    expect(duplicate.json().error.message).toBe('An account with that email already exists');

    const badSort = await trpc('GET', 'users.list', { sortBy: 'password' });
    expect(badSort.statusCode).toBe(400);
    expect(badSort.json().error.message).toBe('sortBy must be one of name, email, role, membershipTier, status, createdAt');

    const updated = await trpc('POST', 'users.update', { id, membershipTier: 'paid', password: '' });
    expect(updated.json().result.data.membershipTier).toBe('paid');
    const missing = await trpc('POST', 'users.delete', { id: 'no-such-id' });
    expect(missing.statusCode).toBe(404);
    expect(missing.json().error.message).toBe("No user with id 'no-such-id'");
    expect((await trpc('POST', 'users.delete', { id })).statusCode).toBe(200);
  });
});
