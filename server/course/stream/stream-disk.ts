// Where a media file's HLS output lives: COURSE_FILES_ROOT/streams/{fileId}/, written first in a
// folder of its own beside it (.tmp-{fileId}-{random}) and renamed whole when done, so a reader
// sees the whole output or none (CONTRACT §7). The orphan sweep (files/orphan-sweep.ts) removes
// what a crash leaves: .tmp- folders, and folders whose file row is gone.
import { mkdir, mkdtemp, rename, rm } from 'node:fs/promises';
import path from 'node:path';

export const STREAMS_FOLDER = 'streams';
export const TEMP_PREFIX = '.tmp-';

export const streamsRoot = (courseFilesRoot: string) => path.join(courseFilesRoot, STREAMS_FOLDER);

/** The published output of file `fileId`. File ids are the site's UUIDs, never a request's text. */
export const streamFolder = (courseFilesRoot: string, fileId: string) => path.join(streamsRoot(courseFilesRoot), fileId);

/** A new, empty folder to write file `fileId`'s output into. */
export async function makeTempFolder(courseFilesRoot: string, fileId: string): Promise<string> {
  const root = streamsRoot(courseFilesRoot);
  await mkdir(root, { recursive: true, mode: 0o700 });
  return mkdtemp(path.join(root, `${TEMP_PREFIX}${fileId}-`));
}

/**
 * Puts a finished output in place of the file's previous one, if any: the old folder is first
 * renamed aside (a rename cannot replace a folder that holds files) and then removed.
 */
export async function publishFolder(courseFilesRoot: string, fileId: string, finished: string): Promise<void> {
  const target = streamFolder(courseFilesRoot, fileId);
  const retired = `${finished}-old`;
  let hadOne = true;
  try {
    await rename(target, retired);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
    hadOne = false;
  }
  await rename(finished, target);
  if (hadOne) await rm(retired, { recursive: true, force: true });
}

/** Removes a file's output (its file is gone, or being replaced); nothing there is no error. */
export async function removeStreamFolder(courseFilesRoot: string, fileId: string): Promise<void> {
  await rm(streamFolder(courseFilesRoot, fileId), { recursive: true, force: true });
}
