// The admin's user list: search, sort over the whole result, then one page (CONTRACT list rules).
import { asc, count, desc, inArray, sql, type AnyColumn, type SQL } from 'drizzle-orm';
import type { ListUsersInput, UserSortField } from '../../shared/user-schemas';
import { USERS_PAGE_SIZE } from '../../shared/user-schemas';
import type { Db } from '../db/client';
import { users } from '../db/schema';
import { publicColumns, toPublicUser, type PublicUser } from './data';
import { userMatches } from './search-index';

// Each matches an index in server/db/schema.ts, so ORDER BY ... LIMIT/OFFSET is an index walk.
const sortColumns: Record<UserSortField, SQL | AnyColumn> = {
  name: sql`${users.name} collate nocase`,
  email: users.email,
  role: users.role,
  membershipTier: users.membershipTier,
  status: users.status,
  createdAt: users.createdAt,
};

export interface UserPage {
  data: PublicUser[];
  totalPages: number;
  currentPage: number;
}

export function listUsers(db: Db, input: ListUsersInput): UserPage {
  const search = input.search.trim();
  const where = search ? userMatches(search) : undefined;
  const direction = input.sortOrder === 'asc' ? asc : desc;
  const order = [direction(sortColumns[input.sortBy]), direction(users.id)];

  const total = db.select({ n: count() }).from(users).where(where).get()!.n;
  // Walk the sort index for the page's rowids only (a covering index scan), then read those rows.
  const pageRowids = db
    .select({ rowid: sql<number>`${users}.rowid` })
    .from(users)
    .where(where)
    .orderBy(...order)
    .limit(USERS_PAGE_SIZE)
    .offset((input.page - 1) * USERS_PAGE_SIZE);
  const rows = db
    .select(publicColumns)
    .from(users)
    .where(inArray(sql`${users}.rowid`, pageRowids))
    .orderBy(...order)
    .all();

  return {
    data: rows.map(toPublicUser),
    totalPages: Math.max(1, Math.ceil(total / USERS_PAGE_SIZE)),
    currentPage: input.page,
  };
}
