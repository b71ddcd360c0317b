// Writes that must be atomic, written once for either database (decisions 019 and 020). The data
// functions are async because PostgreSQL's driver is. SQLite's driver answers every query at once,
// and its transactions run on the site's one connection: they are taken one at a time, other call
// chains' statements wait at the connection's gate while one is open (decision 041), and one must
// not wait for anything but its queries, or it would hold them up. PostgreSQL's run on a connection
// of their own, serializable, and are run again when PostgreSQL finds they raced another. (Also
// here: PostgreSQL's read told to walk indexes.)
import { AsyncLocalStorage } from 'node:async_hooks';
import { getTableName, sql } from 'drizzle-orm';
import type { PgDatabase } from 'drizzle-orm/pg-core';
import type { Db, Tx } from './client';
import { dialect } from './dialect';
import { lostRace } from './errors';
import { currentTurn, gateOf, runInTurn, TransactionWaitedError, type Gate, type Turn } from './sqlite-turns';

export { TransactionWaitedError } from './sqlite-turns';

// PostgreSQL: the transaction whose call chain this is; one begun inside it is nested (a savepoint).
const inside = new AsyncLocalStorage<Db>();
// Per database, the end of the last transaction queued.
const queueTails = new WeakMap<Db, Promise<void>>();

async function oneAtATime<T>(db: Db, run: () => Promise<T>): Promise<T> {
  const before = queueTails.get(db) ?? Promise.resolve();
  let release!: () => void;
  queueTails.set(db, new Promise<void>((resolve) => (release = resolve)));
  await before;
  try {
    return await run();
  } finally {
    release();
  }
}

async function nested<T>(db: Db, turn: Turn, work: (tx: Tx) => Promise<T>): Promise<T> {
  const sqlite = db.$client;
  // Rolled back already: a savepoint now would begin a transaction of its own.
  if (turn.rolledBack) throw new TransactionWaitedError();
  sqlite.exec('savepoint nested');
  try {
    const result = await work(db as Tx);
    if (turn.rolledBack) throw new TransactionWaitedError();
    sqlite.exec('release nested');
    return result;
  } catch (error) {
    if (!turn.rolledBack) {
      sqlite.exec('rollback to nested');
      sqlite.exec('release nested');
    }
    throw error;
  }
}

// How many times a transaction that keeps losing races is tried before its error is the answer.
const ATTEMPTS = 10;

export interface TransactionOptions {
  /**
   * PostgreSQL: 'read committed' instead of serializable, for a hot transaction whose decisions all
   * rest on rows it has locked (`for update`) and whose other writes are upserts that add to a row
   * (decision 059): each statement then sees every commit before it, and nothing has to run again.
   * Ignored when nested, and on SQLite, whose one writer orders everything anyway.
   */
  isolation?: 'read committed';
}

async function onPostgres<T>(db: Db, work: (tx: Tx) => Promise<T>, options: TransactionOptions): Promise<T> {
  // Drizzle's PostgreSQL transaction already nests as a savepoint when begun on a transaction.
  const pgDb = db as unknown as PgDatabase<never>;
  if (inside.getStore() === db) return pgDb.transaction((tx) => inside.run(tx as unknown as Db, () => work(tx as unknown as Tx)));
  for (let attempt = 1; ; attempt++) {
    try {
      // Serializable: a transaction that reads, checks and writes (the last admin) cannot commit
      // if another changed what it read in between; it is refused with 40001 and run again here.
      // A read-committed one can still meet a deadlock (40P01), run again here too.
      return await pgDb.transaction((tx) => inside.run(tx as unknown as Db, () => work(tx as unknown as Tx)), {
        isolationLevel: options.isolation ?? 'serializable',
      });
    } catch (error) {
      if (attempt >= ATTEMPTS || !lostRace(error)) throw error;
      // A little random wait, so the racers do not meet again at once.
      await new Promise((resolve) => setTimeout(resolve, Math.random() * 5 * attempt));
    }
  }
}

/**
 * Runs `work` in one transaction: all its writes or none. Called with the `tx` of a transaction
 * in progress, it nests (a savepoint). What `work` returns is the answer once it has committed.
 * On PostgreSQL, `work` may run more than once: it must do nothing but its queries.
 */
export function transaction<T>(db: Db, work: (tx: Tx) => Promise<T>, options: TransactionOptions = {}): Promise<T> {
  if (dialect === 'postgres') return onPostgres(db, work, options);
  const gate = gateOf(db.$client);
  const turn = currentTurn();
  if (turn?.connection === db.$client && (turn.rolledBack || gate.isOpen(turn))) return nested(db, turn, work);
  return oneAtATime(db, () => onSqlite(db, gate, work));
}

async function onSqlite<T>(db: Db, gate: Gate, work: (tx: Tx) => Promise<T>): Promise<T> {
  const sqlite = db.$client;
  // IMMEDIATE: the write lock now, waited for (busy_timeout) if another process holds it,
  // rather than an upgrade midway that fails at once.
  sqlite.exec('begin immediate');
  const turn = gate.begin();
  // Runs if the event loop gets round to it while the transaction is open: only a wait for
  // something else (a timer, a file, a hash) lets it, as the queries answer at once. The
  // transaction is rolled back there and then, so that the statements held at the gate wait no
  // longer, and the rest of its own are refused.
  const watch = setImmediate(() => {
    if (!gate.isOpen(turn)) return;
    if (sqlite.inTransaction) sqlite.exec('rollback');
    gate.rolledBack(turn);
  });
  try {
    const result = await runInTurn(turn, () => work(db as Tx));
    if (turn.rolledBack) throw new TransactionWaitedError();
    sqlite.exec('commit');
    return result;
  } catch (error) {
    if (!turn.rolledBack && sqlite.inTransaction) sqlite.exec('rollback');
    throw error;
  } finally {
    clearImmediate(watch);
    gate.end(turn);
    gate.settled(turn);
  }
}

/**
 * PostgreSQL only: `read` in one read-only snapshot whose plans walk indexes, for reads that have
 * worked out that a bounded walk of a sort index is the cheapest way to their answer
 * (server/users/list-query.ts), where PostgreSQL's statistics would often pick a bitmap of every
 * match and a sort, or a parallel scan of the whole index, instead. The settings are the
 * transaction's own: the pooled connection goes back without them.
 */
export function readAlongIndexes<T>(db: Db, read: (tx: Db) => Promise<T>): Promise<T> {
  const pgDb = db as unknown as PgDatabase<never>;
  return pgDb.transaction(
    async (tx) => {
      await tx.execute(sql`
        select set_config('enable_bitmapscan', 'off', true), set_config('enable_seqscan', 'off', true),
          set_config('max_parallel_workers_per_gather', '0', true)`);
      return read(tx as unknown as Db);
    },
    { accessMode: 'read only', isolationLevel: 'repeatable read' },
  );
}

/**
 * First thing in a transaction that rewrites what triggers derive from `table` (decision 032: a
 * lesson's publication, module, duration or deletion, and course_progress's running totals): on
 * PostgreSQL, waits for the writes to `table` in flight and holds new ones until the commit, so
 * that the transaction's snapshot, taken at its next statement (serializable), holds every row
 * written before it, and every write after it sees its change. First, because a serializable
 * snapshot taken before the lock would miss the rows written while it waited. SQLite has one
 * writer at a time already: nothing to do.
 */
export async function holdWrites(tx: Tx, table: Parameters<typeof getTableName>[0]): Promise<void> {
  if (dialect !== 'postgres') return;
  await (tx as unknown as PgDatabase<never>).execute(sql.raw(`lock table "${getTableName(table)}" in share row exclusive mode`));
}
