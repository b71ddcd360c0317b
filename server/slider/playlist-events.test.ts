// A playlist write tells every process of its change itself, once its transaction has committed,
// and a change that is refused or rolled back tells no one: on a real SQLite file and the
// in-memory event bus.
import { copyFileSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, inject, it } from 'vitest';
import { openDatabase, type SqliteHandle, type Tx } from '../db/client';
import { playlists } from '../db/schema';
import { commitThenPublish, type PendingEvents } from '../events/after-commit';
import type { EventBus } from '../events/event-bus';
import { MemoryEventBus } from '../events/memory-event-bus';
import { readSliderConfig, writeSliderConfig } from './config-data';
import { createPlaylist, deletePlaylist, findPlaylist, updatePlaylist } from './playlist-data';

const MEDIA_ROOT = '/srv/media';

let dir: string;
let db: SqliteHandle;
let events: MemoryEventBus;
/** What the subscriber saw: the playlist's name as the database had it when the event came. */
let seen: Array<string | undefined>;
let playlistId: string;

beforeEach(async () => {
  dir = mkdtempSync(path.join(tmpdir(), 'qc-events-'));
  copyFileSync(inject('templateDb'), path.join(dir, 'app.db'));
  db = openDatabase(path.join(dir, 'app.db'));
  events = new MemoryEventBus();
  playlistId = (await createPlaylist(db.db, 'Dawn', {}))._id;
  seen = [];
  // Read at once, as the event comes (SQLite's driver answers synchronously).
  events.subscribe('slider-data-changed', () => {
    seen.push(db.db.select({ name: playlists.name }).from(playlists).where(eq(playlists.id, playlistId)).get()?.name);
  });
});
afterEach(async () => {
  await events.close();
  db.close();
  rmSync(dir, { recursive: true, force: true });
});

const deps = () => ({ db: db.db, events });
const rename = (tx: Tx, pending: PendingEvents, id: string) => updatePlaylist(tx, pending, id, { name: 'Dusk' });

// A data function takes its transaction's pending events, never the bus itself, which would
// publish before the commit: `npm run typecheck` fails the day this call is allowed (never run).
// @ts-expect-error the bus does not stand in for a transaction's pending events
const _publishingAtOnce = (tx: Tx, bus: EventBus) => updatePlaylist(tx, bus, 'id', { name: 'x' });

describe('a playlist change and the event that says so', () => {
  it('a successful update publishes once, after its commit', async () => {
    await commitThenPublish(deps(), (tx, pending) => rename(tx, pending, playlistId));
    expect(seen).toEqual(['Dusk']);
  });

  it('an update of a playlist that does not exist publishes nothing', async () => {
    expect(await commitThenPublish(deps(), (tx, pending) => rename(tx, pending, 'no-such-playlist'))).toBeUndefined();
    expect(seen).toEqual([]);
  });

  it('a change refused after its write is rolled back and publishes nothing', async () => {
    const refused = commitThenPublish(deps(), async (tx, pending) => {
      await rename(tx, pending, playlistId);
      throw new Error('refused');
    });
    await expect(refused).rejects.toThrow('refused');
    expect(seen).toEqual([]);
    expect((await findPlaylist(db.db, playlistId))?.name).toBe('Dawn');
  });

  it('deleting the active playlist, two writes, publishes once', async () => {
    await commitThenPublish(deps(), async (tx, pending) =>
      writeSliderConfig(tx, pending, { ...(await readSliderConfig(tx, MEDIA_ROOT)), activePlaylist: playlistId }),
    );
    seen = [];
    const deleted = await commitThenPublish(deps(), (tx, pending) => deletePlaylist(tx, pending, playlistId, MEDIA_ROOT));
    expect(deleted?.wasActive).toBe(true);
    expect(seen).toEqual([undefined]);
    expect((await readSliderConfig(db.db, MEDIA_ROOT)).activePlaylist).toBe('');
  });
});
