// No request sees another's unfinished transaction (decision 041), on SQLite and on PostgreSQL
// alike: a read made between a transaction's write and its rollback does not see the row, and a
// write made then is not undone by that rollback. On SQLite every request shares one connection,
// so this is the connection's gate; on PostgreSQL, the pool's connections and their isolation.
import { isNotNull } from 'drizzle-orm';
import { beforeEach, describe, expect, it } from 'vitest';
import { appDatabaseForFile } from '../../tests/support/test-database';
import type { Db, Tx } from './client';
import { playlists } from './schema';
import { transaction } from './transaction';

const site = appDatabaseForFile();
beforeEach(async () => {
  await site.db.delete(playlists).where(isNotNull(playlists.id));
});

const playlist = (name: string) => ({ id: name, name, items: [], images: [], videos: [], createdAt: 0, updatedAt: 0 });
const names = async (on: Db) => (await on.select({ name: playlists.name }).from(playlists).orderBy(playlists.name)).map((row) => row.name);

/** `transaction`, whose failure is looked at by the test (and is no unhandled rejection if an earlier check fails first). */
function watched<T>(running: Promise<T>): Promise<T> {
  running.catch(() => undefined);
  return running;
}

/** A promise, and what settles it. */
function signal() {
  let give!: () => void;
  const given = new Promise<void>((resolve) => (give = resolve));
  return { give, given };
}

/**
 * A transaction that writes a row, then `goesOn` and rolls back; `written` once the row is
 * written. The test's own call chain, which is not the transaction's, stands for another request.
 */
function writeThenRollBack(goesOn: (tx: Tx) => Promise<unknown>) {
  const written = signal();
  const undone = watched(
    transaction(site.db, async (tx) => {
      await tx.insert(playlists).values(playlist('uncommitted'));
      written.give();
      await goesOn(tx);
      throw new Error('undone');
    }),
  );
  return { written: written.given, undone };
}

describe("another request's unfinished transaction", () => {
  it('is not seen by a read made while it waits, between its write and its rollback', async () => {
    // Something real: the event loop turns while the transaction is open.
    const { written, undone } = writeThenRollBack(() => new Promise((resolve) => setTimeout(resolve, 20)));
    await written;
    expect(await names(site.db)).toEqual([]);
    await expect(undone).rejects.toThrow();
    expect(await names(site.db)).toEqual([]);
  });

  it('is not seen by a read made between two of its statements, when it awaits only its queries', async () => {
    const { written, undone } = writeThenRollBack(async (tx) => {
      expect(await names(tx)).toEqual(['uncommitted']);
      await tx.insert(playlists).values(playlist('uncommitted too'));
    });
    await written;
    expect(await names(site.db)).toEqual([]);
    await expect(undone).rejects.toThrow('undone');
    expect(await names(site.db)).toEqual([]);
  });

  it('does not undo a write that another request made meanwhile', async () => {
    const { written, undone } = writeThenRollBack((tx) =>
      tx
        .select()
        .from(playlists)
        .then(() => undefined),
    );
    await written;
    await site.db.insert(playlists).values(playlist('made meanwhile'));
    await expect(undone).rejects.toThrow('undone');
    expect(await names(site.db)).toEqual(['made meanwhile']);
  });

  it('is read whole by everyone once it commits, and by itself all along', async () => {
    const written = signal();
    const readsBefore: string[][] = [];
    const committed = watched(
      transaction(site.db, async (tx) => {
        await tx.insert(playlists).values(playlist('first'));
        written.give();
        expect(await names(tx)).toEqual(['first']);
        await tx.insert(playlists).values(playlist('second'));
        expect(await names(tx)).toEqual(['first', 'second']);
      }),
    );
    await written.given;
    readsBefore.push(await names(site.db));
    await committed;
    // Read right after the commit, on the same database: both rows.
    expect(await names(site.db)).toEqual(['first', 'second']);
    // Before it: none, or (PostgreSQL may run the read after the commit) both, never half.
    expect([[], ['first', 'second']]).toContainEqual(readsBefore[0]);
  });
});
