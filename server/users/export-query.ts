// One batch of the member export (CONTRACT §3 "Operators"): the users matching the list's search,
// in the list's order, after a position. A batch walks past at most `limit` users of the sort
// index, whatever the search, so no batch holds the event loop for long, memory holds one batch,
// and the batches of a whole export walk the index once (no OFFSET to skip again and again).
import { and, sql, type SQL } from 'drizzle-orm';
import type { MembershipTier, Role, SortOrder, UserSortField, UserStatus } from '../../shared/constants';
import type { ExportBatchInput } from '../../shared/user-schemas';
import type { Db } from '../db/client';
import { preparedPerDatabase } from '../db/prepared';
import { rowArrays } from '../db/row-arrays';
import { isoTime } from '../lib/iso-time';
import { users } from '../db/schema';
import { exportedColumns } from './data';
import { searchCondition } from './search-index';
import { afterPosition, positionColumns, upToPosition, userOrder, type UserPosition } from './user-order';

/** A user as one record of the file, in the order of USERS_EXPORT_COLUMNS; createdAt in ISO 8601 as every answer gives it. */
export type ExportRow = [id: string, name: string, email: string, role: Role, membershipTier: MembershipTier, status: UserStatus, createdAt: string];

// In the order of USERS_EXPORT_COLUMNS: the driver's arrays are the rows.
const exportColumns = exportedColumns;
// Where each column stands in a row: a batch's last row is where the next one starts.
const columnIndex = Object.fromEntries(Object.keys(exportColumns).map((key, index) => [key, index])) as Record<keyof typeof exportColumns, number>;
const CREATED_AT = columnIndex.createdAt;

type WalkShape = `${UserSortField} ${SortOrder} ${'from the start' | 'after'}`;

/**
 * A batch of every user in one order, from the start or after a position: prepared once per
 * database and shape, as a million users are a thousand batches (decision 010).
 */
const walkStatement = preparedPerDatabase((db, shape: WalkShape) => {
  const [sortBy, sortOrder] = shape.split(' ') as [UserSortField, SortOrder];
  const after = shape.endsWith(' after') ? afterPosition(sortBy, sortOrder, { sortValue: sql.placeholder('sortValue'), id: sql.placeholder('id') }) : undefined;
  return db
    .select(exportColumns)
    .from(users)
    .where(after)
    .orderBy(...userOrder(sortBy, sortOrder))
    .limit(sql.placeholder('limit'))
    .prepare();
});

export interface ExportBatch {
  rows: ExportRow[];
  /** Where the next batch goes on from; null when this one reached the end. */
  next: UserPosition | null;
}

export async function exportBatch(db: Db, input: ExportBatchInput): Promise<ExportBatch> {
  const { sortBy, sortOrder, after, limit } = input;
  const fragment = input.search.trim();
  const search = fragment ? searchCondition(fragment) : undefined;
  const order = userOrder(sortBy, sortOrder);
  // The driver's own arrays, changed in place, and no object per user: a million users' objects,
  // each alive for a whole batch, teach V8 to allocate them straight into the old generation,
  // which then grows by a hundred MiB before a full collection (decision 010).
  const rowsWhere = (where: SQL | undefined) =>
    rowArrays(
      db
        .select(exportColumns)
        .from(users)
        .where(where)
        .orderBy(...order),
    );
  const asExportRows = (rows: unknown[][]) => {
    for (const row of rows) row[CREATED_AT] = isoTime(row[CREATED_AT] as number);
    return rows as ExportRow[];
  };
  const from = after && afterPosition(sortBy, sortOrder, after);

  // Every user: one walk of the sort index, and the batch's last row says where the next begins.
  if (!search) {
    const walk = walkStatement(db, `${sortBy} ${sortOrder} ${after ? 'after' : 'from the start'}`);
    const rows = await rowArrays(walk, { limit, ...after });
    const last = rows.length === limit ? rows[limit - 1]! : undefined;
    const next = last ? { sortValue: last[columnIndex[sortBy]] as string | number, id: last[columnIndex.id] as string } : null;
    return { rows: asExportRows(rows), next };
  }

  // A search that few users match (the usual reason to search before exporting) reads them at
  // once from the trigram index instead of walking every user to find them.
  if (!after && search.indexed && (await search.count(db, limit + 1)) <= limit) {
    return { rows: asExportRows(await rowsWhere(search.matches)), next: null };
  }
  // The last user this batch walks past: found in the sort index alone. None: the rest is shorter
  // than a batch, and this batch reaches the end.
  const [last]: UserPosition[] = await db
    .select(positionColumns(sortBy))
    .from(users)
    .where(from)
    .orderBy(...order)
    .limit(1)
    .offset(limit - 1);
  return {
    rows: asExportRows(await rowsWhere(and(from, last && upToPosition(sortBy, sortOrder, last), search.matchesWhileWalking))),
    next: last ?? null,
  };
}
