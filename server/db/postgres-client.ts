// Opens the site's PostgreSQL database (DATABASE_URL=postgres://…): a pool of connections, and the
// migrations of drizzle-pg/ applied at start. Loaded only on PostgreSQL, so an SQLite site never
// loads the driver.
import { drizzle } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import type { Db } from './client';
import { assertDialect } from './dialect';
import { applyPostgresMigrations } from './postgres-migrations';
import { schema } from './schema';

async function applyMigrations(pool: pg.Pool): Promise<void> {
  const client = await pool.connect();
  try {
    await applyPostgresMigrations(client);
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
