// A select's rows as arrays, in the order of its columns, on either database. On SQLite they are
// the driver's own arrays: a million rows read without an object each (decision 010).
import { dialect } from './dialect';

/** A select (a query builder or a prepared statement) of either dialect, as far as this needs it. */
interface RowsQuery {
  values(placeholders?: Record<string, unknown>): unknown;
  execute(placeholders?: Record<string, unknown>): unknown;
}

export async function rowArrays(query: RowsQuery, placeholders?: Record<string, unknown>): Promise<unknown[][]> {
  if (dialect === 'sqlite') return query.values(placeholders) as unknown[][];
  // node-postgres hands Drizzle arrays, which it maps to objects with the keys in the columns' order.
  const rows = (await query.execute(placeholders)) as Array<Record<string, unknown>>;
  return rows.map((row) => Object.values(row));
}
