// The users' search structures, and the one place that speaks their raw SQL:
// - users_search (drizzle/0002): an FTS5 trigram index, for fragments of 3+ characters;
// - user_search_grams (drizzle/0003, 0004): how many users have each 1- and 2-character fragment,
//   so that short searches know their count without reading every user.
// Writers call indexUser/unindexUser inside the transaction that changes the user row, so neither
// ever disagrees with the table.
import { eq, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../db/client';
import { userSearchGrams, users } from '../db/schema';

/** Trigram tokens: fragments shorter than this cannot use the FTS index. */
export const MIN_INDEXED_FRAGMENT = 3;

export interface SearchableUser {
  rowid: number;
  name: string;
  email: string;
}

// SQLite's LIKE and lower() fold ASCII letters only; folding the same way keeps the gram counts
// equal to what LIKE matches.
const foldAscii = (text: string) => text.replace(/[A-Z]+/g, (letters) => letters.toLowerCase());

// The empty fragment is in every user, so its count is the number of users: an O(1) total for the
// unfiltered list, where count(*) would read a whole index.
const EVERY_USER = '';

/**
 * Every distinct 1- and 2-character fragment of the name and of the email (each on its own),
 * plus the empty fragment that every user has.
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
  return [...grams];
}

function adjustGramCounts(db: Db, grams: string[], delta: 1 | -1): void {
  db.run(sql`
    insert into user_search_grams (gram, users)
    select value, ${delta} from json_each(${JSON.stringify(grams)}) where true
    on conflict (gram) do update set users = users + ${delta}`);
}

export function indexUser(db: Db, user: SearchableUser): void {
  db.run(sql`insert into users_search (rowid, name, email) values (${user.rowid}, ${foldAscii(user.name)}, ${foldAscii(user.email)})`);
  adjustGramCounts(db, shortGrams(user.name, user.email), 1);
}

/** Takes the user's entry out; `user` holds the name and email it was indexed with. */
export function unindexUser(db: Db, user: SearchableUser): void {
  db.run(sql`delete from users_search where rowid = ${user.rowid}`);
  adjustGramCounts(db, shortGrams(user.name, user.email), -1);
}

const gramCount = (db: Db, gram: string) => db.select({ n: userSearchGrams.users }).from(userSearchGrams).where(eq(userSearchGrams.gram, gram)).get()?.n ?? 0;

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
  /** Whether `matches` is driven from an index; if not, finding the matches means checking every user. */
  indexed: boolean;
  /** How many users match, read from an index; counting stops past `atMost`. */
  count(db: Db, atMost?: number): number;
}

/**
 * `fragment` as a substring of the name or the email, ASCII letters in either case, taken
 * literally (% _ and quotes are plain characters). The trigram index and the gram counts fold case
 * exactly as LIKE does, so each form below matches the same users.
 */
export function searchCondition(fragment: string): SearchCondition {
  const folded = foldAscii(fragment);
  const pattern = `%${escapeLike(folded)}%`;
  const like = sql`(${users.name} like ${pattern} escape '\\' or ${users.email} like ${pattern} escape '\\')`;
  if ([...fragment].length >= MIN_INDEXED_FRAGMENT) {
    // An FTS5 string in double quotes is one phrase, which the trigram tokenizer matches as a substring.
    const phrase = `"${folded.replace(/"/g, '""')}"`;
    const hits = sql`select rowid from users_search where users_search match ${phrase}`;
    return {
      matches: sql`${users}.rowid in (${hits})`,
      matchesWhileWalking: like,
      indexed: true,
      // The index holds exactly one row per user: counting there skips the users table. A common
      // fragment has hundreds of thousands of hits, so a bounded count stops reading early.
      count: (db, atMost) =>
        db.get<{ n: number }>(
          atMost === undefined
            ? sql`select count(*) as n from users_search where users_search match ${phrase}`
            : sql`select count(*) as n from (${hits} limit ${atMost})`,
        ).n,
    };
  }
  // One or two characters, too short for trigrams: the count comes from the gram table; the rows
  // can only be found by checking them.
  return {
    matches: like,
    matchesWhileWalking: like,
    indexed: false,
    count: (db, atMost = Infinity) => Math.min(gramCount(db, folded), atMost),
  };
}
