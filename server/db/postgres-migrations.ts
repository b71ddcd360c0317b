// Applies the migrations of drizzle-pg/ to a PostgreSQL database: at the site's start
// (postgres-client.ts) and before db:copy fills a new database (copy-to-postgres.ts).
import { drizzle } from 'drizzle-orm/node-postgres';
import { migrate } from 'drizzle-orm/node-postgres/migrator';
import type pg from 'pg';
import { pgMigrationsDir } from '../paths';

// Any number of the site's processes may start at once on a new database: the first to take this
// lock applies the migrations, the others then find nothing left to apply.
const MIGRATION_LOCK = 7_202_611;

/** How many migrations the database has had applied (drizzle's own table; none on a new database). */
async function appliedMigrations(client: pg.Client | pg.PoolClient): Promise<number> {
  // Two statements: PostgreSQL resolves every table a statement names before running any of it.
  const { rows } = await client.query<{ found: boolean }>(`select to_regclass('drizzle.__drizzle_migrations') is not null as found`);
  if (!rows[0]!.found) return 0;
  const counted = await client.query<{ n: number }>('select count(*)::int as n from drizzle.__drizzle_migrations');
  return counted.rows[0]!.n;
}

export async function applyPostgresMigrations(client: pg.Client | pg.PoolClient): Promise<void> {
  await client.query('select pg_advisory_lock($1)', [MIGRATION_LOCK]);
  try {
    const before = await appliedMigrations(client);
    await migrate(drizzle(client), { migrationsFolder: pgMigrationsDir });
    // An upgrade's migration may rewrite a table (drizzle-pg/0009 adds a generated column to
    // users): the new table has no statistics, so the planner guesses, and no visibility map, so
    // an index-only scan reads every row from the table after all, until autovacuum comes by, which
    // a rewrite does not prompt. VACUUM cannot run inside the migrations' transaction: it runs here,
    // before the site serves, once per upgrade, skipping the pages it finds all-visible already
    // (decision 004). A new database has nothing to vacuum.
    if (before > 0 && (await appliedMigrations(client)) > before) await client.query('vacuum (analyze)');
  } finally {
    await client.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK]);
  }
}
