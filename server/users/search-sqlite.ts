// The users' search on SQLite (search-index.ts): users_search (drizzle/0002), an FTS5 trigram
// table keyed by the users' rowid, which the writers keep; SQLite's LIKE folds ASCII case itself.
import { sql, type SQL } from 'drizzle-orm';
import type { Db } from '../db/client';
import { gatedAnswer } from '../db/sqlite-turns';
import { users } from '../db/schema';
import { keptCount, type CountLabel } from './kept-counts';
import type { DialectSearch } from './search-dialect';

// The exact count of a common fragment reads all its FTS matches (10 ms for "mart", 65,000 of a
// million), so it is kept (kept-counts.ts) under a label that every write of users_search changes
// (decision 036):
// - the connection's own writes, counted here per connection: addEntry and removeEntry are the
//   only writers of the table (search-index.ts), and the count goes up before the write, inside
//   its transaction;
// - every other connection's, by PRAGMA data_version, which changes when another connection (a
//   second process on the file, admin:create while the site runs) commits.
// A count read while the connection is inside a transaction may see a write that is still to be
// rolled back, after which the label would be the one it was read under: it is not kept.
const indexWrites = new WeakMap<Db['$client'], number>();

function countWrite(db: Db) {
  indexWrites.set(db.$client, (indexWrites.get(db.$client) ?? 0) + 1);
}

function searchVersion(db: Db): CountLabel {
  const sqlite = db.$client;
  return { version: `${sqlite.pragma('data_version', { simple: true })}/${indexWrites.get(sqlite) ?? 0}`, keep: !sqlite.inTransaction };
}

export const sqliteSearch: DialectSearch = {
  // SQLite's implicit rowid: the FTS table's key, and the cheapest key to read a page by.
  key: sql<number>`${users}.rowid`,

  // The FTS table holds the text folded as LIKE folds, so its phrases match what LIKE would.
  async addEntry(db, { key, name, email }) {
    countWrite(db);
    await gatedAnswer(db.run(sql`insert into users_search (rowid, name, email) values (${key}, ${name}, ${email})`));
  },

  async removeEntry(db, { key }) {
    countWrite(db);
    await gatedAnswer(db.run(sql`delete from users_search where rowid = ${key}`));
  },

  async adjustGramCounts(db, grams, delta) {
    await gatedAnswer(
      db.run(sql`
        insert into user_search_grams (gram, users)
        select value, ${delta} from json_each(${JSON.stringify(grams)}) where true
        on conflict (gram) do update set users = users + ${delta}`),
    );
  },

  // SQLite plans by the shape of a query, not by how many users match: list-query.ts chooses.
  choosesPlans: false,

  containing: ({ pattern }) => sql`(${users.name} like ${pattern} escape '\\' or ${users.email} like ${pattern} escape '\\')`,

  indexed({ folded }) {
    // An FTS5 string in double quotes is one phrase, which the trigram tokenizer matches as a substring.
    // It cannot hold U+0000, which ends the query text: searchCondition keeps such a fragment away.
    const phrase = `"${folded.replace(/"/g, '""')}"`;
    const hits = sql`select rowid from users_search where users_search match ${phrase}`;
    return {
      matches: sql`${users}.rowid in (${hits})`,
      // The unary + keeps SQLite from looking rows up by the hits: it walks the sort index (which
      // holds the rowid) and probes the hits, gathered once into a list with a Bloom filter.
      probed: sql`+${users}.rowid in (${hits})`,
      // The index holds exactly one row per user: counting there skips the users table. A common
      // fragment has hundreds of thousands of hits, so a bounded count stops reading early.
      count: async (db, atMost) => {
        const countOf = async (query: SQL) => (await gatedAnswer(db.all<{ n: number }>(query)))[0]!.n;
        return atMost === undefined
          ? keptCount(db, folded, searchVersion(db), () => countOf(sql`select count(*) as n from users_search where users_search match ${phrase}`))
          : countOf(sql`select count(*) as n from (${hits} limit ${atMost})`);
      },
    };
  },
};
