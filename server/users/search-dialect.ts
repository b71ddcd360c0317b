// What each dialect's file of the users' search provides (search-sqlite.ts, search-postgres.ts),
// apart from the chooser (search-index.ts), so that the dialects and the chooser both point down
// to it and never at each other.
import type { SQL } from 'drizzle-orm';
import type { Db } from '../db/client';

/** What the search keeps of a user: its key (searchKey) and the text it is found by. */
export interface SearchableUser {
  key: string | number;
  name: string;
  email: string;
}

/** A fragment made into a search by a dialect: the LIKE pattern, and the fragment folded as LIKE folds. */
export interface Fragment {
  folded: string;
  pattern: string;
}

/** What each dialect's file provides. */
export interface DialectSearch {
  /** The key of a user row that the dialect's index refers to. */
  key: SQL<string | number>;
  /** `user`'s name and email come folded (foldAscii). */
  addEntry(db: Db, user: SearchableUser): Promise<void>;
  removeEntry(db: Db, user: SearchableUser): Promise<void>;
  /** Adds `delta` to the count of each gram (the grams come sorted, so writers lock them in one order). */
  adjustGramCounts(db: Db, grams: string[], delta: 1 | -1): Promise<void>;
  /**
   * Whether the database chooses between the forms of a search itself (PostgreSQL, from its
   * statistics), so that they are one condition and the list need not choose (list-query.ts).
   */
  choosesPlans: boolean;
  /**
   * Where the database would choose its own plan for a walk the list has chosen (PostgreSQL): runs
   * `read` where the database walks the sort index as asked (list-query.ts).
   */
  alongIndexes?<T>(db: Db, read: (db: Db) => Promise<T>): Promise<T>;
  /** The name or the email contains the fragment, checked row by row. */
  containing(fragment: Fragment): SQL;
  /**
   * The same for a fragment too short for the index (1-2 characters), in a form the database may
   * also drive from an index of its own (PostgreSQL's letters index); without one, `containing`.
   */
  short?(fragment: Fragment): SQL;
  /**
   * The same, found through the index (3+ characters); where the list chooses the plan, the
   * index's matches as a set that a walk of a sort index can probe without reading any row; and
   * their count from the index.
   */
  indexed(fragment: Fragment): { matches: SQL; probed?: SQL; count(db: Db, atMost?: number): Promise<number> };
}
