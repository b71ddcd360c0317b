// Text compared without regard to ASCII case, as the name index of either schema is built: SQLite's
// NOCASE collation, PostgreSQL's lower() of "C" text (which folds ASCII letters only). Both order
// the folded bytes, so the two databases list names in the same order.
import { sql, type Column, type Placeholder, type SQL } from 'drizzle-orm';
import { dialect } from './dialect';

/** The column as the caseless index orders it, for ORDER BY. */
export const caselessOrder = (column: Column): SQL => (dialect === 'postgres' ? sql`lower(${column})` : sql`${column} collate nocase`);

/**
 * The two sides of a caseless comparison of the column with a value, each as the index can use
 * it: SQLite takes the collation from the value's side (a COLLATE on the column's side keeps it
 * from using the index), PostgreSQL needs the indexed expression itself.
 */
export function caselessSides(column: Column, value: Placeholder | string | number): [SQL, SQL] {
  return dialect === 'postgres' ? [sql`lower(${column})`, sql`lower(${value})`] : [sql`${column}`, sql`${value} collate nocase`];
}
