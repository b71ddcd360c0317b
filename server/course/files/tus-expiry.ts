// A half-finished resumable upload is kept COURSE_UPLOAD_EXPIRY_HOURS after its last byte, then
// removed with its bytes (CONTRACT §7). FileStore's own expiry counts from the creation, which
// would cut off a long upload still going; so this sweep reads the last byte's time from the data
// file's mtime (every PATCH writes to it), hourly and at start (lib/daily-job.ts). A finished
// upload is never here for long (its last PATCH moves it), unless a crash came between: it goes
// the same way.
import { readdir, stat } from 'node:fs/promises';
import type { FastifyBaseLogger } from 'fastify';
import { startRepeating } from '../../lib/daily-job';
import type { CourseUploadStore } from './tus-store';

const HOUR_MS = 60 * 60 * 1000;
const CONFIG_SUFFIX = '.json';

const isMissing = (error: unknown) => (error as NodeJS.ErrnoException).code === 'ENOENT';

/** Removes the uploads whose last byte is older than `expiryMs` at `now`; their ids. */
export async function sweepExpiredUploads(store: CourseUploadStore, expiryMs: number, now: number, stopped: () => boolean = () => false): Promise<string[]> {
  let names: string[];
  try {
    names = await readdir(store.directory);
  } catch (error) {
    if (isMissing(error)) return [];
    throw error;
  }
  const removed: string[] = [];
  for (const name of names) {
    if (stopped()) break;
    if (!name.endsWith(CONFIG_SUFFIX)) continue;
    const id = name.slice(0, -CONFIG_SUFFIX.length);
    let lastByte: number;
    try {
      lastByte = (await stat(store.dataPath(id))).mtimeMs;
    } catch (error) {
      if (!isMissing(error)) throw error;
      // Its bytes are gone (removed between two unlinks): the metadata goes too.
      lastByte = 0;
    }
    if (now - lastByte < expiryMs) continue;
    await store.remove(id).catch(() => store.configstore.delete(id));
    removed.push(id);
  }
  return removed;
}

/** Sweeps at start and then hourly; answers the function that stops it (the app's close). */
export function startUploadExpiry(store: CourseUploadStore, expiryHours: number, log: FastifyBaseLogger, clock: () => number = Date.now) {
  return startRepeating(
    async (stopped) => {
      const removed = await sweepExpiredUploads(store, expiryHours * HOUR_MS, clock(), stopped);
      if (removed.length > 0) log.info({ uploads: removed }, 'half-finished uploads expired and were removed');
    },
    { everyMs: HOUR_MS, log, failure: 'the sweep of expired uploads failed' },
  );
}
