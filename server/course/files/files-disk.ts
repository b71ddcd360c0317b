// The bytes of the course's files, in COURSE_FILES_ROOT under their stored names (files-data.ts),
// and a media file's HLS output beside them (streams/{fileId}: stream/stream-disk.ts).
// Removal comes after the commit that dropped their rows: a crash in between leaves a file no row
// names (harmless, and only then), never a row whose file is gone.
import { mkdirSync, realpathSync } from 'node:fs';
import { unlink } from 'node:fs/promises';
import path from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import { ConfigError, foldersOverlap } from '../../config';
import { removeStreamFolder } from '../stream/stream-disk';

/** The stored name of a new file: its id and its extension, nothing of the client's name. */
export const storedNameOf = (fileId: string, extension: string) => `${fileId}.${extension}`;

/** Where a stored file is. Stored names are made here (an id and an extension), never taken from a request. */
export const storedPath = (root: string, storedName: string) => path.join(root, storedName);

/** The file id a stored name begins with (storedNameOf, and linkUnique's `-n`); undefined for a name the site did not make. */
export const fileIdOfStoredName = (storedName: string) => /^([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})[.-]/i.exec(storedName)?.[1];

/** Removes stored files, and the HLS output of each if it has one (a media file's). */
export async function removeStoredFiles(root: string, storedNames: readonly string[], log: FastifyBaseLogger): Promise<void> {
  await Promise.all(
    storedNames.map(async (name) => {
      try {
        await unlink(storedPath(root, name));
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code !== 'ENOENT') log.error({ err: error, file: name }, 'could not remove a course file from disk');
      }
      const fileId = fileIdOfStoredName(name);
      try {
        if (fileId) await removeStreamFolder(root, fileId);
      } catch (error) {
        log.error({ err: error, file: name }, "could not remove a course file's stream from disk");
      }
    }),
  );
}

/**
 * Creates COURSE_FILES_ROOT (readable by the site's user only) and checks again, now that both
 * folders exist, that neither it nor MEDIA_ROOT holds the other through a symbolic link: the
 * config's check reads the paths as written. The real path, which the routes use.
 */
export function prepareCourseFilesRoot(courseFilesRoot: string, mediaRoot: string): string {
  mkdirSync(courseFilesRoot, { recursive: true, mode: 0o700 });
  const real = realpathSync(courseFilesRoot);
  const overlap = foldersOverlap(realpathSync(mediaRoot), real);
  if (overlap) throw new ConfigError(`Invalid environment:\n  COURSE_FILES_ROOT: ${overlap} (through a symbolic link)`);
  return real;
}
