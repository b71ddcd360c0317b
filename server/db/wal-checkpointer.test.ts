// The site database's WAL checkpoints, in a worker thread of their own (decision 035): real files,
// the better-sqlite3 the server uses, the thread made to die.
import { spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, beforeEach, expect, it, vi } from 'vitest';
import { openDatabase, openSiteDatabase } from './client';
import type { SqliteDatabase } from './sqlite-driver';
import { AUTOCHECKPOINT_PAGES, startWalCheckpointer } from './wal-checkpointer';

let dir: string;
let file: string;
beforeEach(() => {
  dir = mkdtempSync(path.join(tmpdir(), 'qc-wal-'));
  file = path.join(dir, 'app.db');
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

/**
 * The WAL's frames and how many of them are copied back into the database, read from the
 * wal-index (the -shm file SQLite maps into memory; its header's mxFrame at byte 16, the
 * checkpoint's nBackfill at byte 96, both native-endian) without checkpointing anything itself.
 */
function walIndex(): { frames: number; backfilled: number } {
  const shm = readFileSync(`${file}-shm`);
  return { frames: shm.readUInt32LE(16), backfilled: shm.readUInt32LE(96) };
}

const autocheckpoint = (sqlite: SqliteDatabase) => sqlite.pragma('wal_autocheckpoint', { simple: true });

/** 200 commits of a 3 kB row each: a few hundred WAL frames. */
function writeRound(sqlite: SqliteDatabase) {
  sqlite.exec('create table if not exists scratch (id integer primary key, body blob not null)');
  const insert = sqlite.prepare('insert into scratch (body) values (?)');
  for (let i = 0; i < 200; i++) insert.run(randomBytes(3000));
}

const allCheckpointed = () =>
  vi.waitFor(
    () => {
      const { frames, backfilled } = walIndex();
      expect(frames).toBeGreaterThan(0);
      expect(backfilled).toBe(frames);
    },
    { timeout: 10_000, interval: 20 },
  );

it("checkpoints the site database's WAL in its thread, never in a commit, and the WAL starts over", async () => {
  const onCheckpointerError = vi.fn();
  const site = await openSiteDatabase({ dialect: 'sqlite', file }, { onCheckpointerError });
  const main = site.db.$client;
  expect(autocheckpoint(main)).toBe(0);
  const framesPerRound: number[] = [];
  for (let round = 0; round < 5; round++) {
    writeRound(main);
    framesPerRound.push(walIndex().frames);
    await allCheckpointed();
  }
  // Copied back whole, the WAL is written again from its first frame: each round's frames, not the sum.
  expect(framesPerRound[0]).toBeGreaterThan(400);
  for (const frames of framesPerRound) expect(frames).toBeLessThan(framesPerRound[0]! * 1.5);
  await site.close();
  // The thread's connection is closed too: the main one was the last, and took the WAL with it.
  expect(existsSync(`${file}-wal`)).toBe(false);
  expect(onCheckpointerError).not.toHaveBeenCalled();
});

it('leaves the checkpoints of the CLI tools and tests that open the file directly to SQLite', () => {
  const handle = openDatabase(file);
  expect(autocheckpoint(handle.sqlite)).toBe(AUTOCHECKPOINT_PAGES);
  handle.close();
});

it('two site databases on one file both checkpoint, neither reports the other busy', async () => {
  const onCheckpointerError = vi.fn();
  const first = await openSiteDatabase({ dialect: 'sqlite', file }, { onCheckpointerError });
  const second = await openSiteDatabase({ dialect: 'sqlite', file }, { onCheckpointerError });
  for (let round = 0; round < 3; round++) {
    writeRound(first.db.$client);
    writeRound(second.db.$client);
  }
  await allCheckpointed();
  expect(second.db.$client.prepare('select count(*) as n from scratch').get()).toEqual({ n: 1200 });
  await first.close();
  await second.close();
  expect(onCheckpointerError).not.toHaveBeenCalled();
});

it('when the thread dies, says so once and the main connection checkpoints in its commits again', async () => {
  const handle = openDatabase(file);
  const onError = vi.fn();
  const checkpointer = startWalCheckpointer(handle.sqlite, file, { onError, everyMs: 3_600_000 });
  expect(autocheckpoint(handle.sqlite)).toBe(0);
  await checkpointer.thread.terminate();
  await vi.waitFor(() => expect(onError).toHaveBeenCalledTimes(1));
  expect(String(onError.mock.calls[0]![0])).toMatch(/WAL checkpoint thread ended/);
  expect(autocheckpoint(handle.sqlite)).toBe(AUTOCHECKPOINT_PAGES);
  // SQLite's own checkpoint, in the commit that passes 1,000 frames; the WAL starts over after it.
  let largest = 0;
  for (let round = 0; round < 6; round++) {
    writeRound(handle.sqlite);
    largest = Math.max(largest, walIndex().frames);
  }
  expect(largest).toBeGreaterThan(400);
  expect(largest).toBeLessThan(AUTOCHECKPOINT_PAGES + largest / 2);
  expect(walIndex().frames).toBeLessThan(AUTOCHECKPOINT_PAGES + 1);
  await checkpointer.stop();
  expect(onError).toHaveBeenCalledTimes(1);
  handle.close();
});

it('stop checkpoints one last time, ends the thread and hands the checkpoints back', async () => {
  const handle = openDatabase(file);
  const onError = vi.fn();
  // A timer that never fires here: only the last checkpoint can copy the WAL back.
  const checkpointer = startWalCheckpointer(handle.sqlite, file, { onError, everyMs: 3_600_000 });
  writeRound(handle.sqlite);
  const before = walIndex();
  expect(before.backfilled).toBe(0);
  await checkpointer.stop();
  expect(walIndex()).toEqual({ frames: before.frames, backfilled: before.frames });
  expect(checkpointer.thread.threadId).toBe(-1);
  expect(autocheckpoint(handle.sqlite)).toBe(AUTOCHECKPOINT_PAGES);
  await checkpointer.stop();
  expect(onError).not.toHaveBeenCalled();
  handle.close();
});

it('a thread that cannot open the file is reported, and the main connection keeps its checkpoints', async () => {
  const handle = openDatabase(file);
  const onError = vi.fn();
  const checkpointer = startWalCheckpointer(handle.sqlite, path.join(dir, 'missing.db'), { onError });
  await vi.waitFor(() => expect(onError).toHaveBeenCalledTimes(1));
  expect(String(onError.mock.calls[0]![0])).toMatch(/unable to open database file/);
  expect(autocheckpoint(handle.sqlite)).toBe(AUTOCHECKPOINT_PAGES);
  await checkpointer.stop();
  expect(onError).toHaveBeenCalledTimes(1);
  handle.close();
});

it("neither keeps a process alive nor lets it end before the site database's close has finished", () => {
  const client = fileURLToPath(new URL('./client.ts', import.meta.url));
  const script = path.join(dir, 'site-process.mts');
  writeFileSync(
    script,
    `import { openSiteDatabase } from ${JSON.stringify(client)};
    const onCheckpointerError = (error: Error) => console.log(error.message);
    const site = await openSiteDatabase({ dialect: 'sqlite', file: ${JSON.stringify(file)} }, { onCheckpointerError });
    await site.close();
    console.log('closed');
    await openSiteDatabase({ dialect: 'sqlite', file: ${JSON.stringify(file)} }, { onCheckpointerError });
    console.log('left open');
    `,
  );
  const tsx = createRequire(import.meta.url).resolve('tsx');
  const run = spawnSync(process.execPath, ['--import', tsx, script], { encoding: 'utf8', timeout: 15_000 });
  expect(run.stderr).toBe('');
  expect(run.stdout).toBe('closed\nleft open\n');
  expect(run.status).toBe(0);
});
