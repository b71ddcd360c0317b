// CONTRACT §3 "Operators": GET /api/admin/users/export.csv and the batches behind it (the data
// function and its input; they are no procedure of /trpc: export-batches-rest.test.ts): who may export, the file's bytes (header, byte order mark, quoting, formula escaping),
// the list's order and search, and the refusals. Streaming at scale: export-streaming.test.ts.
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { AuditEntry } from '../../shared/audit';
import { SORT_ORDERS, USER_SORT_FIELDS, USERS_EXPORT_BATCH, type UserSortField } from '../../shared/constants';
import { MESSAGES } from '../../shared/messages';
import { exportBatchInput } from '../../shared/user-schemas';
import { adminAppForEachTest, signIn } from '../../tests/support/admin-app';
import { callJson } from '../../tests/support/test-app';
import { LITERAL_SEARCH_USERS, seedUsers, type SeedUser } from '../../tests/support/seed-users';
import { sqlRun } from '../../tests/support/test-database';
import type { PublicUser } from './data';
import { exportBatch } from './export-query';
import { listUsers } from './list-query';

const EXPORT = '/api/admin/users/export.csv';
const BOM = '\uFEFF';
const HEADER = 'id,name,email,role,membershipTier,status,createdAt\r\n';

const app = adminAppForEachTest();

const seed = (list: readonly SeedUser[]) => seedUsers(app.db, list);

const exportCsv = (query = '', token: string | null = app.adminToken, method: 'GET' | 'HEAD' = 'GET') =>
  app.t.app.inject({ method, url: `${EXPORT}${query}`, headers: token ? { authorization: `Bearer ${token}` } : {} });

/** The records of a file whose cells hold no comma or line break (a quoted cell keeps its quotes): header and BOM checked, then split. */
function simpleRecords(body: string): string[][] {
  expect(body.startsWith(BOM + HEADER)).toBe(true);
  return body
    .slice((BOM + HEADER).length)
    .split('\r\n')
    .filter(Boolean)
    .map((line) => line.split(','));
}

/** The list's whole answer for these criteria, page after page: the reference order. */
async function listAll(criteria: { search?: string; sortBy: UserSortField; sortOrder: 'asc' | 'desc' }): Promise<PublicUser[]> {
  const all: PublicUser[] = [];
  for (let page = 1; ; page++) {
    const { data, totalPages } = await listUsers(app.db.db, { search: '', ...criteria, page });
    all.push(...data);
    if (page >= totalPages) return all;
  }
}

const record = (u: PublicUser) => [u._id, u.name, u.email, u.role, u.membershipTier, u.status, u.createdAt];

/** Users with many ties in every sort column: names equal but for case, shared times, roles, tiers and statuses. */
async function seedTies(count: number) {
  const names = ['alpha', 'Alpha', 'ALPHA', 'beta', 'Gamma', 'gamma'];
  await seed(
    Array.from({ length: count }, (_, i) => ({
      name: names[i % names.length]!,
      email: `tie${String(i % 97).padStart(2, '0')}.${i}@example.com`,
      role: i % 3 === 0 ? ('admin' as const) : ('user' as const),
      membershipTier: i % 2 === 0 ? ('paid' as const) : ('free' as const),
      status: i % 5 === 0 ? ('suspended' as const) : ('active' as const),
      createdAt: 1_700_000_000_000 + (i % 7) * 1000,
    })),
  );
}

describe('authorization', () => {
  it('refuses no token or a bad one (401) and a member (403) with JSON messages', async () => {
    const member = (await callJson(app.t.app, 'POST', '/api/auth/register', { name: 'Mo', email: 'mo@example.com', password: 'mo password' })).body
      .token as string;
    const cases: Array<[string | null, number, string]> = [
      [null, 401, MESSAGES.notSignedIn],
      ['not.a.token', 401, MESSAGES.sessionExpired],
      [member, 403, MESSAGES.adminOnly],
    ];
    for (const [token, status, message] of cases) {
      const res = await exportCsv('', token);
      expect(res.statusCode, message).toBe(status);
      expect(res.headers['content-type']).toMatch(/^application\/json/);
      expect(res.headers['content-disposition']).toBeUndefined();
      expect(res.json()).toEqual({ message });
    }
    expect(app.t.logs.text).not.toContain('admin began a user export');
  });

  it('refuses a suspended admin with 403', async () => {
    const [otherId] = await seed([{ name: 'Other Admin', email: 'other@example.com', role: 'admin' }]);
    await callJson(app.t.app, 'PUT', `/api/admin/users/${otherId}`, { password: 'other password' }, app.adminToken);
    const otherToken = await signIn(app.t, 'other@example.com', 'other password');
    expect((await exportCsv('', otherToken)).statusCode).toBe(200);
    await callJson(app.t.app, 'PUT', `/api/admin/users/${otherId}`, { status: 'suspended' }, app.adminToken);
    const res = await exportCsv('', otherToken);
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({ message: MESSAGES.accountSuspended });
  });
});

describe('the file', () => {
  it('is UTF-8 CSV for download: headers, byte order mark, the header row, CRLF line ends', async () => {
    const res = await exportCsv();
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toMatch(/^attachment; filename="members-\d{4}-\d{2}-\d{2}\.csv"$/);
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect([...res.rawPayload.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const [root] = await listAll({ sortBy: 'createdAt', sortOrder: 'desc' });
    expect(res.body).toBe(`${BOM}${HEADER}${record(root!).join(',')}\r\n`);
  });

  it('holds the header row only when nobody matches', async () => {
    await seed([{ name: 'Someone', email: 'someone@example.com' }]);
    for (const search of ['nobody-has-this', 'q', 'zz']) {
      const res = await exportCsv(`?search=${search}`);
      expect(res.statusCode).toBe(200);
      expect(res.body, search).toBe(BOM + HEADER);
    }
  });

  it('writes each user with createdAt in ISO 8601, exactly as the list answers them, and never a password', async () => {
    await seed([
      { name: 'Pat Paid', email: 'pat@example.com', membershipTier: 'paid', createdAt: Date.UTC(2024, 1, 29, 23, 59, 59, 123) },
      { name: 'Sam Suspended', email: 'sam@example.com', status: 'suspended', role: 'admin', createdAt: Date.UTC(1999, 11, 31) },
    ]);
    const res = await exportCsv('?sortBy=email&sortOrder=asc');
    const expected = (await listAll({ sortBy: 'email', sortOrder: 'asc' })).map(record);
    expect(simpleRecords(res.body)).toEqual(expected);
    expect(expected.map((r) => r[6])).toContain('2024-02-29T23:59:59.123Z');
    expect(expected.map((r) => r[6])).toContain('1999-12-31T00:00:00.000Z');
    expect(res.body).not.toMatch(/hash|argon2|password/i);
  });

  it('prefixes every cell that starts with = + - @ tab or carriage return with a quote mark', async () => {
    const formulas = ['=SUM(A1:A9)', '+1 555 0100', '-2+3', '@handle', '\tTabbed', '\rReturned', '=HYPERLINK("http://evil.test","x")', 'Ann=Bob +1 -2 @3'];
    await seed([
      ...formulas.map((name, i) => ({ name, email: `f${i + 1}@formula.test` })),
      { name: 'Plus Mail', email: '+plus@formula.test' },
      { name: 'Dash Mail', email: '-dash@formula.test' },
    ]);
    const res = await exportCsv('?search=formula.test&sortBy=email&sortOrder=asc');
    const byEmail = new Map((await listAll({ search: 'formula.test', sortBy: 'email', sortOrder: 'asc' })).map((u) => [u.email, u]));
    const line = (email: string, nameCell: string, emailCell = email) => {
      const u = byEmail.get(email)!;
      return `${u._id},${nameCell},${emailCell},user,free,active,${u.createdAt}\r\n`;
    };
    expect(res.body).toBe(
      BOM +
        HEADER +
        line('+plus@formula.test', 'Plus Mail', "'+plus@formula.test") +
        line('-dash@formula.test', 'Dash Mail', "'-dash@formula.test") +
        line('f1@formula.test', "'=SUM(A1:A9)") +
        line('f2@formula.test', "'+1 555 0100") +
        line('f3@formula.test', "'-2+3") +
        line('f4@formula.test', "'@handle") +
        line('f5@formula.test', "'\tTabbed") +
        // A carriage return inside a cell also makes csv-stringify quote it.
        line('f6@formula.test', `"'\rReturned"`) +
        line('f7@formula.test', `"'=HYPERLINK(""http://evil.test"",""x"")"`) +
        // Only the first character counts.
        line('f8@formula.test', 'Ann=Bob +1 -2 @3'),
    );
  });

  it('quotes commas, quotes and line breaks per RFC 4180 and keeps non-ASCII letters as UTF-8', async () => {
    const names = ['Lovelace, Ada', 'Quote "Q" Quinn', 'Line\nBreak', 'Windows\r\nBreak', 'Zoë Ängström', '李小龍', 'Søren “Kierkegaard”', 'Star ✨'];
    await seed(names.map((name, i) => ({ name, email: `q${i}@quoting.test` })));
    const res = await exportCsv('?search=quoting.test&sortBy=email&sortOrder=asc');
    const users = await listAll({ search: 'quoting.test', sortBy: 'email', sortOrder: 'asc' });
    const cells = ['"Lovelace, Ada"', '"Quote ""Q"" Quinn"', '"Line\nBreak"', '"Windows\r\nBreak"', 'Zoë Ängström', '李小龍', 'Søren “Kierkegaard”', 'Star ✨'];
    const expected = BOM + HEADER + users.map((u, i) => `${u._id},${cells[i]},${u.email},user,free,active,${u.createdAt}\r\n`).join('');
    expect(res.rawPayload.equals(Buffer.from(expected, 'utf8'))).toBe(true);
  });
});

describe('order and search', () => {
  it('lists every user in the list order for every sort field and order, ties by id, across batches', async () => {
    await seedTies(USERS_EXPORT_BATCH + 50);
    for (const sortBy of USER_SORT_FIELDS) {
      for (const sortOrder of SORT_ORDERS) {
        const res = await exportCsv(`?sortBy=${sortBy}&sortOrder=${sortOrder}`);
        const ids = simpleRecords(res.body).map((r) => r[0]);
        expect(ids, `${sortBy} ${sortOrder}`).toEqual((await listAll({ sortBy, sortOrder })).map((u) => u._id));
      }
    }
  });

  it('defaults to newest first, as the list does, and takes empty parameters as the defaults', async () => {
    await seedTies(30);
    const expected = (await listAll({ sortBy: 'createdAt', sortOrder: 'desc' })).map(record);
    expect(simpleRecords((await exportCsv()).body)).toEqual(expected);
    expect(simpleRecords((await exportCsv('?search=&sortBy=&sortOrder=')).body)).toEqual(expected);
  });

  it('finds the same users as the list, literally and in any letter case, few or many', async () => {
    await seed(LITERAL_SEARCH_USERS);
    await seedTies(USERS_EXPORT_BATCH + 50);
    // Fewer matches than a batch are read from the search index, 'tie' and 'EXAMPLE' match more
    // (found while walking), and fragments under three characters are always found walking.
    for (const search of ['%', '0% r', '_', 'e_c', "o'b", 'PERCENT.ORG', 'REAL', 'RS', 'ALPHA', 'tie', 'EXAMPLE', 'a', 'e']) {
      const res = await exportCsv(`?search=${encodeURIComponent(search)}&sortBy=name&sortOrder=asc`);
      const ids = simpleRecords(res.body).map((r) => r[0]);
      expect(ids, search).toEqual((await listAll({ search, sortBy: 'name', sortOrder: 'asc' })).map((u) => u._id));
      expect(ids.length, search).toBeGreaterThan(0);
    }
  });

  it('finds users by their new name after an update, and not after a delete', async () => {
    const [id] = await seed([{ name: 'Old Name', email: 'old@example.com' }]);
    await callJson(app.t.app, 'PUT', `/api/admin/users/${id}`, { name: 'Renamed Person' }, app.adminToken);
    expect((await exportCsv('?search=old%20name')).body).toBe(BOM + HEADER);
    expect(simpleRecords((await exportCsv('?search=renamed')).body).map((r) => r[0])).toEqual([id]);
    await callJson(app.t.app, 'DELETE', `/api/admin/users/${id}`, undefined, app.adminToken);
    expect((await exportCsv('?search=renamed')).body).toBe(BOM + HEADER);
  });
});

describe('refusals', () => {
  it.each([
    ['sortBy=password', 'sortBy must be one of name, email, role, membershipTier, status, createdAt'],
    ['sortBy=id', 'sortBy must be one of name, email, role, membershipTier, status, createdAt'],
    ['sortOrder=up', 'sortOrder must be asc or desc'],
    [`search=${'x'.repeat(201)}`, 'search must be at most 200 characters'],
    ['search=a&search=b', 'search must be text'],
    ['sortBy=name&sortBy=email', 'sortBy must be one of name, email, role, membershipTier, status, createdAt'],
  ])('answers %s with 400 naming the field', async (query, message) => {
    const res = await exportCsv(`?${query}`);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ message });
  });

  it('takes only the list criteria from the address: a page, a batch size or a position there change nothing', async () => {
    await seedTies(12);
    const plain = (await exportCsv('?sortBy=name&sortOrder=asc')).body;
    const res = await exportCsv('?sortBy=name&sortOrder=asc&page=2&limit=0&after=zzz&after[id]=x');
    expect(res.statusCode).toBe(200);
    expect(res.body).toBe(plain);
  });

  it('has no HEAD route, so no export runs for a HEAD request', async () => {
    await seedTies(12);
    const res = await exportCsv('', app.adminToken, 'HEAD');
    expect(res.statusCode).toBe(404);
    expect(app.t.logs.text).not.toContain('admin began a user export');
  });

  it('answers parallel exports alike, each whole', async () => {
    await seedTies(USERS_EXPORT_BATCH + 50);
    const bodies = await Promise.all(Array.from({ length: 5 }, () => exportCsv('?sortBy=status&sortOrder=desc').then((res) => res.body)));
    expect(simpleRecords(bodies[0]!)).toHaveLength(USERS_EXPORT_BATCH + 51);
    for (const body of bodies) expect(body).toBe(bodies[0]);
  });

  it('logs who began each export and how many rows it wrote', async () => {
    await seedTies(5);
    await exportCsv('?search=alpha');
    const lines = app.t.logs.lines.map((line) => JSON.parse(line) as Record<string, unknown>);
    expect(lines.find((l) => l.msg === 'admin began a user export')).toMatchObject({ search: 'alpha', sortBy: 'createdAt', sortOrder: 'desc' });
    expect(lines.find((l) => l.msg === 'user export finished')).toMatchObject({ rows: 3, complete: true });
  });
});

describe('the audit trail', () => {
  const exportEntries = async () => {
    const res = await callJson(app.t.app, 'GET', '/api/admin/audit?action=user.export', undefined, app.adminToken);
    expect(res.status).toBe(200);
    return (res.body as { data: AuditEntry[] }).data;
  };

  it('records each export once, however many batches it took: who, the search, the sort and how many rows, and no user', async () => {
    await seedTies(USERS_EXPORT_BATCH + 50);
    const admin = { id: (await listAll({ search: 'root@', sortBy: 'email', sortOrder: 'asc' }))[0]!._id, email: 'root@example.com' };
    const everyone = await exportCsv('?sortBy=email&sortOrder=asc');
    expect(simpleRecords(everyone.body)).toHaveLength(USERS_EXPORT_BATCH + 51);
    const some = await exportCsv(`?search=${encodeURIComponent('  ALPHA ')}&sortBy=name&sortOrder=desc`);
    const matched = simpleRecords(some.body);
    expect(matched.length).toBeGreaterThan(USERS_EXPORT_BATCH / 10);
    await exportCsv('?search=nobody-has-this');

    const entries = await exportEntries();
    expect(entries).toEqual([
      {
        _id: expect.any(String) as string,
        at: expect.any(String) as string,
        actor: admin,
        action: 'user.export',
        target: { type: 'user', id: '*' },
        summary: 'exported 0 users (search “nobody-has-this”, sorted by createdAt desc)',
      },
      expect.objectContaining({ actor: admin, summary: `exported ${matched.length} users (search “ALPHA”, sorted by name desc)` }),
      expect.objectContaining({ actor: admin, summary: `exported ${USERS_EXPORT_BATCH + 51} users (no search, sorted by email asc)` }),
    ]);
    // Nobody the file holds is named (the summaries above are whole): no email of theirs.
    const stored = JSON.stringify(entries);
    for (const [, , email] of matched) expect(stored).not.toContain(email);
  });

  it('records nothing for a refused export: no token, a member, a bad sort', async () => {
    const member = (await callJson(app.t.app, 'POST', '/api/auth/register', { name: 'Mo', email: 'mo@example.com', password: 'mo password' })).body
      .token as string;
    expect((await exportCsv('', null)).statusCode).toBe(401);
    expect((await exportCsv('', member)).statusCode).toBe(403);
    expect((await exportCsv('?sortBy=password')).statusCode).toBe(400);
    expect(await exportEntries()).toEqual([]);
  });

  it('cuts the file before its end when its entry cannot be written, so no download looks whole', async () => {
    await seedTies(5);
    await sqlRun(app.db.db, {
      sqlite: sql`create trigger refuse_audit before insert on audit_entries begin select raise(abort, 'audit refused'); end`,
      postgres: sql`create function refuse_audit() returns trigger language plpgsql as $$ begin raise exception 'audit refused'; end $$;
        create trigger refuse_audit before insert on audit_entries for each row execute function refuse_audit()`,
    });
    // The rows went out, but not the answer's end: the client reads a cut answer, not a file.
    await expect(exportCsv()).rejects.toThrow('response destroyed before completion');
    const lines = app.t.logs.lines.map((line) => JSON.parse(line) as Record<string, unknown>);
    expect(lines.find((l) => l.msg === 'the user export could not be recorded in the audit trail')).toMatchObject({ rows: 6, complete: true });
  });
});

// The route's batches: its procedure reads them with exportBatch, after exportBatchInput, whose
// first problem is the 400's message (trpc/errors.ts).
describe('the export batches', () => {
  const batch = async (input: Record<string, unknown>) => {
    const parsed = exportBatchInput.safeParse(input);
    if (!parsed.success) return { status: 400, message: parsed.error.issues[0]!.message, rows: [], next: null };
    return { status: 200, message: undefined, ...(await exportBatch(app.db.db, parsed.data)) };
  };

  /** Every batch from the start to the end; the rows in order, and how many batches it took. */
  async function walk(input: Record<string, unknown>) {
    const found: string[][] = [];
    let after: unknown;
    for (let calls = 1; ; calls++) {
      const { status, rows, next } = await batch({ ...input, ...(after ? { after } : {}) });
      expect(status).toBe(200);
      expect(rows.length).toBeLessThanOrEqual((input.limit as number | undefined) ?? USERS_EXPORT_BATCH);
      found.push(...rows);
      if (!next) return { rows: found, calls };
      after = next;
    }
  }

  it('answers rows in the order of the columns, createdAt in ISO 8601', async () => {
    await seedTies(3);
    const { rows } = await walk({ sortBy: 'email', sortOrder: 'asc' });
    expect(rows).toEqual((await listAll({ sortBy: 'email', sortOrder: 'asc' })).map(record));
  });

  it('walks the list order batch by batch from a position, for every sort, with and without a search', async () => {
    await seedTies(40);
    for (const sortBy of USER_SORT_FIELDS) {
      for (const sortOrder of SORT_ORDERS) {
        for (const search of ['', 'alpha', 'ti', 'tie0']) {
          const { rows } = await walk({ sortBy, sortOrder, search, limit: 3 });
          expect(
            rows.map((row) => row[0]),
            `${sortBy} ${sortOrder} ${search}`,
          ).toEqual((await listAll({ search, sortBy, sortOrder })).map((u) => u._id));
        }
      }
    }
  });

  it('walks past at most `limit` users a batch, matching or not, and answers a rare search in one batch', async () => {
    await seedTies(40);
    // 41 users with the admin: 14 batches of 3, the last one short, whatever the search keeps.
    expect((await walk({ limit: 3 })).calls).toBe(14);
    expect((await walk({ search: 'alpha', limit: 3 })).calls).toBe(14);
    // Fewer matches than a batch: all of them at once, from the search index.
    const rare = await walk({ search: 'tie01' });
    expect(rare).toMatchObject({ calls: 1 });
    expect(rare.rows.map((row) => row[2])).toEqual(['tie01.1@example.com']);
  });

  it.each([
    [{ limit: 0 }, 'limit must be a whole number from 1 to 10000'],
    [{ limit: 10_001 }, 'limit must be a whole number from 1 to 10000'],
    [{ limit: 2.5 }, 'limit must be a whole number from 1 to 10000'],
    [{ after: { sortValue: 'x', id: 'y' } }, 'after.sortValue must be a whole number when sortBy is createdAt, and text otherwise'],
    [{ sortBy: 'name', after: { sortValue: 5, id: 'y' } }, 'after.sortValue must be a whole number when sortBy is createdAt, and text otherwise'],
    [{ sortBy: 'name', after: { sortValue: { $gt: '' }, id: 'y' } }, 'after.sortValue must be text or a whole number'],
    [{ sortBy: 'name', after: { sortValue: 'x'.repeat(1001), id: 'y' } }, 'after.sortValue is too long'],
    [{ sortBy: 'name', after: { sortValue: 'x' } }, 'after.id must be text'],
    [{ sortBy: 'name', after: { sortValue: 'x', id: '' } }, 'after.id is required'],
  ])('refuses %o with 400', async (input, message) => {
    const { status, message: refusal } = await batch(input);
    expect(status).toBe(400);
    expect(refusal).toBe(message);
  });
});
