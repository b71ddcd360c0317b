// The user list picks one of several plans for a search's page (decision 004): whichever it picks,
// the page must be the one the CONTRACT's rules give, worked out here in plain code over every
// user. A thousand seeded users make each of SQLite's plans the one taken somewhere: "example"
// (most users) walks checking rows, "mart" (a tenth) probes the trigram matches, "yuk" and "yu"
// (every Yukihiro, at one end of the name order) walk a bounded way by name and email and, from the
// far end, fall back to sorting the matches or to a pass over every user, and "quist" (three
// users) sorts its matches. On PostgreSQL, whose planner chooses, the same pages must come out,
// whether a walk by name or email runs or the matches are sorted without an index; when a walk is
// stopped in time is worked out apart, for a million users.
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SORT_ORDERS, USER_SORT_FIELDS, USERS_PAGE_SIZE, type SortOrder, type UserSortField } from '../../shared/constants';
import { seededPeople } from '../../scripts/bench/seed-users';
import { closeAdminApp, startAdminApp, type AdminApp } from '../../tests/support/admin-app';
import { dialect, sqlRows } from '../../tests/support/test-database';
import { users } from '../db/schema';
import { insertUser } from './data';
import { exportBatch } from './export-query';
import { listUsers, postgresTextSortPlan } from './list-query';
import type { UserPosition } from './user-order';
import { readWithinTime } from './search-index';

let app: AdminApp;

beforeAll(async () => {
  app = await startAdminApp();
  for (const person of seededPeople(1_000)) await insertUser(app.db.db, { ...person, passwordHash: 'h' });
  // A few users with a rare fragment, at both ends of the name order.
  for (const [i, name] of ['Zed Quist', 'Aaron Quist', 'Zora Quist'].entries()) {
    await insertUser(app.db.db, { name, email: `${name.replace(' ', '.').toLowerCase()}.${i}@example.com`, passwordHash: 'h' });
  }
}, 120_000);
afterAll(() => closeAdminApp(app));

// CONTRACT list rules, by hand: ASCII letters fold for the match and for names; text compares by
// its UTF-8 bytes, as both databases do; ties break by id.
const foldAscii = (text: string) => text.replace(/[A-Z]/g, (letter) => letter.toLowerCase());
const compareBytes = (a: string, b: string) => Buffer.compare(Buffer.from(a), Buffer.from(b));

async function expectedPage(fragment: string, sortBy: UserSortField, sortOrder: SortOrder, page: number) {
  const everyone = await app.db.db.select().from(users);
  const folded = foldAscii(fragment);
  const matches = everyone.filter((user) => foldAscii(user.name).includes(folded) || foldAscii(user.email).includes(folded));
  const key = (user: (typeof everyone)[number]) => (sortBy === 'name' ? foldAscii(user.name) : user[sortBy]);
  const compare = (a: (typeof everyone)[number], b: (typeof everyone)[number]) => {
    const [x, y] = [key(a), key(b)];
    const bySort = typeof x === 'number' && typeof y === 'number' ? x - y : compareBytes(String(x), String(y));
    return bySort || compareBytes(a.id, b.id);
  };
  matches.sort((a, b) => (sortOrder === 'asc' ? compare(a, b) : compare(b, a)));
  const offset = (page - 1) * USERS_PAGE_SIZE;
  return {
    ids: matches.slice(offset, offset + USERS_PAGE_SIZE).map((user) => user.id),
    totalPages: Math.max(1, Math.ceil(matches.length / USERS_PAGE_SIZE)),
  };
}

describe('a search page, whichever plan finds it', () => {
  for (const fragment of ['example', 'mart', 'yuk', 'yu', 'a', 'quist', 'q']) {
    it(`is the page the list rules give for "${fragment}", in every order, first, middle and last`, async () => {
      for (const sortBy of USER_SORT_FIELDS) {
        for (const sortOrder of SORT_ORDERS) {
          const { totalPages } = await expectedPage(fragment, sortBy, sortOrder, 1);
          for (const page of new Set([1, 2, Math.ceil(totalPages / 2), totalPages])) {
            const got = await listUsers(app.db.db, { search: fragment, sortBy, sortOrder, page });
            const want = await expectedPage(fragment, sortBy, sortOrder, page);
            expect({ ids: got.data.map((user) => user._id), totalPages: got.totalPages }, `${sortBy} ${sortOrder} page ${page}`).toEqual(want);
          }
        }
      }
    });
  }
});

describe('a search holding U+0000', () => {
  // The input rule refuses it (shared/text.ts); this is the layer below, called directly. SQLite's
  // FTS5 cannot parse such a phrase and PostgreSQL refuses the character in text: both were a 500.
  it('finds nobody in the list and the export, whichever plan and database, without an error', async () => {
    for (const search of ['\u0000', 'q\u0000', 'mar\u0000t', 'example\u0000', '\u0000quist']) {
      for (const sortBy of USER_SORT_FIELDS) {
        const page = await listUsers(app.db.db, { search, sortBy, sortOrder: 'asc', page: 1 });
        expect(page, `${JSON.stringify(search)} by ${sortBy}`).toEqual({ data: [], totalPages: 1, currentPage: 1 });
        const exported: unknown[] = [];
        let after: UserPosition | undefined;
        do {
          const batch = await exportBatch(app.db.db, { search, sortBy, sortOrder: 'asc', limit: 500, after });
          exported.push(...batch.rows);
          after = batch.next ?? undefined;
        } while (after);
        expect(exported, `${JSON.stringify(search)} by ${sortBy}`).toEqual([]);
      }
    }
  });
});

describe('a read the database stops in time', () => {
  it('only PostgreSQL can: there the answer comes within the time, nothing past it, and no limit stays on the connections', async () => {
    expect(readWithinTime === undefined).toBe(dialect === 'sqlite');
    if (!readWithinTime) return;
    const { db } = app.db;
    const started = Date.now();
    expect(await readWithinTime(db, 50, (tx) => sqlRows(tx, sql`select pg_sleep(5)`))).toBeUndefined();
    expect(Date.now() - started).toBeLessThan(4_000);
    expect(await readWithinTime(db, 2_000, (tx) => sqlRows<{ one: number }>(tx, sql`select 1 as one`))).toEqual([{ one: 1 }]);
    expect(await readWithinTime(db, 1_999.2, (tx) => sqlRows(tx, sql`show statement_timeout`))).toEqual([{ statement_timeout: '2s' }]);
    // Any other failure is the caller's to see.
    await expect(readWithinTime(db, 2_000, (tx) => sqlRows(tx, sql`select 1 / 0`))).rejects.toThrow();
    // The limit was the transaction's own: every pooled connection is back to none.
    const settings = await Promise.all(Array.from({ length: 8 }, () => sqlRows<{ statement_timeout: string }>(db, sql`show statement_timeout`)));
    expect(settings.flat().map((row) => row.statement_timeout)).toEqual(Array(8).fill('0'));
  });
});

describe("PostgreSQL's way to a search page sorted by name or email", () => {
  // The cases of `npm run bench -- users` at a million users, with their counts there.
  const million = () => Promise.resolve(1_000_000);
  it('sorts a few matches, walks where the whole index costs less than the sort, and otherwise stops the walk after the whole index’s time', async () => {
    expect(await postgresTextSortPlan(3, true, million), '"quist"').toEqual({ read: 'sorted' });
    expect(await postgresTextSortPlan(65_374, true, million), '"mart"').toEqual({ read: 'walk' });
    expect(await postgresTextSortPlan(100, false, million), '"q", too short for the trigram indexes').toEqual({ read: 'walk' });
    const yuk = await postgresTextSortPlan(33_142, true, million);
    expect(yuk.read, '"yuk"').toBe('walk');
    // Never shorter than the slowest whole walk measured there (by email, 0.36 s): a walk that would end is not cut short.
    expect(yuk.read === 'walk' && yuk.withinMs).toBeGreaterThanOrEqual(360);
  });
});
