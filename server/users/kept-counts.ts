// A search's exact count, kept for the next page and the next sort of the same search: on a common
// fragment it is most of what a page costs (a tenth of a million users: 150 ms on PostgreSQL, 10 ms
// on SQLite). Each dialect labels a count with a version of the search index that any write which
// can change a count also changes (search-postgres.ts, search-sqlite.ts; decisions 020 and 036);
// a kept count is answered only while the version is still the one it was counted under.
import type { Db } from '../db/client';

/** What a count is labelled with, read before counting. */
export interface CountLabel {
  /** Changes whenever a write may have changed any search's count; undefined is a version too. */
  version: string | undefined;
  /** Whether a count read now may be kept: not where it may see a write still to be rolled back. */
  keep: boolean;
}

/** Searches whose count is kept, per database; the one used longest ago goes first. */
const KEPT_COUNTS = 100;
type KeptCount = { version: string | undefined; users: number };
const keptCounts = new WeakMap<Db, Map<string, KeptCount>>();

/**
 * `fragment`'s count: the one kept under `label`'s version, else `count()`, kept under it. The
 * label is read before counting, so a write landing in between leaves the kept count labelled
 * older than what it counted: it is counted again next time, never answered stale.
 */
export async function keptCount(db: Db, fragment: string, label: CountLabel, count: () => Promise<number>): Promise<number> {
  let kept = keptCounts.get(db);
  if (!kept) keptCounts.set(db, (kept = new Map()));
  const entry = kept.get(fragment);
  kept.delete(fragment);
  if (entry && entry.version === label.version) {
    kept.set(fragment, entry);
    return entry.users;
  }
  const users = await count();
  if (!label.keep) return users;
  // Newest last: the first key is the one used longest ago.
  kept.set(fragment, { version: label.version, users });
  if (kept.size > KEPT_COUNTS) kept.delete(kept.keys().next().value!);
  return users;
}
