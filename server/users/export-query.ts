// One batch of the member export (CONTRACT §3 "Operators"): the users matching the list's search,
// in the list's order, after a position. A batch walks past at most `limit` users of the sort
// index, whatever the search, so no batch holds the event loop for long, memory holds one batch,
// and the batches of a whole export walk the index once (no OFFSET to skip again and again).
import { and, type SQL } from 'drizzle-orm';
import type { ExportBatchInput } from '../../shared/user-schemas';
import type { Db } from '../db/client';
import { users } from '../db/schema';
import { publicColumns, toPublicUser, type PublicUser } from './data';
import { searchCondition } from './search-index';
import { afterPosition, positionColumns, upToPosition, userOrder, type UserPosition } from './user-order';

export interface ExportBatch {
  users: PublicUser[];
  /** Where the next batch goes on from; null when this one reached the end. */
  next: UserPosition | null;
}

export function exportBatch(db: Db, input: ExportBatchInput): ExportBatch {
  const { sortBy, sortOrder, after, limit } = input;
  const fragment = input.search.trim();
  const search = fragment ? searchCondition(fragment) : undefined;
  const order = userOrder(sortBy, sortOrder);
  const usersWhere = (where: SQL | undefined) =>
    db.select(publicColumns).from(users).where(where).orderBy(...order).all().map(toPublicUser);

  // A search that few users match (the usual reason to search before exporting) reads them at
  // once from the trigram index instead of walking every user to find them.
  if (!after && search?.indexed && search.count(db, limit + 1) <= limit) {
    return { users: usersWhere(search.matches), next: null };
  }
  const from = after && afterPosition(sortBy, sortOrder, after);
  // The last user this batch walks past: found in the sort index alone. None: the rest is shorter
  // than a batch, and this batch reaches the end.
  const last = db
    .select(positionColumns(sortBy))
    .from(users)
    .where(from)
    .orderBy(...order)
    .limit(1)
    .offset(limit - 1)
    .get() as UserPosition | undefined;
  return {
    users: usersWhere(and(from, last && upToPosition(sortBy, sortOrder, last), search?.matchesWhileWalking)),
    next: last ?? null,
  };
}
