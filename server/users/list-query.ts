// The admin's user list: search, sort over the whole result, then one page (CONTRACT list rules).
import { and, inArray, type SQL } from 'drizzle-orm';
import { USERS_PAGE_SIZE } from '../../shared/constants';
import type { ListUsersInput } from '../../shared/user-schemas';
import type { Db } from '../db/client';
import { users } from '../db/schema';
import { publicColumns, toPublicUser, type PublicUser } from './data';
import { countAllUsers, searchCondition, searchCosts, searchKey, type SearchCondition } from './search-index';
import { orderWithoutIndex, positionColumns, upToPosition, userOrder } from './user-order';

export interface UserPage {
  data: PublicUser[];
  totalPages: number;
  currentPage: number;
}

/**
 * One page of the users `where` holds, in `order`: the page's keys first (found in `keyOrder`, the
 * same order, perhaps written so that no index serves it), then those ten rows.
 */
async function readPage(db: Db, where: SQL | undefined, order: SQL[], offset: number, keyOrder = order): Promise<PublicUser[]> {
  const pageKeys = db
    .select({ key: searchKey })
    .from(users)
    .where(where)
    .orderBy(...keyOrder)
    .limit(USERS_PAGE_SIZE)
    .offset(offset);
  const rows = await db
    .select(publicColumns)
    .from(users)
    .where(inArray(searchKey, pageKeys))
    .orderBy(...order);
  return rows.map(toPublicUser);
}

/**
 * A page of a search's `matches` users. A walk of the sort index passes about
 * (offset + page) × all / matches users before its page is full, if the matches are spread over
 * the order; reading and sorting the matches reads every match (and, for a fragment too short for
 * the index, checks every user to find them). On SQLite the cheapest plan by the dialect's costs
 * is taken; PostgreSQL's planner weighs these itself.
 *
 * When the sort column is the searched text itself (name, email), the matches cluster and that
 * estimate can be wrong by the whole list ("yuk" sorted by name: every Yukihiro is at the end),
 * on either database. There the walk goes no further than reading and sorting the matches would
 * cost, and a page not full by then is read that way. The worst case is then about twice the
 * sort, where an unbounded walk reading rows could pass nearly every user (seconds at a million).
 */
async function searchPage(db: Db, search: SearchCondition, matches: number, input: ListUsersInput, offset: number): Promise<PublicUser[]> {
  const { sortBy, sortOrder } = input;
  const order = userOrder(sortBy, sortOrder);
  const { probe } = search;
  const everyone = await countAllUsers(db);
  const walked = ((offset + USERS_PAGE_SIZE) * everyone) / matches;
  const sortCost = matches * searchCosts.sortMatch + (search.indexed ? 0 : everyone * searchCosts.scanRow);

  if (sortBy !== 'name' && sortBy !== 'email') {
    // No probe (PostgreSQL, or a fragment too short for the index): the database walks the sort
    // index or reads the matches, as it judges; along createdAt, the table's own order, a walk
    // costs about as little as a pass.
    if (!probe) return readPage(db, search.matches, order, offset);
    const plans: Array<[number, SQL]> = [
      [walked * searchCosts.walkRow, search.matchesWhileWalking],
      [matches * probe.setMatch + walked * probe.walkRow, probe.where],
      [sortCost, search.matchesToSort],
    ];
    const [, cheapest] = plans.reduce((best, plan) => (plan[0] < best[0] ? plan : best));
    return readPage(db, cheapest, order, offset);
  }

  const sorted = () => readPage(db, search.matchesToSort, order, offset, orderWithoutIndex(sortBy, sortOrder));
  const [walk, walkRow] = probe ? [probe.where, probe.walkRow] : [search.matchesWhileWalking, searchCosts.walkRow];
  const reach = Math.ceil(sortCost / walkRow);
  // However the matches cluster, the walk passes at most every user that does not match before
  // its page is full: when the matches are dense, that is within reach and needs no bound.
  if (Math.min(everyone, offset + USERS_PAGE_SIZE + everyone - matches) <= reach) return readPage(db, walk, order, offset);
  // The user at the bound: finding it walks the index alone, at a fraction of the walk's cost.
  const [last] = await db
    .select(positionColumns(sortBy))
    .from(users)
    .orderBy(...order)
    .limit(1)
    .offset(reach - 1);
  // None: users were deleted since they were counted, and the list now ends within reach.
  if (!last) return readPage(db, walk, order, offset);
  const page = await readPage(db, and(walk, upToPosition(sortBy, sortOrder, last)), order, offset);
  return page.length === Math.min(USERS_PAGE_SIZE, matches - offset) ? page : sorted();
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
  // With no search, a walk of the covering sort index alone.
  if (!search) return result(await readPage(db, undefined, userOrder(input.sortBy, input.sortOrder), offset));
  return result(await searchPage(db, search, total, input, offset));
}
