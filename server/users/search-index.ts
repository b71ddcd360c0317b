// The users_search FTS5 index (drizzle/0002_users_search.sql): the one place that speaks its raw
// SQL. Writers call these inside the transaction that changes the user row, so the index never
// disagrees with the table.
import { sql, type SQL } from 'drizzle-orm';
import type { Db } from '../db/client';
import { users } from '../db/schema';

/** Trigram tokens: fragments shorter than this cannot use the index. */
export const MIN_INDEXED_FRAGMENT = 3;

export function indexUser(db: Db, rowid: number, name: string, email: string): void {
  db.run(sql`insert into users_search (rowid, name, email) values (${rowid}, ${name}, ${email})`);
}

export function unindexUser(db: Db, rowid: number): void {
  db.run(sql`delete from users_search where rowid = ${rowid}`);
}

const escapeLike = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

/**
 * A condition on `users` that holds when `fragment` is a case-insensitive substring of the name or
 * the email, taken literally (% _ and quotes are plain characters).
 */
export function userMatches(fragment: string): SQL {
  if ([...fragment].length >= MIN_INDEXED_FRAGMENT) {
    // An FTS5 string in double quotes is one phrase, which the trigram tokenizer matches as a substring.
    const phrase = `"${fragment.replace(/"/g, '""')}"`;
    return sql`${users}.rowid in (select rowid from users_search where users_search match ${phrase})`;
  }
  // One or two characters: too short for trigrams. Case-insensitive LIKE over both columns.
  const pattern = `%${escapeLike(fragment)}%`;
  return sql`(${users.name} like ${pattern} escape '\\' or ${users.email} like ${pattern} escape '\\')`;
}
