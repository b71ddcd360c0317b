// The stored result of the last scan of a base path.
import { eq } from 'drizzle-orm';
import type { Db } from '../db/client';
import { mediaScans } from '../db/schema';

export interface ScanRecord {
  timestamp: string;
  discoveries: { total: number; images: number; videos: number; audio: number };
}

export function saveScan(db: Db, basePath: string, counts: { images: number; videos: number; audio: number }, at = Date.now()): ScanRecord {
  const row = { basePath, scannedAt: at, ...counts };
  db.insert(mediaScans).values(row).onConflictDoUpdate({ target: mediaScans.basePath, set: row }).run();
  return toRecord(row);
}

export function lastScan(db: Db, basePath: string): ScanRecord | null {
  const row = db.select().from(mediaScans).where(eq(mediaScans.basePath, basePath)).get();
  return row ? toRecord(row) : null;
}

function toRecord(row: typeof mediaScans.$inferSelect): ScanRecord {
  const { images, videos, audio } = row;
  return { timestamp: new Date(row.scannedAt).toISOString(), discoveries: { total: images + videos + audio, images, videos, audio } };
}
