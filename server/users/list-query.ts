// The admin's user list: search, sort over the whole result, then one page (CONTRACT list rules).
import { and, inArray, type SQL } from 'drizzle-orm';
import { USERS_PAGE_SIZE } from '../../shared/constants';
import type { ListUsersInput } from '../../shared/user-schemas';
import type { Db } from '../db/client';
import { users } from '../db/schema';
import { publicColumns, toPublicUser, type PublicUser } from './data';
import { countAllUsers, databaseChoosesPlans, readWithinTime, searchCondition, searchKey, type SearchCondition } from './search-index';
import { orderWithoutIndex, positionColumns, upToPosition, userOrder } from './user-order';

export interface UserPage {
  data: PublicUser[];
  totalPages: number;
  currentPage: number;
}

// What each way of finding a page of matches costs per user it touches, relative to passing one
// entry of a sort index while probing a set. Measured on SQLite at 1,000,000 users (decision 004);
// PostgreSQL chooses among the forms itself, from its statistics (databaseChoosesPlans).
const COST = {
  /** Passing a user in a sort index and reading its row, elsewhere in the table, to check LIKE (about 6 µs). */
  likeWalk: 30,
  /** Passing a user in the sort index and probing the set of the index's matches (about 0.2 µs). */
  probeWalk: 1,
  /** Putting one of the index's matches into that set (about 0.15 µs). */
  probeSet: 0.75,
  /** Reading one match's row, to sort all the matches (about 3.5 µs). */
  sortMatch: 17,
  /** Checking one user's row in a pass over the whole table (about 0.2 µs). */
  scanRow: 1,
};

// PostgreSQL's time to read and sort a search's matches (at 1,000,000 users, decision 004): per match
// found through the trigram indexes, and per user checked when the fragment is too short for them.
const POSTGRES_SORT_MS = { perMatch: 0.008, perUser: 0.0004 };
// And to walk the whole name or email index checking each user, the index alone (the columns the
// search checks are in it: drizzle-pg/0002). Measured at 1,000,000: 0.22-0.27 µs a user by name,
// 0.36 µs by email (longer keys, and more of the index read from outside PostgreSQL's buffers).
const POSTGRES_WALK_MS_PER_USER = 0.0004;
// A sort this quick is not worth a walk that might pass the whole list first.
const POSTGRES_SORT_AT_ONCE_MS = 5;

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
 * the index, checks every user to find them). The cheapest plan is taken.
 *
 * When the sort column is the searched text itself (name, email), the matches cluster and that
 * estimate can be wrong by the whole list ("yuk" sorted by name: every Yukihiro is at the end).
 * There the walk goes no further than it costs to read the matches another way (sort the index's
 * matches, or scan every user for a short fragment), and a page not full by then is read that
 * way. The worst case is then about twice that cost, where an unbounded walk reading rows could
 * pass nearly every user (seconds at a million).
 */
async function searchPage(db: Db, search: SearchCondition, matches: number, input: ListUsersInput, offset: number): Promise<PublicUser[]> {
  if (databaseChoosesPlans) return chosenByDatabase(db, search, matches, input, offset);
  const order = userOrder(input.sortBy, input.sortOrder);
  const everyone = await countAllUsers(db);
  const walked = ((offset + USERS_PAGE_SIZE) * everyone) / matches;
  const probed = search.probedWhileWalking;
  // Reading the matches to sort them: from the index, or for a short fragment by checking everyone.
  const sortCost = matches * COST.sortMatch + (search.indexed ? 0 : everyone * COST.scanRow);

  if (input.sortBy !== 'name' && input.sortBy !== 'email') {
    // A fragment too short for the index has no set to probe: SQLite walks the sort index checking
    // rows, which along createdAt (the table's own order) costs about as little as a plain pass.
    if (!probed) return readPage(db, search.matches, order, offset);
    const plans: Array<[number, SQL]> = [
      [walked * COST.likeWalk, search.matchesWhileWalking],
      [matches * COST.probeSet + walked * COST.probeWalk, probed],
      [sortCost, search.matchesToSort],
    ];
    const [, cheapest] = plans.reduce((best, plan) => (plan[0] < best[0] ? plan : best));
    return readPage(db, cheapest, order, offset);
  }

  // The bounded walk: probing the index's matches, or checking rows for a short fragment.
  const [walk, walkCost] = probed ? [probed, COST.probeWalk] : [search.matchesWhileWalking, COST.likeWalk];
  const reach = Math.ceil(sortCost / walkCost);
  // However the matches cluster, the walk passes at most every user that does not match before
  // its page is full: when the matches are dense, that is within reach and needs no bound.
  if (Math.min(everyone, offset + USERS_PAGE_SIZE + everyone - matches) <= reach) return readPage(db, walk, order, offset);
  // The user at the bound: finding it walks the index alone, at a fraction of the walk's cost.
  const [last] = await db
    .select(positionColumns(input.sortBy))
    .from(users)
    .orderBy(...order)
    .limit(1)
    .offset(reach - 1);
  // None: users were deleted since they were counted, and the list now ends within reach.
  if (!last) return readPage(db, walk, order, offset);
  const page = await readPage(db, and(walk, upToPosition(input.sortBy, input.sortOrder, last)), order, offset);
  return page.length === Math.min(USERS_PAGE_SIZE, matches - offset) ? page : readPage(db, search.matchesToSort, order, offset);
}

/**
 * How PostgreSQL reads a search's page sorted by name or email, given how many users match (and
 * whether the trigram indexes found them) and how many there are (counted only when needed): the
 * matches sorted, or the planner's walk, unbounded or stopped after `withinMs`.
 *
 * PostgreSQL chooses the plan itself, and on a text sort it makes the clustered-walk mistake above
 * ("yuk" by name: the walk passes nearly every user). There the walk is bounded in time instead of
 * by position, by the database itself. The sort indexes hold every column the search checks, so
 * the walk reads the index alone, and the whole of it takes about `POSTGRES_WALK_MS_PER_USER` a
 * user. Where reading and sorting the matches would take longer, the walk goes unbounded;
 * otherwise the database stops it after the whole index's time (a walk that would end by then is
 * never cut short), and the page is then read the other way, with an order no index serves.
 */
export async function postgresTextSortPlan(
  matches: number,
  indexed: boolean,
  countEveryone: () => Promise<number>,
): Promise<{ read: 'sorted' } | { read: 'walk'; withinMs?: number }> {
  const matchesMs = matches * POSTGRES_SORT_MS.perMatch;
  // A few matches found through the index: sorted at once, without counting everyone first.
  if (indexed && matchesMs <= POSTGRES_SORT_AT_ONCE_MS) return { read: 'sorted' };
  const everyone = await countEveryone();
  const sortMs = matchesMs + (indexed ? 0 : everyone * POSTGRES_SORT_MS.perUser);
  if (sortMs <= POSTGRES_SORT_AT_ONCE_MS) return { read: 'sorted' };
  const walkMs = everyone * POSTGRES_WALK_MS_PER_USER;
  // Walking the whole index costs less than the sort: the walk needs no bound (nor the read-only
  // transaction that sets one, three round trips).
  return walkMs <= sortMs ? { read: 'walk' } : { read: 'walk', withinMs: walkMs };
}

async function chosenByDatabase(db: Db, search: SearchCondition, matches: number, input: ListUsersInput, offset: number): Promise<PublicUser[]> {
  const { sortBy, sortOrder } = input;
  const order = userOrder(sortBy, sortOrder);
  // The plan PostgreSQL's planner picks: on a text sort, the walk.
  const planned = (on: Db) => readPage(on, search.matches, order, offset);
  if ((sortBy !== 'name' && sortBy !== 'email') || !readWithinTime) return planned(db);
  const sorted = () => readPage(db, search.matchesToSort, order, offset, orderWithoutIndex(sortBy, sortOrder));
  const plan = await postgresTextSortPlan(matches, search.indexed, () => countAllUsers(db));
  if (plan.read === 'sorted') return sorted();
  if (plan.withinMs === undefined) return planned(db);
  return (await readWithinTime(db, plan.withinMs, planned)) ?? sorted();
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
