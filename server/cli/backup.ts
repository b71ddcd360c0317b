// `quantum-site backup FILE`: a consistent copy of the SQLite database, taken with SQLite's online
// backup while the site keeps running (decision 014).
import { randomBytes } from 'node:crypto';
import { closeSync, existsSync, openSync, renameSync, rmSync, statSync } from 'node:fs';
import path from 'node:path';
import { openSqlite } from '../db/sqlite-driver';

export class BackupError extends Error {
  override name = 'BackupError';
}

// Every page in one step: one read transaction sees one moment of the database. In smaller steps
// the read lock is let go between them, and a write from the site in between makes SQLite start the
// copy again, so a busy site could keep a backup from ever finishing. In WAL mode that one reader
// holds up no writer.
const ALL_PAGES = 0x7fffffff;

/** Copies `source` to the new file `target` (mode 0600); never overwrites, and leaves nothing behind when it fails. */
export async function backupDatabase(source: string, target: string): Promise<{ bytes: number }> {
  if (!existsSync(source)) throw new BackupError(`No database at ${source}: nothing to back up (is --data, or DATA_DIR, the site's data folder?)`);
  reserve(target);
  // The copy grows under a name of its own and takes the target's name only when it is complete,
  // so a backup cut short (a full disk, Ctrl+C) never looks like one that finished.
  const partial = `${target}.${randomBytes(4).toString('hex')}.partial`;
  try {
    // Created here, not by SQLite, so that it is readable by this user only from its first byte:
    // it holds the password hashes.
    closeSync(openSync(partial, 'wx', 0o600));
    const database = openSqlite(source, { readonly: true, fileMustExist: true });
    try {
      await database.backup(partial, { progress: () => ALL_PAGES });
    } finally {
      database.close();
    }
    // The copy keeps the site's WAL mode; a rollback journal makes it one self-contained file,
    // whatever later opens it (the site turns WAL back on when it starts on a restored copy).
    const copy = openSqlite(partial);
    try {
      copy.pragma('journal_mode = DELETE');
    } finally {
      copy.close();
    }
    renameSync(partial, target);
    return { bytes: statSync(target).size };
  } catch (error) {
    for (const suffix of ['', '-journal', '-wal', '-shm']) rmSync(partial + suffix, { force: true });
    rmSync(target, { force: true });
    // A full disk or an unreadable database is the operator's to fix: their words, not a stack.
    throw hasCode(error) ? new BackupError(`The backup failed: ${error.message}`, { cause: error }) : error;
  }
}

const hasCode = (error: unknown): error is Error & { code: string } => error instanceof Error && typeof (error as { code?: unknown }).code === 'string';

/** Claims `target`'s name at once (an empty file), so that no other backup or file can take it meanwhile. */
function reserve(target: string) {
  try {
    closeSync(openSync(target, 'wx', 0o600));
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'EEXIST') throw new BackupError(`${target} already exists: a backup never overwrites a file, so give it a new name`);
    if (code === 'ENOENT') throw new BackupError(`The folder ${path.dirname(target)} does not exist`);
    throw hasCode(error) ? new BackupError(`Cannot create ${target}: ${error.message}`, { cause: error }) : error;
  }
}
