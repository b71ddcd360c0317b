// An upgrade's migrations may rewrite a table (drizzle-pg/0009 adds a generated column to users),
// which leaves it without statistics (and without a visibility map) until someone vacuums it: the users'
// search then plans from guesses and its index-only walks read every row from the table after all
// (decision 004). applyPostgresMigrations vacuums and analyzes after an upgrade, not on a new database.
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { drizzle } from 'drizzle-orm/node-postgres';
import { migrate } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startPostgres, type PostgresServer } from '../../scripts/postgres-server';
import { pgMigrationsDir } from '../paths';
import { applyPostgresMigrations } from './postgres-migrations';

let postgres: PostgresServer;
let folder: string;
beforeAll(async () => {
  postgres = await startPostgres();
  folder = mkdtempSync(path.join(tmpdir(), 'qc-migrations-'));
}, 60_000);
afterAll(async () => {
  await postgres?.stop();
  rmSync(folder, { recursive: true, force: true });
});

/** drizzle-pg/ as it was before its last migration: what the site ran before this upgrade. */
function migrationsBeforeTheLast(): string {
  const older = path.join(folder, 'drizzle-pg');
  cpSync(pgMigrationsDir, older, { recursive: true });
  const journalFile = path.join(older, 'meta', '_journal.json');
  const journal = JSON.parse(readFileSync(journalFile, 'utf8')) as { entries: unknown[] };
  writeFileSync(journalFile, JSON.stringify({ ...journal, entries: journal.entries.slice(0, -1) }));
  return older;
}

async function withClient<T>(url: string, fn: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await fn(client);
  } finally {
    await client.end();
  }
}

// The manual VACUUM and ANALYZE only: autovacuum's own are counted apart.
const usersUpkeep = (client: pg.Client) =>
  client
    .query<{ vacuumed: boolean; analyzed: boolean; estimated: number }>(
      `select s.last_vacuum is not null as vacuumed, s.last_analyze is not null as analyzed, c.reltuples::int as estimated
       from pg_stat_user_tables s join pg_class c on c.oid = s.relid where s.relname = 'users'`,
    )
    .then(({ rows }) => rows[0]);

describe('applying the migrations', () => {
  it('vacuums and analyzes after an upgrade, so that the rewritten users table has statistics', async () => {
    const url = await postgres.createDatabase('upgraded');
    await withClient(url, async (client) => {
      await migrate(drizzle(client), { migrationsFolder: migrationsBeforeTheLast() });
      // Autovacuum kept away, so that only the upgrade can have analyzed the table.
      await client.query('alter table users set (autovacuum_enabled = false)');
      await client.query(`insert into users (id, name, email, password_hash, password_changed_at, created_at, updated_at)
        select 'u' || n, 'User ' || n, 'user' || n || '@example.com', 'h', 0, n, n from generate_series(1, 500) as n`);
      expect(await usersUpkeep(client)).toMatchObject({ vacuumed: false, analyzed: false });
      await applyPostgresMigrations(client);
      // The planner's count of the users is the statistics' own: the rewritten table's statistics are there.
      expect(await usersUpkeep(client)).toEqual({ vacuumed: true, analyzed: true, estimated: 500 });
    });
  });

  it('leaves a new database as the migrations made it, and vacuums nothing when nothing was applied', async () => {
    const url = await postgres.createDatabase('fresh');
    await withClient(url, async (client) => {
      await applyPostgresMigrations(client);
      expect(await usersUpkeep(client)).toMatchObject({ vacuumed: false, analyzed: false });
      await client.query(
        `insert into users (id, name, email, password_hash, password_changed_at, created_at, updated_at) values ('u1', 'U', 'u@example.com', 'h', 0, 1, 1)`,
      );
      await applyPostgresMigrations(client);
      expect(await usersUpkeep(client)).toMatchObject({ vacuumed: false, analyzed: false });
    });
  });
});
