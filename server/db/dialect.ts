// Which database this process runs on, chosen once, from DATABASE_URL, before any data function
// is loaded (decision 020): the data functions are written once, and schema.ts hands them the
// tables of this dialect. A process serves one site on one database.
import { isPostgresUrl } from '../config';

export type Dialect = 'sqlite' | 'postgres';

const url = process.env.DATABASE_URL;

export const dialect: Dialect = url && isPostgresUrl(url) ? 'postgres' : 'sqlite';

/** Refuses a database of the other dialect: this process's data functions hold that one's tables. */
export function assertDialect(wanted: Dialect): void {
  if (wanted !== dialect) {
    throw new Error(
      `this process runs on ${dialect === 'postgres' ? 'PostgreSQL' : 'SQLite'} (DATABASE_URL at its start); it cannot open ${wanted === 'postgres' ? 'a PostgreSQL' : 'an SQLite'} database`,
    );
  }
}
