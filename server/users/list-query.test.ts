// The user list picks one of several plans for a search's page (decision 004): whichever it picks,
// the page must be the one plain SQL gives, a LIKE over every user sorted by the CONTRACT order.
// Two thousand seeded users make each plan the one taken somewhere: "example" (most users) walks
// checking rows, "mart" (a tenth) probes the trigram matches, "yuk" and "yu" (every Yukihiro, at
// one end of the name order) walk a bounded way by name and email and, from the far end, fall back
// to sorting the matches or to a pass over every user, and "quist" (three users) sorts its matches.
import { copyFileSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inject } from 'vitest';
import { SORT_ORDERS, USER_SORT_FIELDS, USERS_PAGE_SIZE, type SortOrder, type UserSortField } from '../../shared/constants';
import { seedUsers } from '../../scripts/bench/seed-users';
import { openDatabase, type SqliteHandle } from '../db/client';
import { insertUser } from './data';
import { listUsers } from './list-query';

let dir: string;
let handle: SqliteHandle;

beforeAll(async () => {
  dir = mkdtempSync(path.join(tmpdir(), 'qc-list-'));
  copyFileSync(inject('templateDb'), path.join(dir, 'app.db'));
  handle = openDatabase(path.join(dir, 'app.db'));
  seedUsers(handle.sqlite, 2_000);
  // A few users with a rare fragment, at both ends of the name order.
  for (const [i, name] of ['Zed Quist', 'Aaron Quist', 'Zora Quist'].entries()) {
    await insertUser(handle.db, { name, email: `${name.replace(' ', '.').toLowerCase()}.${i}@example.com`, passwordHash: 'h' });
  }
});
afterAll(() => {
  handle.close();
  rmSync(dir, { recursive: true, force: true });
});

const COLUMNS: Record<UserSortField, string> = {
  name: 'name collate nocase',
  email: 'email',
  role: 'role',
  membershipTier: 'membership_tier',
  status: 'status',
  createdAt: 'created_at',
};

/** The page by plain SQL: every user checked with LIKE, sorted, then sliced. */
function expectedPage(fragment: string, sortBy: UserSortField, sortOrder: SortOrder, page: number) {
  const pattern = `%${fragment}%`;
  const ids = handle.sqlite
    .prepare(
      `select id from users where name like ? or email like ?
       order by ${COLUMNS[sortBy]} ${sortOrder}, id ${sortOrder} limit ? offset ?`,
    )
    .pluck()
    .all(pattern, pattern, USERS_PAGE_SIZE, (page - 1) * USERS_PAGE_SIZE) as string[];
  const matches = handle.sqlite.prepare('select count(*) from users where name like ? or email like ?').pluck().get(pattern, pattern) as number;
  return { ids, totalPages: Math.max(1, Math.ceil(matches / USERS_PAGE_SIZE)) };
}

describe('a search page, whichever plan finds it', () => {
  for (const fragment of ['example', 'mart', 'yuk', 'yu', 'a', 'quist', 'q']) {
    it(`is the plain SQL page for "${fragment}", in every order, first, middle and last`, async () => {
      for (const sortBy of USER_SORT_FIELDS) {
        for (const sortOrder of SORT_ORDERS) {
          const { totalPages } = expectedPage(fragment, sortBy, sortOrder, 1);
          for (const page of new Set([1, 2, Math.ceil(totalPages / 2), totalPages])) {
            const got = await listUsers(handle.db, { search: fragment, sortBy, sortOrder, page });
            const want = expectedPage(fragment, sortBy, sortOrder, page);
            expect({ ids: got.data.map((user) => user._id), totalPages: got.totalPages }, `${sortBy} ${sortOrder} page ${page}`).toEqual(want);
          }
        }
      }
    });
  }
});
