// The admin's user list: search, sort over the whole result, then one page (CONTRACT list rules).
import { and, asc, count, desc, inArray, sql, type SQL } from 'drizzle-orm';
import { USERS_PAGE_SIZE, type SortOrder } from '../../shared/constants';
import type { ListUsersInput } from '../../shared/user-schemas';
import type { Db } from '../db/client';
import { users } from '../db/schema';
import { publicColumns, toPublicUser, type PublicUser } from './data';
import { alongIndexes, countAllUsers, databaseChoosesPlans, searchCondition, searchKey, type SearchCondition } from './search-index';
import { afterPosition, orderWithoutIndex, positionColumns, sortKey, upToPosition, userOrder, type UserPosition } from './user-order';

export interface UserPage {
  data: PublicUser[];
  totalPages: number;
  currentPage: number;
}

/** Where a walk starts: the start of the list's order, or its end (walking the order reversed). */
export type End = 'forward' | 'backward';

// What each way of finding a page of matches costs on SQLite, in µs per user it touches, measured
// at 1,000,000 users (decision 004). PostgreSQL chooses among the forms itself, from its statistics
// (databaseChoosesPlans), except on the text sorts (POSTGRES_TEXT_SORT).
const SQLITE_COST = {
  /** Passing a user in a sort index that holds the name and email (createdAt, name, email: drizzle/0011) and checking LIKE there. */
  coveredWalk: 0.12,
  /** Passing a user in another sort index (role, tier, status) and reading its row, elsewhere in the table, to check LIKE. */
  rowWalk: 3,
  /** Passing a user in a sort index and probing the set of the FTS matches. */
  probeWalk: 0.15,
  /** Putting one FTS match into that set. */
  probeSet: 0.3,
  /** Reading one match's row, to sort the matches (the rows are elsewhere in a table larger than the page cache). */
  sortMatch: 1.7,
  /** Checking one user's row in a pass over the whole table. */
  scanRow: 0.17,
};

/** What a search sorted by name or email costs, in µs: walking the sort index, or reading and sorting the matches. */
export interface TextSortCosts {
  /** Passing a user in the name or email index, which holds what the search checks. */
  walkPerUser: number;
  /** Reading and sorting one match found through the search index. */
  sortPerMatch: number;
  /** Checking one user, when the fragment is too short for the search index and every user is checked. */
  sortPerUser: number;
  /** A sort this cheap is not worth looking at the index's ends first. */
  sortAtOnce: number;
}

const SQLITE_TEXT_SORT: TextSortCosts = {
  walkPerUser: SQLITE_COST.coveredWalk,
  sortPerMatch: SQLITE_COST.sortMatch,
  sortPerUser: SQLITE_COST.scanRow,
  sortAtOnce: 1_000,
};
// PostgreSQL at 1,000,000 (decision 004): the sort indexes hold what the search checks, so a walk is
// an index-only scan, 0.22-0.36 µs a user; the matches are found through the trigram index and read
// from the table, 8 µs each. Measured before drizzle-pg/0009 made the check one LIKE on search_text,
// which made walks cheaper: kept as they were, as a walk by name or email already met the goal.
const POSTGRES_TEXT_SORT: TextSortCosts = { walkPerUser: 0.4, sortPerMatch: 8, sortPerUser: 0.4, sortAtOnce: 5_000 };

/** This database's costs of a search sorted by name or email. */
export const TEXT_SORT_COSTS: Readonly<TextSortCosts> = databaseChoosesPlans ? POSTGRES_TEXT_SORT : SQLITE_TEXT_SORT;

/** SQLite's first stretch of a walk by name or email, when no look came first. */
const FIRST_STRETCH = 1_000;

/**
 * How many users of each end a walk by name or email looks at first, before it chooses which end
 * to go on from: a thousandth of the list, between 16 and 1,000.
 */
export const firstLook = (everyone: number) => Math.min(1_000, Math.max(16, Math.ceil(everyone / 1_000)));
/** Matches that would have to be among those users, if the matches were spread evenly, for none there to mean they are not. */
const EXPECTED_IF_EVEN = 3;

interface PageRead {
  /** Users to pass over before the page, in the order walked. */
  offset: number;
  limit: number;
  /** The order walked to find the page's keys: the list's order, perhaps reversed or written so that no index serves it. */
  keyOrder: SQL[];
}

/** One page of the users `where` holds, in `order`: the page's keys first, then those rows. */
async function readPage(db: Db, where: SQL | undefined, order: SQL[], { offset, limit, keyOrder }: PageRead): Promise<PublicUser[]> {
  const pageKeys = db
    .select({ key: searchKey })
    .from(users)
    .where(where)
    .orderBy(...keyOrder)
    .limit(limit)
    .offset(offset);
  const rows = await db
    .select(publicColumns)
    .from(users)
    .where(inArray(searchKey, pageKeys))
    .orderBy(...order);
  return rows.map(toPublicUser);
}

const reversed = (sortOrder: SortOrder): SortOrder => (sortOrder === 'asc' ? 'desc' : 'asc');

/** The page at `offset` of `matches` users, as read walking from `end`: the users to pass over first, in that end's order. */
function fromEnd(end: End, input: ListUsersInput, matches: number, offset: number) {
  const limit = Math.min(USERS_PAGE_SIZE, matches - offset);
  return end === 'forward' ? { sortOrder: input.sortOrder, offset, limit } : { sortOrder: reversed(input.sortOrder), offset: matches - offset - limit, limit };
}

/**
 * How many of the first `first` users of each end of the list's order `where` holds: a walk of that
 * many users of the sort index from either end, in one statement.
 */
async function matchesAtTheEnds(db: Db, where: SQL, input: ListUsersInput, first: number): Promise<Record<End, number>> {
  const look = (end: End) => {
    const sortOrder = end === 'forward' ? input.sortOrder : reversed(input.sortOrder);
    const walked = db
      .select({ hit: sql<boolean>`${where}`.as('hit') })
      .from(users)
      .orderBy(...userOrder(input.sortBy, sortOrder))
      .limit(first)
      .as(`${end}_end`);
    return db
      .select({ end: sql<End>`${end}`.as('end'), n: count() })
      .from(walked)
      .where(sql`${walked.hit}`);
  };
  const counts = await look('forward').unionAll(look('backward'));
  const seen = { forward: 0, backward: 0 };
  for (const { end, n } of counts) seen[end] = n;
  return seen;
}

/**
 * SQLite's walk of a sort index from one end, a stretch at a time: each stretch ends at the user
 * so many places from the end (found by walking the index alone, which SQLite does at about 7 ns
 * a user) and its matches are counted, so the walk stops between stretches once it has passed
 * `reach` users, without ever passing much more.
 */
class StretchedWalk {
  private readonly sortOrder: SortOrder;
  /** The last user of the stretches wholly before the page, and how many users they held. */
  private after: UserPosition | undefined;
  private passed = 0;
  /** Matches after `after` and before the page. */
  private skip: number;
  private readonly limit: number;

  constructor(
    private readonly db: Db,
    private readonly where: SQL,
    private readonly input: ListUsersInput,
    end: End,
    matches: number,
    offset: number,
  ) {
    const read = fromEnd(end, input, matches, offset);
    this.sortOrder = read.sortOrder;
    this.skip = read.offset;
    this.limit = read.limit;
  }

  /** Walks `size` users on from the stretches wholly before the page (all the rest without it); the page, if it lies within them. */
  private async stretch(size?: number): Promise<PublicUser[] | undefined> {
    const { db, sortOrder } = this;
    const { sortBy } = this.input;
    const order = userOrder(sortBy, sortOrder);
    const from = this.after && afterPosition(sortBy, sortOrder, this.after);
    // Found by its place from the end, with no condition: SQLite skips the users before it several
    // times faster than past a position (and a user added or removed meanwhile only moves the
    // stretch's end by one).
    const [last] =
      size === undefined
        ? []
        : await db
            .select(positionColumns(sortBy))
            .from(users)
            .orderBy(...order)
            .limit(1)
            .offset(this.passed + size - 1);
    const within = and(this.where, from, last && upToPosition(sortBy, sortOrder, last));
    const needed = this.skip + this.limit;
    // No last user: the list ends within the stretch, and the page is what there is of it.
    if (last) {
      // Counted in the walk's order, so that the count stops where the page ends.
      const hits = db
        .select({ one: sql<number>`1`.as('one') })
        .from(users)
        .where(within)
        .orderBy(...order)
        .limit(needed)
        .as('hits');
      const [found] = await db.select({ n: count() }).from(hits);
      const n = found?.n ?? 0;
      if (n < needed) {
        // A page that begins within the stretch but goes on past it is looked for again from the
        // same place, in a longer stretch.
        if (n <= this.skip) {
          this.skip -= n;
          this.after = last;
          this.passed += size!;
        }
        return undefined;
      }
    }
    return readPage(db, within, userOrder(sortBy, this.input.sortOrder), { offset: this.skip, limit: this.limit, keyOrder: order });
  }

  /** Walks in stretches of `firstStretch` users, then twice as many each time, passing at most `reach` users; the page, or undefined past that. */
  async within(reach: number, firstStretch: number): Promise<PublicUser[] | undefined> {
    for (let left = reach, size = firstStretch; left > 0; left -= size, size *= 2) {
      // Where the walk may go on to the end, the stretch needs no bound.
      const page = await this.stretch(left === Infinity ? undefined : Math.ceil(Math.min(size, left)));
      if (page) return page;
    }
    return undefined;
  }
}

/**
 * PostgreSQL's walk of a sort index from one end, in one query: the page among the matches of the
 * first `reach` users in that order. Skipping users costs PostgreSQL about as much as checking
 * them, but it keeps the order of a subquery for an outer ORDER BY without sorting again, so the
 * walk stops at its page or at `reach`, whichever comes first.
 */
async function walkInOne(
  db: Db,
  where: SQL,
  input: ListUsersInput,
  end: End,
  matches: number,
  offset: number,
  reach: number,
): Promise<PublicUser[] | undefined> {
  const read = fromEnd(end, input, matches, offset);
  const walkOrder = userOrder(input.sortBy, read.sortOrder);
  const first = db
    .select({
      key: sql`${searchKey}`.as('key'),
      sortKey: sql`${sortKey(input.sortBy)}`.as('sort_key'),
      id: sql`${users.id}`.as('user_id'),
      hit: sql<boolean>`${where}`.as('hit'),
    })
    .from(users)
    .orderBy(...walkOrder);
  // Always a limit, however far: it keeps PostgreSQL from moving the check into the walk, where it
  // could find the few matches some other way and sort them.
  const walked = first.limit(Math.ceil(Math.min(reach, Number.MAX_SAFE_INTEGER))).as('walked');
  const direction = read.sortOrder === 'asc' ? asc : desc;
  const pageKeys = db
    .select({ key: walked.key })
    .from(walked)
    .where(sql`${walked.hit}`)
    .orderBy(direction(walked.sortKey), direction(walked.id))
    .limit(read.limit)
    .offset(read.offset);
  const rows = await db
    .select(publicColumns)
    .from(users)
    .where(inArray(searchKey, pageKeys))
    .orderBy(...userOrder(input.sortBy, input.sortOrder));
  return rows.length === read.limit ? rows.map(toPublicUser) : undefined;
}

/**
 * The page at `offset` of the `matches` users `where` holds, read by walking the sort index from
 * `end`, passing at most `reach` users (SQLite: in stretches from `firstStretch`); undefined past that.
 */
function walkWithin(db: Db, where: SQL, input: ListUsersInput, end: End, matches: number, offset: number, reach: number, firstStretch: number) {
  return databaseChoosesPlans
    ? walkInOne(db, where, input, end, matches, offset, reach)
    : new StretchedWalk(db, where, input, end, matches, offset).within(reach, firstStretch);
}

/**
 * Which end a walk should go on from, once the first `walked` users of each end have held
 * `seen.forward` and `seen.backward` matches. From each end the walk must pass so many matches
 * to complete the page (offset + page from the start; every match from the page's first on,
 * from the end), and the matches seen there say how densely they lie: the walk that would pass
 * fewer users goes on. An end that held none where an even spread would have put a few is a sparse
 * stretch of unknown length (sorted by the text searched, the matches cluster: every "Yukihiro" at
 * the end of the names); where even an even spread would have put none there, nothing was
 * learned, and an even spread is the guess. With no matches at either end, the page nearer in
 * matches.
 */
export function nearerEnd({
  everyone,
  matches,
  offset,
  walked,
  seen,
}: {
  everyone: number;
  matches: number;
  offset: number;
  walked: number;
  seen: Record<End, number>;
}): End {
  const limit = Math.min(USERS_PAGE_SIZE, matches - offset);
  const needed: Record<End, number> = { forward: offset + limit, backward: matches - offset };
  const density = matches / Math.max(1, everyone);
  const usersToPass = (end: End) => {
    const left = needed[end] - seen[end];
    if (seen[end] > 0) return (left * walked) / seen[end];
    return walked * density >= EXPECTED_IF_EVEN ? Infinity : left / density;
  };
  const [forward, backward] = [usersToPass('forward'), usersToPass('backward')];
  if (forward === Infinity && backward === Infinity) return needed.forward <= needed.backward ? 'forward' : 'backward';
  return forward <= backward ? 'forward' : 'backward';
}

/** The page of the matches read and sorted: found through the search index, or by checking every user, never by walking the sort index. */
export function sortedPage(db: Db, search: SearchCondition, matches: number, input: ListUsersInput, offset: number): Promise<PublicUser[]> {
  const order = userOrder(input.sortBy, input.sortOrder);
  const keyOrder = input.sortBy === 'name' || input.sortBy === 'email' ? orderWithoutIndex(input.sortBy, input.sortOrder) : order;
  return readPage(db, search.matchesToSort, order, { offset, limit: Math.min(USERS_PAGE_SIZE, matches - offset), keyOrder });
}

/**
 * The page read by walking the sort index from `end`, passing at most `reach` users (on SQLite in
 * stretches of `firstStretch` users, then twice as many each time); undefined past that.
 */
export function walkedPage(
  db: Db,
  search: SearchCondition,
  matches: number,
  input: ListUsersInput,
  offset: number,
  { end, reach = Infinity, firstStretch = FIRST_STRETCH }: { end: End; reach?: number; firstStretch?: number },
): Promise<PublicUser[] | undefined> {
  return alongIndexes(db, (on) => walkWithin(on, search.matchesWhileWalking, input, end, matches, offset, reach, firstStretch));
}

/**
 * A page of a search sorted by name or email, the very text searched. Its matches cluster in that
 * order (all the "Yukihiro" at the end of the names), so how far a walk of the index goes before
 * its page is complete depends on where they are, not only on how many there are: the walk looks
 * at the first users of each end, goes on from the end where the page is nearer, and gives up for
 * a sort of the matches once it has cost what the sort costs. Both sort indexes hold what the
 * search checks (drizzle/0011, drizzle-pg/0009), so the walk never reads the table.
 */
export async function textSortPage(
  db: Db,
  search: SearchCondition,
  matches: number,
  input: ListUsersInput,
  offset: number,
  costs: TextSortCosts = TEXT_SORT_COSTS,
): Promise<PublicUser[]> {
  const sorted = () => sortedPage(db, search, matches, input, offset);
  const matchesCost = matches * costs.sortPerMatch;
  // A few matches found through the index: sorted at once, without counting everyone first.
  if (search.indexed && matchesCost <= costs.sortAtOnce) return sorted();
  const everyone = await countAllUsers(db);
  const sortCost = matchesCost + (search.indexed ? 0 : everyone * costs.sortPerUser);
  if (sortCost <= costs.sortAtOnce) return sorted();
  // A walk as long as the sort costs; one that may pass every user, without bound.
  const reach = sortCost >= everyone * costs.walkPerUser ? Infinity : Math.floor(sortCost / costs.walkPerUser);
  const where = search.matchesWhileWalking;
  const look = firstLook(everyone);
  const walk = (on: Db, end: End) => walkWithin(on, where, input, end, matches, offset, reach, 2 * look);
  const page = await alongIndexes(db, async (on) => {
    // However the matches lie, a walk passes at most every user that does not match, and the
    // matches up to its page's end: where that is a few users, it needs no look first.
    const others = Math.max(0, everyone - matches);
    const atMost: Record<End, number> = { forward: offset + USERS_PAGE_SIZE + others, backward: matches - offset + others };
    const surest: End = atMost.forward <= atMost.backward ? 'forward' : 'backward';
    if (atMost[surest] <= 2 * look) return walk(on, surest);
    const seen = await matchesAtTheEnds(on, where, input, look);
    return walk(on, nearerEnd({ everyone, matches, offset, walked: look, seen }));
  });
  return page ?? sorted();
}

/**
 * A page of a search's `matches` users in an order other than name or email (the sort column has
 * nothing to do with the text searched, so the matches are taken to be spread evenly over it). A
 * walk of the sort index passes about (offset + page) × all / matches users before its page is
 * full, or (matches - offset) × all / matches from the end; reading and sorting the matches reads
 * every match (and, for a fragment too short for the index, checks every user to find them). The
 * cheapest plan is taken.
 */
async function searchPage(db: Db, search: SearchCondition, matches: number, input: ListUsersInput, offset: number): Promise<PublicUser[]> {
  if (input.sortBy === 'name' || input.sortBy === 'email') return textSortPage(db, search, matches, input, offset);
  const order = userOrder(input.sortBy, input.sortOrder);
  // PostgreSQL plans these from its statistics.
  if (databaseChoosesPlans) return readPage(db, search.matches, order, { offset, limit: USERS_PAGE_SIZE, keyOrder: order });
  const everyone = await countAllUsers(db);
  const perMatch = everyone / matches;
  const end: End = offset + USERS_PAGE_SIZE <= matches - offset ? 'forward' : 'backward';
  const walked = (end === 'forward' ? offset + USERS_PAGE_SIZE : matches - offset) * perMatch;
  const read = fromEnd(end, input, matches, offset);
  const walk = (where: SQL) => readPage(db, where, order, { ...read, keyOrder: userOrder(input.sortBy, read.sortOrder) });
  const probed = search.probedWhileWalking;
  // A fragment too short for the index has no set to probe: SQLite walks the sort index checking
  // each user, which along createdAt (whose index holds the name and email) costs about as little
  // as a plain pass.
  if (!probed) return walk(search.matches);
  const likeWalk = input.sortBy === 'createdAt' ? SQLITE_COST.coveredWalk : SQLITE_COST.rowWalk;
  const plans: Array<[number, () => Promise<PublicUser[]>]> = [
    [walked * likeWalk, () => walk(search.matchesWhileWalking)],
    [matches * SQLITE_COST.probeSet + walked * SQLITE_COST.probeWalk, () => walk(probed)],
    [matches * SQLITE_COST.sortMatch, () => sortedPage(db, search, matches, input, offset)],
  ];
  const [, cheapest] = plans.reduce((best, plan) => (plan[0] < best[0] ? plan : best));
  return cheapest();
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
  const order = userOrder(input.sortBy, input.sortOrder);
  // With no search, a walk of the covering sort index alone.
  if (!search) return result(await readPage(db, undefined, order, { offset, limit: USERS_PAGE_SIZE, keyOrder: order }));
  return result(await searchPage(db, search, total, input, offset));
}
