// The admin's user list: search, sort over the whole result, then one page (CONTRACT list rules).
import { inArray, type SQL } from 'drizzle-orm';
import { USERS_PAGE_SIZE } from '../../shared/constants';
import type { ListUsersInput } from '../../shared/user-schemas';
import type { Db } from '../db/client';
import { users } from '../db/schema';
import { publicColumns, toPublicUser, type PublicUser } from './data';
import { countAllUsers, searchCondition, searchKey, type SearchCondition } from './search-index';
import { userOrder } from './user-order';

export interface UserPage {
  data: PublicUser[];
  totalPages: number;
  currentPage: number;
}

/**
 * Which form of the search condition to page with. Walking the sort index visits about
 * (offset + page) × all / matches rows before the page is full; reading and sorting the matches
 * reads every match. Both cost a row read per row, so dense matches (a common fragment) walk and
 * sparse ones sort. When the sort column is the searched text itself (name, email) the matches
 * cluster and a walk passes more misses than this estimate, yet still fewer rows than all matches.
 */
async function pagingCondition(db: Db, search: SearchCondition, matches: number, offset: number): Promise<SQL> {
  const walkCost = ((offset + USERS_PAGE_SIZE) * (await countAllUsers(db))) / matches;
  return walkCost < matches ? search.matchesWhileWalking : search.matches;
}

export async function listUsers(db: Db, input: ListUsersInput): Promise<UserPage> {
  const fragment = input.search.trim();
  const search = fragment ? searchCondition(fragment) : undefined;
  const total = await (search ? search.count(db) : countAllUsers(db));
  const result = (data: PublicUser[]) => ({
    data,
    totalPages: Math.max(1, Math.ceil(total / USERS_PAGE_SIZE)),
    currentPage: input.page,
  });
  const offset = (input.page - 1) * USERS_PAGE_SIZE;
  if (offset >= total) return result([]);

  const where = search && (await pagingCondition(db, search, total, offset));
  const order = userOrder(input.sortBy, input.sortOrder);
  // Find the page's keys first (with no search, a walk of the covering sort index alone), then
  // read just those ten rows.
  const pageKeys = db
    .select({ key: searchKey })
    .from(users)
    .where(where)
    .orderBy(...order)
    .limit(USERS_PAGE_SIZE)
    .offset(offset);
  const rows = await db
    .select(publicColumns)
    .from(users)
    .where(inArray(searchKey, pageKeys))
    .orderBy(...order);
  return result(rows.map(toPublicUser));
}
