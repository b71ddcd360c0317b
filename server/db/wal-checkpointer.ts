// SQLite's WAL checkpoints in a worker thread, for the server's site database (decision 035).
// Left to SQLite, a checkpoint runs inside whichever commit pushes the WAL past 1,000 pages, on the
// server's one connection, and blocks the event loop 15-24 ms on a large database (issue 26's
// progress saves, 0.03 ms each otherwise). Here the main connection never checkpoints
// (wal_autocheckpoint = 0) and a thread with a connection of its own copies the WAL back on a
// short timer, PASSIVE: it never waits on, and never blocks, a reader or a writer.
import { Worker } from 'node:worker_threads';
import { sqliteDriverPath, type SqliteDatabase } from './sqlite-driver';

/** SQLite's own default, which the main connection returns to once the worker is gone. */
export const AUTOCHECKPOINT_PAGES = 1000;
const EVERY_MS = 250;

// CommonJS, evaluated (eval: true), so that it runs alike under tsx/vitest, in the esbuild bundle
// and in the installed package, with the better-sqlite3 the driver picked (its resolved path).
// SQLITE_BUSY: another connection (another process on the same file) is checkpointing; its turn.
// Any other error ends the thread, which the main thread logs once before it falls back; thrown
// as a plain Error, as better-sqlite3's SqliteError reaches the main thread without its message.
const WORKER_SOURCE = `
const { parentPort, workerData } = require('node:worker_threads');
const Database = require(workerData.driver);
const guarded = (work) => () => {
  try {
    work();
  } catch (error) {
    if (error.code === 'SQLITE_BUSY' || error.code === 'SQLITE_LOCKED') return;
    throw new Error((error.code ? error.code + ': ' : '') + error.message);
  }
};
let sqlite;
guarded(() => (sqlite = new Database(workerData.file, { fileMustExist: true })))();
const checkpoint = guarded(() => sqlite.pragma('wal_checkpoint(PASSIVE)'));
const timer = setInterval(checkpoint, workerData.everyMs);
parentPort.on('message', () => {
  clearInterval(timer);
  checkpoint();
  guarded(() => sqlite.close())();
  parentPort.close();
});
`;

export interface WalCheckpointer {
  /** The thread, for tests that make it die. */
  readonly thread: Worker;
  /** A last checkpoint, then the thread ends; the main connection returns to SQLite's own checkpoints. */
  stop(): Promise<void>;
}

/**
 * Checkpoints `file`'s WAL in a worker thread instead of in `main`'s commits. If the thread dies,
 * `onError` hears it once and `main` checkpoints itself again, so the WAL never grows without bound.
 */
export function startWalCheckpointer(
  main: SqliteDatabase,
  file: string,
  options: { everyMs?: number; onError?: (error: Error) => void } = {},
): WalCheckpointer {
  const thread = new Worker(WORKER_SOURCE, {
    eval: true,
    // None of the process's flags (--import tsx, --input-type=module would make this source ESM).
    execArgv: [],
    workerData: { driver: sqliteDriverPath(), file, everyMs: options.everyMs ?? EVERY_MS },
  });
  // A checkpointer never keeps a process alive; stop() is how the site ends it.
  thread.unref();
  main.pragma('wal_autocheckpoint = 0');
  let stopping = false;
  let failure: Error | undefined;
  thread.on('error', (error) => {
    failure ??= error;
  });
  const exited = new Promise<void>((resolve) => {
    thread.once('exit', (code) => {
      if (main.open) main.pragma(`wal_autocheckpoint = ${AUTOCHECKPOINT_PAGES}`);
      if (failure || !stopping) options.onError?.(failure ?? new Error(`The WAL checkpoint thread ended (exit code ${code})`));
      resolve();
    });
  });
  return {
    thread,
    stop() {
      if (!stopping) {
        stopping = true;
        // Held again until it ends: unref'd, a process whose last work is awaiting this close
        // would find its event loop empty and end with the promise unsettled.
        thread.ref();
        // postMessage on a thread that has ended already does nothing; `exited` has resolved then.
        thread.postMessage('stop');
      }
      return exited;
    },
  };
}
