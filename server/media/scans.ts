// The stored result of the last scan of a base path.
import { eq } from 'drizzle-orm';
import type { Db, Tx } from '../db/client';
import type { PendingEvents } from '../events/after-commit';
import { mediaScans } from '../db/schema';

export interface ScanRecord {
  timestamp: string;
  discoveries: { total: number; images: number; videos: number; audio: number };
}

/** The scan's time is the version in the library's urls (?v=), so the public slider answer is stale once this commits. */
export async function saveScan(
  tx: Tx,
  events: PendingEvents,
  basePath: string,
  counts: { images: number; videos: number; audio: number },
  at = Date.now(),
): Promise<ScanRecord> {
  const row = { basePath, scannedAt: at, ...counts };
  await tx.insert(mediaScans).values(row).onConflictDoUpdate({ target: mediaScans.basePath, set: row });
  events.publish('slider-data-changed');
  return toRecord(row);
}

export async function lastScan(db: Db, basePath: string): Promise<ScanRecord | null> {
  const [row] = await db.select().from(mediaScans).where(eq(mediaScans.basePath, basePath));
  return row ? toRecord(row) : null;
}

function toRecord(row: typeof mediaScans.$inferSelect): ScanRecord {
  const { images, videos, audio } = row;
  return { timestamp: new Date(row.scannedAt).toISOString(), discoveries: { total: images + videos + audio, images, videos, audio } };
}
