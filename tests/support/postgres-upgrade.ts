// An upgrade test's PostgreSQL database (the postgres project's server): a new, empty database
// of its own and a temporary folder (for the older migrations), made before the file's tests and
// gone after them. Registers its hooks: call it at the top level of a *.postgres.test.ts file.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, inject } from 'vitest';

export interface UpgradeDatabase {
  /** A connection to the database, open during the tests. */
  client: pg.Client;
  url: string;
  /** A temporary folder of the file's own. */
  dir: string;
}

export function postgresUpgradeDatabase(stem: string): UpgradeDatabase {
  const database = {} as UpgradeDatabase;
  beforeAll(async () => {
    database.dir = mkdtempSync(path.join(tmpdir(), `qc-${stem.replace(/_/g, '-')}-pg-`));
    const name = `${stem}_${process.pid}`;
    const admin = new pg.Client({ connectionString: `${inject('postgres').server}/postgres` });
    await admin.connect();
    await admin.query(`create database "${name}"`).finally(() => admin.end());
    database.url = `${inject('postgres').server}/${name}`;
    database.client = new pg.Client({ connectionString: database.url });
    await database.client.connect();
  });
  afterAll(async () => {
    await database.client?.end();
    if (database.dir) rmSync(database.dir, { recursive: true, force: true });
  });
  return database;
}
