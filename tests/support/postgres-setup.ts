// The postgres project of vitest.config.ts: one throwaway PostgreSQL for the run, and a template
// database migrated once; each test app gets a database of its own copied from it (test-app.ts).
import { drizzle } from 'drizzle-orm/node-postgres';
import { migrate } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { pgMigrationsDir } from '../../server/paths';
import { startPostgres } from '../../scripts/postgres-server';

declare module 'vitest' {
  export interface ProvidedContext {
    /** The throwaway server's URL, without a database; `template` is the migrated template's name. */
    postgres: { server: string; template: string };
  }
}

export const TEMPLATE_DATABASE = 'site_template';

export default async function setup(project: TestProject) {
  const server = await startPostgres();
  const url = await server.createDatabase(TEMPLATE_DATABASE);
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await migrate(drizzle(client), { migrationsFolder: pgMigrationsDir });
  } finally {
    await client.end();
  }
  project.provide('postgres', { server: url.slice(0, url.lastIndexOf('/')), template: TEMPLATE_DATABASE });
  return () => server.stop();
}
