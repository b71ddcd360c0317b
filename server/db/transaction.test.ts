// The one way to write atomically (decision 019), on a real SQLite file: all or nothing, taken one
// at a time when two requests ask at once, nested as a savepoint, and refused when it waits for
// anything but its queries (another request's statements would then run inside it).
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openDatabase, type SqliteHandle } from './client';
import { playlists } from './schema';
import { transaction, TransactionWaitedError } from './transaction';

let dir: string;
let handle: SqliteHandle;

beforeEach(() => {
  dir = mkdtempSync(path.join(tmpdir(), 'qc-transaction-'));
  handle = openDatabase(path.join(dir, 'app.db'));
});
afterEach(() => {
  handle.close();
  rmSync(dir, { recursive: true, force: true });
});

const playlist = (id: string) => ({ id, name: id, items: [], images: [], videos: [], createdAt: 0, updatedAt: 0 });
const names = () => handle.sqlite.prepare('select name from playlists order by name').pluck().all();

describe('transaction', () => {
  it('commits all its writes, or none when it throws', async () => {
    await transaction(handle.db, async (tx) => {
      await tx.insert(playlists).values(playlist('a'));
      await tx.insert(playlists).values(playlist('b'));
    });
    const failing = transaction(handle.db, async (tx) => {
      await tx.insert(playlists).values(playlist('c'));
      throw new Error('refused');
    });
    await expect(failing).rejects.toThrow('refused');
    expect(names()).toEqual(['a', 'b']);
    expect(handle.sqlite.inTransaction).toBe(false);
  });

  it('takes transactions asked for at once one after another, each whole', async () => {
    const writes = Array.from({ length: 20 }, (_, i) =>
      transaction(handle.db, async (tx) => {
        await tx.insert(playlists).values(playlist(`first of ${i}`));
        await tx.insert(playlists).values(playlist(`second of ${i}`));
        if (i % 5 === 4) throw new Error(`refused ${i}`);
      }),
    );
    const outcomes = await Promise.allSettled(writes);
    expect(outcomes.filter((o) => o.status === 'rejected')).toHaveLength(4);
    expect(names()).toHaveLength(32);
  });

  it('nests as a savepoint: the inner one’s failure, caught, undoes only its own writes', async () => {
    await transaction(handle.db, async (tx) => {
      await tx.insert(playlists).values(playlist('outer'));
      const inner = transaction(tx, async (nested) => {
        await nested.insert(playlists).values(playlist('inner'));
        throw new Error('inner refused');
      });
      await expect(inner).rejects.toThrow('inner refused');
    });
    expect(names()).toEqual(['outer']);
  });

  it('rolls back one that waits for something else than its queries, and says so', async () => {
    const waiting = transaction(handle.db, async (tx) => {
      await tx.insert(playlists).values(playlist('late'));
      await new Promise((resolve) => setTimeout(resolve, 5));
    });
    await expect(waiting).rejects.toBeInstanceOf(TransactionWaitedError);
    expect(names()).toEqual([]);
    // The next one is not held up by it.
    await transaction(handle.db, (tx) => tx.insert(playlists).values(playlist('next')));
    expect(names()).toEqual(['next']);
  });

  it('refuses the statements a rolled-back one makes after its wait, instead of running them on their own', async () => {
    const waiting = transaction(handle.db, async (tx) => {
      await tx.insert(playlists).values(playlist('before the wait'));
      await new Promise((resolve) => setTimeout(resolve, 5));
      await tx.insert(playlists).values(playlist('after the wait'));
    });
    await expect(waiting).rejects.toBeInstanceOf(TransactionWaitedError);
    expect(names()).toEqual([]);
    expect(handle.sqlite.inTransaction).toBe(false);
  });

  it('lets another call chain’s statement run once one that waits on it is rolled back, instead of waiting for ever', async () => {
    let wrote!: () => void;
    const written = new Promise<void>((resolve) => (wrote = resolve));
    const outside: { read?: Promise<string[]> } = {};
    const waiting = transaction(handle.db, async (tx) => {
      await tx.insert(playlists).values(playlist('late'));
      wrote();
      await Promise.resolve();
      // A read that another call chain began while this transaction was open, held at the gate
      // until it ends: awaiting it waits for the event loop, which rolls this one back.
      await outside.read;
    });
    await written;
    outside.read = (async () => (await handle.db.select({ name: playlists.name }).from(playlists)).map((row) => row.name))();
    await expect(waiting).rejects.toBeInstanceOf(TransactionWaitedError);
    expect(await outside.read).toEqual([]);
    expect(names()).toEqual([]);
  });
});
