// SQLite's label of a kept count (search-sqlite.ts, decision 036) must change on every write of the
// search index, and on nothing else: the site's connection checkpoints in a worker thread every
// 250 ms (decision 035) and writes sessions and audit entries all day, and a label that moved with
// those would count "mart" again on every page, as before. (kept-counts.test.ts holds the kept
// count to every writer, on both databases.)
import { copyFileSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { inject } from 'vitest';
import { openSiteDatabase, type SiteDatabase } from '../db/client';
import { insertUser } from './data';
import { searchCondition } from './search-index';

let dir: string;
let site: SiteDatabase;

beforeAll(async () => {
  dir = mkdtempSync(path.join(tmpdir(), 'qc-kept-'));
  copyFileSync(inject('templateDb'), path.join(dir, 'app.db'));
  site = await openSiteDatabase({ dialect: 'sqlite', file: path.join(dir, 'app.db') });
});
afterAll(async () => {
  await site.close();
  rmSync(dir, { recursive: true, force: true });
});

it('is kept through other writes and checkpoints, and only a write of the search index drops it', async () => {
  const { db } = site;
  for (let i = 0; i < 3; i++) await insertUser(db, { name: `Kestrel ${i}`, email: `kestrel${i}@example.com`, passwordHash: 'h' });
  const counted = () => searchCondition('kestrel').count(db);
  const inTheIndex = () => db.all<{ n: number }>(sql`select count(*) as n from users_search where users_search match '"kestrel"'`)[0]!.n;
  expect(await counted()).toBe(3);
  // Writes that leave the search alone (a change of tier or status writes the row, not the index),
  // and the worker's checkpoints of them.
  for (let i = 0; i < 4; i++) {
    db.run(sql`update users set updated_at = ${i} where name like 'Kestrel%'`);
    await new Promise((resolve) => setTimeout(resolve, 300));
  }
  // An entry written past addEntry (which nothing in the site does) shows which count answers.
  db.run(sql`insert into users_search (rowid, name, email) values (1000000, 'kestrel x', 'x@example.com')`);
  expect(inTheIndex()).toBe(4);
  expect(await counted()).toBe(3);
  // The site's own writer drops it.
  await insertUser(db, { name: 'Kestrel 3', email: 'kestrel3@example.com', passwordHash: 'h' });
  expect(await counted()).toBe(5);
});
