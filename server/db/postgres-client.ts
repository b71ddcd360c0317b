// Opens the site's PostgreSQL database (DATABASE_URL=postgres://…): a pool of connections, and the
// migrations of drizzle-pg/ applied at start. Loaded only on PostgreSQL, so an SQLite site never
// loads the driver.
import { drizzle } from 'drizzle-orm/node-postgres';
import { migrate } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import { pgMigrationsDir } from '../paths';
import type { Db } from './client';
import { assertDialect } from './client';
import { schema } from './schema';

// Any number of the site's processes may start at once on a new database: the first to take this
// lock applies the migrations, the others then find nothing left to apply.
const MIGRATION_LOCK = 7_202_611;

async function applyMigrations(pool: pg.Pool): Promise<void> {
  const client = await pool.connect();
  try {
    await client.query('select pg_advisory_lock($1)', [MIGRATION_LOCK]);
    try {
      await migrate(drizzle(client), { migrationsFolder: pgMigrationsDir });
    } finally {
      await client.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK]);
    }
  } finally {
    client.release();
  }
}

export interface PostgresOptions {
  /** Connections in the pool. */
  max?: number;
  /** Told when an idle connection breaks (the server restarted, say); the pool opens another for the next query. */
  onIdleError?: (error: Error) => void;
}

export async function openPostgres(url: string, options: PostgresOptions = {}): Promise<{ db: Db; close(): Promise<void> }> {
  assertDialect('postgres');
  const pool = new pg.Pool({ connectionString: url, max: options.max ?? 10 });
  // Without a listener, a broken idle connection would end the process.
  pool.on('error', (error) => options.onIdleError?.(error));
  try {
    await applyMigrations(pool);
  } catch (error) {
    await pool.end();
    throw error;
  }
  const db = drizzle(pool, { schema });
  let ended: Promise<void> | undefined;
  return { db: db as unknown as Db, close: () => (ended ??= pool.end()) };
}
