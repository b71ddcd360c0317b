// The user list picks one of several plans for a search's page (decision 004): whichever it picks,
// the page must be the one the CONTRACT's rules give, worked out here in plain code over every
// user. A thousand seeded users make each of SQLite's plans in the default and the enum orders the
// one taken somewhere: "example" (most users) walks checking each user, "mart" (a tenth) probes
// the trigram matches, "quist" (three users) sorts them, and every last page is read from the end.
// Sorted by name or email, a thousand users' matches cost too little to be worth anything but a
// sort, so that flow is also run with costs that make it look at both ends and walk: "yuk" and
// "yu" (every Yukihiro, at one end of the name order) from the end where they are, "linu" (every
// Linus, two-thirds of the way) until the walk gives up for the sort. Each plan is also run on its
// own, so that a plan the costs rarely pick still gives the same page: the sorted matches, and the
// walk from either end in stretches of any length.
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SORT_ORDERS, USER_SORT_FIELDS, USERS_PAGE_SIZE, type SortOrder, type UserSortField } from '../../shared/constants';
import { seededPeople } from '../../scripts/bench/seed-users';
import { closeAdminApp, startAdminApp, type AdminApp } from '../../tests/support/admin-app';
import { dialect, sqlRows } from '../../tests/support/test-database';
import { users } from '../db/schema';
import { insertUser } from './data';
import { exportBatch } from './export-query';
import { firstLook, listUsers, nearerEnd, sortedPage, TEXT_SORT_COSTS, textSortPage, walkedPage } from './list-query';
import { alongIndexes, searchCondition } from './search-index';
import type { UserPosition } from './user-order';

let app: AdminApp;
const FRAGMENTS = ['example', 'mart', 'yuk', 'yu', 'linu', 'a', 'quist', 'q'];

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
  for (const fragment of FRAGMENTS) {
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

describe('a page sorted by name or email, however the costs choose', () => {
  // The database's own costs, and three that a thousand users never get: nothing sorted at once,
  // and then the sort dear (every walk goes on to its page) or cheap (a walk gives up after a few
  // users and the matches are sorted).
  const COSTS = {
    own: TEXT_SORT_COSTS,
    'no sort at once': { ...TEXT_SORT_COSTS, sortAtOnce: 0 },
    'a dear sort': { ...TEXT_SORT_COSTS, sortAtOnce: 0, sortPerMatch: 1_000 },
    'a cheap sort': { ...TEXT_SORT_COSTS, sortAtOnce: 0, walkPerUser: TEXT_SORT_COSTS.sortPerMatch / 3 },
  };
  for (const fragment of FRAGMENTS) {
    it(`is the page the list rules give for "${fragment}", first, middle and last, both ways`, async () => {
      const { db } = app.db;
      const search = searchCondition(fragment);
      const matches = await search.count(db);
      for (const sortBy of ['name', 'email'] as const) {
        for (const sortOrder of SORT_ORDERS) {
          const { totalPages } = await expectedPage(fragment, sortBy, sortOrder, 1);
          for (const page of new Set([1, Math.min(2, totalPages), Math.ceil(totalPages / 2), totalPages])) {
            const want = (await expectedPage(fragment, sortBy, sortOrder, page)).ids;
            for (const [name, costs] of Object.entries(COSTS)) {
              const got = await textSortPage(db, search, matches, { search: fragment, sortBy, sortOrder, page }, (page - 1) * USERS_PAGE_SIZE, costs);
              expect(
                got.map((user) => user._id),
                `${name}, ${sortBy} ${sortOrder} page ${page}`,
              ).toEqual(want);
            }
          }
        }
      }
    });
  }
});

describe('the plans on their own', () => {
  // Pages to check of a search: the first, second, middle and last (each plan reads a page that has matches).
  const pagesOf = (totalPages: number) => [...new Set([1, Math.min(2, totalPages), Math.ceil(totalPages / 2), totalPages])];

  for (const fragment of FRAGMENTS) {
    it(`give the same page for "${fragment}": the sorted matches, and walks from either end in stretches of 1, 7 or all`, async () => {
      const { db } = app.db;
      const search = searchCondition(fragment);
      const matches = await search.count(db);
      for (const sortBy of USER_SORT_FIELDS) {
        for (const sortOrder of SORT_ORDERS) {
          const { totalPages } = await expectedPage(fragment, sortBy, sortOrder, 1);
          for (const page of pagesOf(totalPages)) {
            const want = (await expectedPage(fragment, sortBy, sortOrder, page)).ids;
            const input = { search: fragment, sortBy, sortOrder, page };
            const offset = (page - 1) * USERS_PAGE_SIZE;
            const ids = (found: Array<{ _id: string }> | undefined) => found?.map((user) => user._id);
            const where = `${sortBy} ${sortOrder} page ${page}`;
            expect(ids(await sortedPage(db, search, matches, input, offset)), `sorted, ${where}`).toEqual(want);
            for (const end of ['forward', 'backward'] as const) {
              for (const firstStretch of [1, 7, 2_000]) {
                const walked = await walkedPage(db, search, matches, input, offset, { end, firstStretch });
                expect(ids(walked), `${end} in stretches from ${firstStretch}, ${where}`).toEqual(want);
              }
            }
          }
        }
      }
    });
  }

  it('a walk gives up past its reach, and only there', async () => {
    const { db } = app.db;
    const search = searchCondition('yuk');
    const matches = await search.count(db);
    const everyone = (await app.db.db.select().from(users)).length;
    const input = { search: 'yuk', sortBy: 'name', sortOrder: 'asc', page: 1 } as const;
    // Every Yukihiro sits near the end of the names: from the start, the walk must pass nearly everyone.
    // A reach need not be a whole number of users.
    expect(await walkedPage(db, search, matches, input, 0, { end: 'forward', firstStretch: 10, reach: everyone / 2 + 0.25 })).toBeUndefined();
    expect(await walkedPage(db, search, matches, input, 0, { end: 'backward', firstStretch: 10, reach: everyone / 2 + 0.25 })).toHaveLength(USERS_PAGE_SIZE);
    expect(await walkedPage(db, search, matches, input, 0, { end: 'forward', firstStretch: 10, reach: everyone })).toHaveLength(USERS_PAGE_SIZE);
  });
});

describe('which end a walk by name or email goes on from', () => {
  // The cases of `npm run bench -- users` at a million users, as the first look at each end (a
  // thousand users) finds them there.
  const million = { everyone: 1_000_000, walked: firstLook(1_000_000) };
  it('looks at a thousandth of the list at each end, between 16 and 1,000 users', () => {
    expect([1_003, 100_000, 1_000_000, 5_000_000].map(firstLook)).toEqual([16, 100, 1_000, 1_000]);
  });
  it('goes on from the end where the matches lie', () => {
    // "yuk" by name: no Yukihiro among the first thousand names, nine hundred among the last.
    expect(nearerEnd({ ...million, matches: 32_977, offset: 0, seen: { forward: 0, backward: 900 } }), '"yuk" by name').toBe('backward');
    // The same, descending: the walk from the start of that order is in them at once (and the
    // look there would already hold the page).
    expect(nearerEnd({ ...million, matches: 32_977, offset: 0, seen: { forward: 900, backward: 0 } }), '"yuk" descending').toBe('forward');
    // A few matches spread evenly, so few that a thousand users need not hold any: the page nearer in matches.
    expect(nearerEnd({ ...million, matches: 100, offset: 0, seen: { forward: 0, backward: 0 } }), '"q", none at either end').toBe('forward');
    expect(nearerEnd({ ...million, matches: 100, offset: 90, seen: { forward: 0, backward: 0 } }), '"q", last page').toBe('backward');
    // "mart" by name: none at either end (runs of a thousand "Ada Allen"), though an even spread
    // would put sixty-five there: the first page is nearer the start.
    expect(nearerEnd({ ...million, matches: 65_575, offset: 0, seen: { forward: 0, backward: 0 } }), '"mart" by name').toBe('forward');
    // Matches at both ends: the walk that passes fewer users, by the density at each.
    expect(nearerEnd({ ...million, matches: 65_575, offset: 30_000, seen: { forward: 50, backward: 70 } }), 'middle, denser at the end').toBe('backward');
    expect(nearerEnd({ ...million, matches: 65_575, offset: 30_000, seen: { forward: 70, backward: 50 } }), 'middle, denser at the start').toBe('forward');
    // One end empty where an even spread would have put some, the other with a few: the few win,
    // however many matches the page lies behind there.
    expect(nearerEnd({ ...million, matches: 65_575, offset: 0, seen: { forward: 0, backward: 1 } }), 'sparse start').toBe('backward');
    // Where an even spread would put fewer than three, an empty end tells nothing: the even guess stands.
    expect(nearerEnd({ ...million, matches: 2_000, offset: 0, seen: { forward: 0, backward: 1 } }), 'rare fragment').toBe('forward');
  });
});

describe('a fragment too short for trigrams, on PostgreSQL', () => {
  // PostgreSQL's letters index (drizzle-pg/0009) finds the users who have every letter of a one- or
  // two-character fragment; its planner reads it where its statistics say the letters are rare, and
  // walks the sort index otherwise. Both plans must give the page the list rules give.
  it('is read through the letters index when its letters are rare, walked when they are common, and both give the same page', async () => {
    const { db } = app.db;
    if (dialect === 'sqlite') {
      // SQLite has no such index: the search is the same LIKE, whatever the letters.
      expect(searchCondition('q').matches).toEqual(searchCondition('q').matchesWhileWalking);
      return;
    }
    // As autovacuum leaves a table: statistics, and the new rows merged from the GIN index's pending
    // list, which the planner otherwise counts as a cost of every scan of the letters index.
    await sqlRows(db, sql`vacuum analyze users`);
    const planOf = async (fragment: string, on = db) =>
      JSON.stringify(
        await sqlRows(
          on,
          sql`explain (format json) select ${users.id} from ${users} where ${searchCondition(fragment).matches} order by ${users.createdAt} desc, ${users.id} desc limit 10`,
        ),
      );
    // "q": the three Quists of a thousand users; "a": nearly everyone.
    expect(await planOf('q')).toContain('users_search_letters_idx');
    expect(await planOf('qu')).toContain('users_search_letters_idx');
    expect(await planOf('a')).not.toContain('users_search_letters_idx');
    expect(await alongIndexes(db, (tx) => planOf('q', tx))).not.toContain('users_search_letters_idx');
    for (const fragment of ['q', 'qu', 'a']) {
      for (const sortOrder of SORT_ORDERS) {
        const { totalPages } = await expectedPage(fragment, 'createdAt', sortOrder, 1);
        for (const page of new Set([1, totalPages])) {
          const input = { search: fragment, sortBy: 'createdAt', sortOrder, page } as const;
          const want = await expectedPage(fragment, 'createdAt', sortOrder, page);
          const ids = (found: { data: Array<{ _id: string }>; totalPages: number }) => ({
            ids: found.data.map((user) => user._id),
            totalPages: found.totalPages,
          });
          expect(ids(await listUsers(db, input)), `"${fragment}" ${sortOrder} page ${page}, as planned`).toEqual(want);
          expect(ids(await alongIndexes(db, (tx) => listUsers(tx, input))), `"${fragment}" ${sortOrder} page ${page}, walked`).toEqual(want);
        }
      }
    }
  });
});

describe('a read along the indexes', () => {
  it('is the read itself on SQLite; on PostgreSQL, a snapshot whose plans walk indexes, and no setting stays on the connections', async () => {
    const { db } = app.db;
    if (dialect === 'sqlite') {
      // SQLite plans by the query's shape alone: nothing to set.
      expect(await alongIndexes(db, (on) => Promise.resolve(on))).toBe(db);
      return;
    }
    const settings = (on: typeof db) =>
      sqlRows<{ bitmap: string; seq: string; workers: string }>(
        on,
        sql`select current_setting('enable_bitmapscan') as bitmap, current_setting('enable_seqscan') as seq, current_setting('max_parallel_workers_per_gather') as workers`,
      );
    expect(await alongIndexes(db, (tx) => settings(tx))).toEqual([{ bitmap: 'off', seq: 'off', workers: '0' }]);
    // Every Yukihiro from the end of the names, which the planner alone finds through the trigram
    // indexes and sorts: along the indexes, a walk.
    const fromTheEnd = sql`explain (format json) select id from users where lower(name) like '%yuk%' or lower(email) like '%yuk%' order by lower(name) desc, id desc limit 10 offset 20`;
    const plan = JSON.stringify(await alongIndexes(db, (tx) => sqlRows(tx, fromTheEnd)));
    expect(plan).toMatch(/Index (Only )?Scan/);
    expect(plan).not.toMatch(/Bitmap|Seq Scan|Gather/);
    // Any failure is the caller's to see.
    await expect(alongIndexes(db, (tx) => sqlRows(tx, sql`select 1 / 0`))).rejects.toThrow();
    // The settings were the transaction's own: every pooled connection is back to the server's.
    const after = (await Promise.all(Array.from({ length: 8 }, () => settings(db)))).flat();
    expect(after.map(({ bitmap, seq }) => [bitmap, seq])).toEqual(Array(8).fill(['on', 'on']));
    expect(after.map(({ workers }) => workers)).not.toContain('0');
  });
});
