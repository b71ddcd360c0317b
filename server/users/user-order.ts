// The order of the admin's user list (CONTRACT list rules): one sort column, then id, names
// without regard to ASCII case. The list pages through it; the export walks it batch by batch,
// continuing after a position (keyset), so both always agree on what comes after what.
import { asc, desc, sql, type Placeholder, type SQL } from 'drizzle-orm';
import type { SortOrder, UserSortField } from '../../shared/constants';
import { caselessOrder, caselessSides } from '../db/caseless';
import { dialect } from '../db/dialect';
import { users } from '../db/schema';
import { publicColumns } from './data';

/** Where the walk stands: the sort column's stored value and the id of a user. */
export interface UserPosition {
  sortValue: string | number;
  id: string;
}

/** A position, or placeholders for one, in a statement prepared once for every position. */
type PositionOrPlaceholders = { [K in keyof UserPosition]: UserPosition[K] | Placeholder };

// Each sort field is a column of publicColumns, and each such column has an index in
// server/db/schema.ts that ends in id, so ordering, paging and continuing after a position are
// walks of that index.
const sortColumn = (field: UserSortField) => publicColumns[field];

// users_name_idx is built caseless; the others use the column's own (binary) order.
const nocase = (field: UserSortField) => field === 'name';

/** The columns that make up a user's position, to select. */
export const positionColumns = (sortBy: UserSortField) => ({ sortValue: sortColumn(sortBy), id: users.id });

/** The value the list sorts by, as the sort index holds it (names caseless). */
export const sortKey = (sortBy: UserSortField): SQL => (nocase(sortBy) ? caselessOrder(sortColumn(sortBy)) : sql`${sortColumn(sortBy)}`);

/** ORDER BY terms for the list's order. */
export function userOrder(sortBy: UserSortField, sortOrder: SortOrder): SQL[] {
  const direction = sortOrder === 'asc' ? asc : desc;
  const column = sortColumn(sortBy);
  return [direction(nocase(sortBy) ? caselessOrder(column) : column), direction(users.id)];
}

/**
 * The list's order by a text column as an expression no index serves, for reading the matches and
 * sorting them: given the plain order, PostgreSQL may walk the sort index instead, reading a row per
 * user it passes. `|| ''` changes no value and keeps the column's "C" collation. SQLite's form for
 * it (SearchCondition.matchesToSort) needs no such help, and its NOCASE would not survive `||`.
 */
export function orderWithoutIndex(sortBy: 'name' | 'email', sortOrder: SortOrder): SQL[] {
  if (dialect !== 'postgres') return userOrder(sortBy, sortOrder);
  const direction = sortOrder === 'asc' ? asc : desc;
  const column = sortColumn(sortBy);
  return [direction(sql`${nocase(sortBy) ? caselessOrder(column) : column} || ''`), direction(users.id)];
}

function compareWith(sortBy: UserSortField, position: PositionOrPlaceholders, operator: '<' | '<=' | '>' | '>='): SQL {
  const [column, value] = nocase(sortBy) ? caselessSides(sortColumn(sortBy), position.sortValue) : [sql`${sortColumn(sortBy)}`, sql`${position.sortValue}`];
  return sql`(${column}, ${users.id}) ${sql.raw(operator)} (${value}, ${position.id})`;
}

/**
 * The users after `position` in the list's order. A row-value comparison, which either database
 * turns into a range of the sort index (server/db/caseless.ts for names).
 */
export const afterPosition = (sortBy: UserSortField, sortOrder: SortOrder, position: PositionOrPlaceholders) =>
  compareWith(sortBy, position, sortOrder === 'asc' ? '>' : '<');

/** The users up to and including `position` in the list's order. */
export const upToPosition = (sortBy: UserSortField, sortOrder: SortOrder, position: UserPosition) =>
  compareWith(sortBy, position, sortOrder === 'asc' ? '<=' : '>=');
