// Applies the migrations of drizzle-pg/ to a PostgreSQL database: at the site's start
// (postgres-client.ts) and before db:copy fills a new database (copy-to-postgres.ts).
import { drizzle } from 'drizzle-orm/node-postgres';
import { migrate } from 'drizzle-orm/node-postgres/migrator';
import type pg from 'pg';
import { pgMigrationsDir } from '../paths';

// Any number of the site's processes may start at once on a new database: the first to take this
// lock applies the migrations, the others then find nothing left to apply.
const MIGRATION_LOCK = 7_202_611;

export async function applyPostgresMigrations(client: pg.Client | pg.PoolClient): Promise<void> {
  await client.query('select pg_advisory_lock($1)', [MIGRATION_LOCK]);
  try {
    await migrate(drizzle(client), { migrationsFolder: pgMigrationsDir });
  } finally {
    await client.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK]);
  }
}
