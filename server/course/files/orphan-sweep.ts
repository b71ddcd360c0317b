// Files in COURSE_FILES_ROOT that no course_files row names: a crash between an upload's link and
// its commit, or between a deletion's commit and its unlink (files-disk.ts), an upload's temporary
// file left by a crash. Nothing else ever removes them, so a sweep does, at start and then daily.
//
// Only what is certainly garbage goes:
// - regular files directly in the root (never a folder, a symbolic link or what one points at; so
//   never the resumable uploads' folder, .tus/, whose uploads expire by tus-expiry.ts's rule:
//   entries are read with lstat, and unlink() removes a name, never what it points to);
// - untouched for an hour (ORPHAN_AGE_MS), by the later of the last write (mtime: an upload's
//   temporary file, written as it streams) and the last change of its names (ctime: link() moves
//   it when an upload gives a file its stored name, just before its row commits): so never a file
//   being uploaded or about to get its row;
// - and no row names, asked after the listing: a row is only ever made for a file just linked;
// - named as the site names its files ({uuid}.{ext}, {uuid}-{n}.{ext}, .upload-{uuid}): a root
//   set by mistake to a folder of other files loses none of them.
// Two processes sharing the root may sweep at once: a name already gone is not an error.
//
// In streams/ (a media file's HLS output, stream/stream-disk.ts), a folder goes when no row names
// its file (deleted while its transcode ran, or a crash after the deletion's commit), and a
// transcode's temporary folder (.tmp-…) once untouched for an hour: ffmpeg adds a segment to it
// every few seconds while it runs, and a process killed mid-transcode leaves it behind.
import type { Dirent } from 'node:fs';
import { lstat, readdir, rm, unlink } from 'node:fs/promises';
import path from 'node:path';
import { inArray } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client';
import { courseFiles } from '../../db/schema';
import { startRepeating } from '../../lib/daily-job';
import { streamsRoot, TEMP_PREFIX } from '../stream/stream-disk';

export const ORPHAN_AGE_MS = 60 * 60 * 1000;
// Well under both dialects' limits on a statement's parameters.
const NAMES_PER_QUERY = 500;

const UUID = '[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}';
/** A stored name (files-disk.ts storedNameOf, with linkUnique's -n) or an upload's temporary file. */
const SITE_FILE_NAME = new RegExp(`^(?:${UUID}(?:-\\d+)?\\.[a-z0-9]+|\\.upload-${UUID})$`, 'i');

const isMissing = (error: unknown) => (error as NodeJS.ErrnoException).code === 'ENOENT';

/** The root's regular files untouched for ORPHAN_AGE_MS at `now`. */
async function oldFiles(root: string, now: number): Promise<string[]> {
  const entries: Dirent[] = await readdir(root, { withFileTypes: true });
  const old: string[] = [];
  for (const entry of entries) {
    if (!entry.isFile() || !SITE_FILE_NAME.test(entry.name)) continue;
    try {
      const stats = await lstat(path.join(root, entry.name));
      if (stats.isFile() && now - Math.max(stats.mtimeMs, stats.ctimeMs) >= ORPHAN_AGE_MS) old.push(entry.name);
    } catch (error) {
      // Removed meanwhile (a deletion, the other process's sweep).
      if (!isMissing(error)) throw error;
    }
  }
  return old;
}

/** Which of `values` some course_files row holds in `column` (its stored name, or its id). */
async function heldByRows(db: Db, column: typeof courseFiles.storedName | typeof courseFiles.id, values: readonly string[]): Promise<Set<string>> {
  const held = new Set<string>();
  for (let from = 0; from < values.length; from += NAMES_PER_QUERY) {
    const rows = await db
      .select({ value: column })
      .from(courseFiles)
      .where(inArray(column, values.slice(from, from + NAMES_PER_QUERY)));
    for (const row of rows) held.add(row.value);
  }
  return held;
}

/** Removes the orphans of `root` (see above); the names it removed. `stopped` ends it between files. */
export async function sweepOrphanFiles(
  db: Db,
  root: string,
  log: FastifyBaseLogger,
  now = Date.now(),
  stopped: () => boolean = () => false,
): Promise<string[]> {
  const old = await oldFiles(root, now);
  const named = await heldByRows(db, courseFiles.storedName, old);
  const removed: string[] = [];
  for (const name of old) {
    if (stopped()) break;
    if (named.has(name)) continue;
    try {
      await unlink(path.join(root, name));
      removed.push(name);
    } catch (error) {
      if (!isMissing(error)) log.error({ err: error, file: name }, 'could not remove an orphan course file');
    }
  }
  return removed;
}

const STREAM_FOLDER_NAME = new RegExp(`^${UUID}$`, 'i');
const TEMP_FOLDER_NAME = new RegExp(`^${TEMP_PREFIX.replace('.', '\\.')}${UUID}-`, 'i');

/** Removes the stream folders no file row names and the stale temporary ones (see above); their names. */
export async function sweepOrphanStreams(
  db: Db,
  root: string,
  log: FastifyBaseLogger,
  now = Date.now(),
  stopped: () => boolean = () => false,
): Promise<string[]> {
  const folder = streamsRoot(root);
  let entries: Dirent[];
  try {
    entries = await readdir(folder, { withFileTypes: true });
  } catch (error) {
    if (isMissing(error)) return [];
    throw error;
  }
  // Folders only, never a symbolic link (Dirent says what the name is, not what it points to).
  const folders = entries.filter((entry) => entry.isDirectory());
  const published = folders.filter((entry) => STREAM_FOLDER_NAME.test(entry.name)).map((entry) => entry.name);
  const withRows = await heldByRows(db, courseFiles.id, published);
  const doomed = published.filter((name) => !withRows.has(name));
  for (const entry of folders) {
    if (!TEMP_FOLDER_NAME.test(entry.name)) continue;
    try {
      if (now - (await lstat(path.join(folder, entry.name))).mtimeMs >= ORPHAN_AGE_MS) doomed.push(entry.name);
    } catch (error) {
      if (!isMissing(error)) throw error;
    }
  }
  const removed: string[] = [];
  for (const name of doomed) {
    if (stopped()) break;
    try {
      await rm(path.join(folder, name), { recursive: true, force: true });
      removed.push(name);
    } catch (error) {
      log.error({ err: error, folder: name }, 'could not remove an orphan stream folder');
    }
  }
  return removed;
}

/** Sweeps at start and then every `everyMs` (daily): lib/daily-job.ts. `clock`: the app's. Answers the function that stops it. */
export function startOrphanFileSweeps(
  db: Db,
  root: string,
  log: FastifyBaseLogger,
  options: { clock?: () => number; everyMs?: number } = {},
): Promise<() => Promise<void>> {
  const clock = options.clock ?? Date.now;
  return startRepeating(
    async (stopped) => {
      const removed = await sweepOrphanFiles(db, root, log, clock(), stopped);
      if (removed.length > 0) log.warn({ removed }, 'course files that no lesson names were removed from COURSE_FILES_ROOT');
      const streams = await sweepOrphanStreams(db, root, log, clock(), stopped);
      if (streams.length > 0) log.warn({ removed: streams }, 'stream folders that no media file names were removed from COURSE_FILES_ROOT/streams');
    },
    { ...(options.everyMs === undefined ? {} : { everyMs: options.everyMs }), log, failure: 'the sweep of orphan course files failed' },
  );
}
