// The users' search on SQLite (search-index.ts): users_search (drizzle/0002), an FTS5 trigram
// table keyed by the users' rowid, which the writers keep; SQLite's LIKE folds ASCII case itself.
import { sql } from 'drizzle-orm';
import { users } from '../db/schema';
import type { DialectSearch } from './search-index';

export const sqliteSearch: DialectSearch = {
  // SQLite's implicit rowid: the FTS table's key, and the cheapest key to read a page by.
  key: sql<number>`${users}.rowid`,

  // The FTS table holds the text folded as LIKE folds, so its phrases match what LIKE would.
  async addEntry(db, { key, name, email }) {
    db.run(sql`insert into users_search (rowid, name, email) values (${key}, ${name}, ${email})`);
  },

  async removeEntry(db, { key }) {
    db.run(sql`delete from users_search where rowid = ${key}`);
  },

  async adjustGramCounts(db, grams, delta) {
    db.run(sql`
      insert into user_search_grams (gram, users)
      select value, ${delta} from json_each(${JSON.stringify(grams)}) where true
      on conflict (gram) do update set users = users + ${delta}`);
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
        const [row] = db.all<{ n: number }>(
          atMost === undefined
            ? sql`select count(*) as n from users_search where users_search match ${phrase}`
            : sql`select count(*) as n from (${hits} limit ${atMost})`,
        );
        return row!.n;
      },
    };
  },
};
