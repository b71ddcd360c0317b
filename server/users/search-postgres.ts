// The users' search on PostgreSQL (search-index.ts): search_text, a column PostgreSQL generates
// from each user's name and email, lowered and joined by a newline (drizzle-pg/0009), with a pg_trgm
// GIN index for fragments of three characters or more and a GIN index of its letters for shorter
// ones; PostgreSQL keeps all three itself. The columns are "C" text, whose lower() folds ASCII
// letters only, as SQLite's LIKE does. The sort indexes INCLUDE the column, so a walk of one checks
// one LIKE on text already lowered, in the index, without reading the table: a fifth of what
// lower() and LIKE on two columns cost (decision 004).
import { sql, type SQL } from 'drizzle-orm';
import type { NodePgDatabase } from 'drizzle-orm/node-postgres';
import type { Db } from '../db/client';
import { readAlongIndexes } from '../db/transaction';
import { users } from '../db/schema';
import type { DialectSearch } from './search-dialect';
import { keptCount, type CountLabel } from './kept-counts';

const onPostgres = (db: Db) => db as unknown as NodePgDatabase;

async function countOf(db: Db, query: SQL): Promise<number> {
  const { rows } = await onPostgres(db).execute<{ n: number }>(query);
  return rows[0]!.n;
}

// A search's exact count reads every row the trigram indexes point at (they keep no positions, so
// each is checked again): 150 ms for a fragment a tenth of a million users have. The count is
// kept (kept-counts.ts), labelled with the xmin of the gram table's "every user" row, which adding
// or deleting a user or changing a name or email updates in the same transaction (search-index.ts):
// a new xmin means a count may have changed. Another transaction's writes are not seen before
// they commit, so every count may be kept (decision 020).
async function searchVersion(db: Db): Promise<CountLabel> {
  const { rows } = await onPostgres(db).execute<{ version: string }>(sql`select xmin::text as version from user_search_grams where gram = ''`);
  return { version: rows[0]?.version, keep: true };
}

// Outside the Drizzle schema, as SQLite's FTS5 table is: no data function writes or reads it.
const searchText = sql`${users}.search_text`;

const containing: DialectSearch['containing'] = ({ pattern }) => sql`${searchText} like ${pattern} escape '\\'`;

export const postgresSearch: DialectSearch = {
  key: sql<string>`${users.id}`,

  // The indexes are on the columns: nothing to add or remove beside the row itself.
  addEntry: () => Promise.resolve(),
  removeEntry: () => Promise.resolve(),

  async adjustGramCounts(db, grams, delta) {
    // In the order given (sorted): two writers lock the rows they share in the same order, so they
    // wait for each other rather than deadlock.
    await onPostgres(db).execute(sql`
      insert into user_search_grams (gram, users)
      select gram, ${delta}::int from json_array_elements_text(${JSON.stringify(grams)}::json) with ordinality as g(gram, n) order by n
      on conflict (gram) do update set users = user_search_grams.users + excluded.users`);
  },

  choosesPlans: true,

  alongIndexes: readAlongIndexes,

  containing,

  // The users who have every letter of the fragment, through the letters index, and then the
  // fragment itself. The planner reads the letters index where its statistics say the letters
  // are rare ("q": a hundred users of a million), and otherwise walks a sort index checking the
  // LIKE first, which the letters rarely need after it.
  short: (fragment) => sql`(${containing(fragment)} and string_to_array(${searchText}, NULL) @> string_to_array(${fragment.folded}::text, NULL))`,

  indexed(fragment) {
    // The planner reads the same condition through the trigram indexes (a bitmap of both), or
    // walks a sort index checking it, as its statistics say.
    const matches = containing(fragment);
    return {
      matches,
      count: async (db, atMost) =>
        atMost === undefined
          ? keptCount(db, fragment.pattern, await searchVersion(db), () => countOf(db, sql`select count(*)::int as n from ${users} where ${matches}`))
          : countOf(db, sql`select count(*)::int as n from (select 1 from ${users} where ${matches} limit ${atMost}) as hits`),
    };
  },
};
