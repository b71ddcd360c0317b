// Playlists: ordered lists of library urls, stored exactly as sent.
import { randomUUID } from 'node:crypto';
import { asc, eq } from 'drizzle-orm';
import type { Playlist, PlaylistItem } from '../../shared/slider';
import { apiRecord } from '../db/api-record';
import type { Db, Tx } from '../db/client';
import type { PendingEvents } from '../events/after-commit';
import { playlists } from '../db/schema';
import { readSliderConfig, writeSliderConfig } from './config-data';

export interface PlaylistContent {
  items?: PlaylistItem[] | undefined;
  images?: string[] | undefined;
  videos?: string[] | undefined;
}

function toPlaylist(row: typeof playlists.$inferSelect): Playlist {
  return apiRecord<Playlist, typeof playlists.$inferSelect>(row);
}

export async function listPlaylists(db: Db): Promise<Playlist[]> {
  const rows = await db.select().from(playlists).orderBy(asc(playlists.createdAt), asc(playlists.id));
  return rows.map(toPlaylist);
}

export async function findPlaylist(db: Pick<Db, 'select'>, id: string): Promise<Playlist | undefined> {
  const [row] = await db.select().from(playlists).where(eq(playlists.id, id));
  return row && toPlaylist(row);
}

export async function createPlaylist(db: Db, name: string, content: PlaylistContent, at = Date.now()): Promise<Playlist> {
  const [row] = await db
    .insert(playlists)
    .values({ id: randomUUID(), name, items: content.items ?? [], images: content.images ?? [], videos: content.videos ?? [], createdAt: at, updatedAt: at })
    .returning();
  return toPlaylist(row!);
}

/**
 * Replaces the name and the lists that are given; the others stay. Undefined: no such playlist.
 * The playlist may be the active one, so the public slider answer is stale once this commits.
 */
export async function updatePlaylist(
  tx: Tx,
  events: PendingEvents,
  id: string,
  changes: PlaylistContent & { name?: string | undefined },
  at = Date.now(),
): Promise<Playlist | undefined> {
  const set = Object.fromEntries(Object.entries(changes).filter(([, value]) => value !== undefined));
  const [row] = await tx
    .update(playlists)
    .set({ ...set, updatedAt: at })
    .where(eq(playlists.id, id))
    .returning();
  if (!row) return undefined;
  events.publish('slider-data-changed');
  return toPlaylist(row);
}

/**
 * Deletes the playlist and, if it was the active one, clears activePlaylist, in the caller's
 * transaction. Answers what was deleted and whether it was active, or undefined if there was no
 * such playlist. The public slider answer is stale once this commits.
 */
export async function deletePlaylist(
  tx: Tx,
  events: PendingEvents,
  id: string,
  defaultBasePath: string,
): Promise<{ playlist: Playlist; wasActive: boolean } | undefined> {
  const [deleted] = await tx.delete(playlists).where(eq(playlists.id, id)).returning();
  if (!deleted) return undefined;
  const config = await readSliderConfig(tx, defaultBasePath);
  const wasActive = config.activePlaylist === id;
  if (wasActive) await writeSliderConfig(tx, events, { ...config, activePlaylist: '' });
  events.publish('slider-data-changed');
  return { playlist: toPlaylist(deleted), wasActive };
}
