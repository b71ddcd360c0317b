// The users' search on PostgreSQL (search-index.ts): two pg_trgm GIN indexes, on lower(name) and
// lower(email) (drizzle-pg/0001), which PostgreSQL keeps itself. The columns are "C" text, whose
// lower() folds ASCII letters only, as SQLite's LIKE does.
import { sql, type SQL } from 'drizzle-orm';
import type { NodePgDatabase } from 'drizzle-orm/node-postgres';
import type { Db } from '../db/client';
import { users } from '../db/schema';
import type { DialectSearch } from './search-index';

const onPostgres = (db: Db) => db as unknown as NodePgDatabase;

async function countOf(db: Db, query: SQL): Promise<number> {
  const { rows } = await onPostgres(db).execute<{ n: number }>(query);
  return rows[0]!.n;
}

const containing: DialectSearch['containing'] = ({ pattern }) =>
  sql`(lower(${users.name}) like ${pattern} escape '\\' or lower(${users.email}) like ${pattern} escape '\\')`;

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

  containing,

  indexed(fragment) {
    // The planner reads the same condition through the trigram indexes (a bitmap of both), or
    // walks a sort index checking it, as its statistics say: every form is the one condition.
    const matches = containing(fragment);
    return {
      matches,
      probed: matches,
      count: (db, atMost) =>
        countOf(
          db,
          atMost === undefined
            ? sql`select count(*)::int as n from ${users} where ${matches}`
            : sql`select count(*)::int as n from (select 1 from ${users} where ${matches} limit ${atMost}) as hits`,
        ),
    };
  },
};
