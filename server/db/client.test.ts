// Opening the database file: two processes that start at once on a new install both come up.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Worker } from 'node:worker_threads';
import { afterEach, beforeEach, expect, it } from 'vitest';
import { openDatabase } from './client';
import { sqliteDriverPackage } from './sqlite-driver';

let dir: string;
beforeEach(() => {
  dir = mkdtempSync(path.join(tmpdir(), 'qc-db-'));
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

// The other process, in a thread of its own: it has read "nothing applied" like us, holds the write
// lock, and applies every migration while we wait for that lock, the way drizzle's migrator does.
const OTHER_PROCESS = `
const { parentPort, workerData } = require('node:worker_threads');
const Database = require(workerData.betterSqlite3);
const { readMigrationFiles } = require(workerData.migrator);
const sqlite = new Database(workerData.file);
sqlite.pragma('journal_mode = WAL');
sqlite.exec('CREATE TABLE IF NOT EXISTS "__drizzle_migrations" (id SERIAL PRIMARY KEY, hash text NOT NULL, created_at numeric)');
sqlite.exec('BEGIN IMMEDIATE');
parentPort.postMessage('holding the write lock');
Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 1000);
const insert = sqlite.prepare('INSERT INTO "__drizzle_migrations" ("hash", "created_at") VALUES (?, ?)');
for (const migration of readMigrationFiles({ migrationsFolder: workerData.migrations })) {
  for (const statement of migration.sql) sqlite.exec(statement);
  insert.run(migration.hash, migration.folderMillis);
}
sqlite.exec('COMMIT');
sqlite.close();
parentPort.postMessage('done');
`;

it('comes up when another process applies the same migrations at the same moment', async () => {
  const file = path.join(dir, 'app.db');
  const worker = new Worker(OTHER_PROCESS, {
    eval: true,
    workerData: {
      file,
      betterSqlite3: require.resolve(sqliteDriverPackage()),
      migrator: require.resolve('drizzle-orm/migrator'),
      migrations: path.resolve('drizzle'),
    },
  });
  const messages: string[] = [];
  const done = new Promise<void>((resolve, reject) => {
    worker.on('message', (message: string) => {
      messages.push(message);
      if (message === 'done') resolve();
    });
    worker.on('error', reject);
  });
  await new Promise<void>((resolve) => worker.once('message', () => resolve()));

  const handle = openDatabase(file);
  await done;
  expect(messages).toEqual(['holding the write lock', 'done']);
  const applied = handle.sqlite.prepare('select count(*) as n from __drizzle_migrations').get() as { n: number };
  expect(applied.n).toBeGreaterThan(0);
  expect(handle.sqlite.prepare('select count(*) as n from users').get()).toEqual({ n: 0 });
  handle.close();
  await worker.terminate();
});
