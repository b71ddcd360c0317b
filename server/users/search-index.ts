// The users' search: one condition for "name or email contains this fragment", and the counts
// that say how many users match, each answered from an index. The index itself is a feature of
// each dialect, and the only raw SQL of users/ lives in its two files (DESIGN "Past one machine"):
// - search-sqlite.ts: an FTS5 trigram table, kept by the writers;
// - search-postgres.ts: a generated column of the lowered name and email, with pg_trgm and letters
//   GIN indexes, kept by PostgreSQL itself.
// Both keep user_search_grams: how many users have each 1- and 2-character fragment, so that
// short searches and the whole list know their count without reading every user.
// Writers call indexUser/unindexUser inside the transaction that changes the user row, so neither
// ever disagrees with the table.
import { eq, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../db/client';
import { dialect } from '../db/dialect';
import { users, userSearchGrams } from '../db/schema';
import { hasControlCharacter } from '../../shared/text';
import type { DialectSearch, SearchableUser } from './search-dialect';
import { postgresSearch } from './search-postgres';
import { sqliteSearch } from './search-sqlite';

/** Trigram tokens: fragments shorter than this cannot use the index. */
export const MIN_INDEXED_FRAGMENT = 3;

const search: DialectSearch = dialect === 'postgres' ? postgresSearch : sqliteSearch;

/** The key of a user row in the search index: the page of the list is read by it. */
export const searchKey = search.key;

/** Whether the database chooses how to find a search's matches itself (list-query.ts). */
export const databaseChoosesPlans = search.choosesPlans;

/** Runs `read` where the database walks a sort index when a query asks it to, rather than choosing a plan of its own. */
export const alongIndexes: <T>(db: Db, read: (db: Db) => Promise<T>) => Promise<T> = search.alongIndexes ?? ((db, read) => read(db));

// SQLite's LIKE and lower() fold ASCII letters only, as PostgreSQL's lower() does on "C" text;
// folding the same way keeps the gram counts equal to what LIKE matches.
export const foldAscii = (text: string) => text.replace(/[A-Z]+/g, (letters) => letters.toLowerCase());

// The empty fragment is in every user, so its count is the number of users: an O(1) total for the
// unfiltered list, where count(*) would read a whole index.
const EVERY_USER = '';

/**
 * Every distinct 1- and 2-character fragment of the name and of the email (each on its own),
 * plus the empty fragment that every user has, sorted.
 */
export function shortGrams(name: string, email: string): string[] {
  const grams = new Set<string>([EVERY_USER]);
  for (const field of [name, email]) {
    const chars = [...foldAscii(field)];
    chars.forEach((char, i) => {
      grams.add(char);
      if (i + 1 < chars.length) grams.add(char + chars[i + 1]);
    });
  }
  return [...grams].sort();
}

export async function indexUser(db: Db, user: SearchableUser): Promise<void> {
  await search.addEntry(db, { key: user.key, name: foldAscii(user.name), email: foldAscii(user.email) });
  await search.adjustGramCounts(db, shortGrams(user.name, user.email), 1);
}

/** Takes the user's entry out; `user` holds the name and email it was indexed with. */
export async function unindexUser(db: Db, user: SearchableUser): Promise<void> {
  await search.removeEntry(db, user);
  await search.adjustGramCounts(db, shortGrams(user.name, user.email), -1);
}

async function gramCount(db: Db, gram: string): Promise<number> {
  const [row] = await db.select({ n: userSearchGrams.users }).from(userSearchGrams).where(eq(userSearchGrams.gram, gram));
  return row?.n ?? 0;
}

/** The number of users, from the gram counts. */
export const countAllUsers = (db: Db) => gramCount(db, EVERY_USER);

const escapeLike = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

export interface SearchCondition {
  /** Holds for the users whose name or email contains the fragment, driven from an index where one fits. */
  matches: SQL;
  /**
   * The same condition checked row by row, for walking the sort index and stopping after a page:
   * the better plan when the matches are dense.
   */
  matchesWhileWalking: SQL;
  /**
   * Indexed fragments only: the index's matches, held as a set that a walk of the sort index probes
   * entry by entry, reading no row. Building the set reads every match once; passing an entry costs
   * far less than checking a row, so this is the walk that may pass many users.
   */
  probedWhileWalking?: SQL;
  /**
   * The matches found without walking any sort index, to be sorted: through the index, or for a
   * fragment too short for it, in one pass over every user. (A planner given `matches` for a short
   * fragment may walk a sort index instead, reading a row for each user it passes.)
   */
  matchesToSort: SQL;
  /** Whether `matches` is driven from an index; if not, finding the matches means checking every user. */
  indexed: boolean;
  /**
   * How many users match, read from an index; counting stops past `atMost`. Without `atMost`, a
   * fragment of 3+ characters may answer the count kept from an earlier call, while no write of a
   * user can have changed it since (kept-counts.ts, decision 036).
   */
  count(db: Db, atMost?: number): Promise<number>;
}

// No database can be asked about a fragment holding U+0000: SQLite reads an FTS5 query and a LIKE
// pattern as C strings (the phrase no longer parses, the pattern is cut short) and PostgreSQL
// refuses it in text (22021). PostgreSQL's search_text joins the name and the email with a newline,
// which a fragment holding one could match across. The input rule refuses every control character
// (shared/text.ts), and so no name or email can be written with one: such a fragment, from
// whichever caller, matches nobody.
const nobody = sql`1 = 0`;
const MATCHES_NOBODY: SearchCondition = {
  matches: nobody,
  matchesWhileWalking: nobody,
  matchesToSort: nobody,
  indexed: false,
  count: () => Promise.resolve(0),
};

/**
 * `fragment` as a substring of the name or the email, ASCII letters in either case, taken
 * literally (% _ and quotes are plain characters). The index and the gram counts fold case
 * exactly as the row-by-row check does, so each form below matches the same users.
 */
export function searchCondition(fragment: string): SearchCondition {
  if (hasControlCharacter(fragment)) return MATCHES_NOBODY;
  const folded = foldAscii(fragment);
  const literal = { folded, pattern: `%${escapeLike(folded)}%` };
  const containing = search.containing(literal);
  if ([...fragment].length >= MIN_INDEXED_FRAGMENT) {
    const { matches, probed, count } = search.indexed(literal);
    return {
      matches,
      matchesWhileWalking: containing,
      probedWhileWalking: probed,
      matchesToSort: matches,
      indexed: true,
      count,
    };
  }
  // One or two characters, too short for trigrams: the count comes from the gram table; the rows
  // are found by checking them (on PostgreSQL, perhaps only those the letters index holds).
  const short = search.short?.(literal) ?? containing;
  return {
    matches: short,
    matchesWhileWalking: containing,
    matchesToSort: sql`${searchKey} in (select ${searchKey} from ${users} where ${short})`,
    indexed: false,
    count: async (db, atMost = Infinity) => Math.min(await gramCount(db, folded), atMost),
  };
}
