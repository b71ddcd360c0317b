// SQLite: every request shares the site's one connection, and a transaction on it is open from its
// `begin` to its `commit` (decision 019). A statement that another request issues meanwhile (any
// `await` lets a ready continuation run) would run inside that transaction: a read would see rows
// that may still roll back, a write would be undone by its rollback. So each statement asks the
// connection's gate first: while another call chain's transaction is open, it waits for its end
// (decision 041). The wait is short, as a transaction may wait for nothing but its queries: one
// that lets the event loop turn is rolled back there and then, and the statements held behind it
// run.
import { AsyncLocalStorage } from 'node:async_hooks';
import type { SqliteDatabase } from './sqlite-driver';

export class TransactionWaitedError extends Error {
  override name = 'TransactionWaitedError';
  constructor() {
    super('a transaction waited for something other than its queries, and was rolled back');
  }
}

/** One transaction on a connection, from its `begin` to its end. */
export interface Turn {
  readonly connection: SqliteDatabase;
  /** Rolled back because it let the event loop turn: nothing of it may run after. */
  rolledBack: boolean;
}

// The transaction whose call chain this is.
const current = new AsyncLocalStorage<Turn>();

/** The transaction the current call chain runs in, if any. */
export const currentTurn = (): Turn | undefined => current.getStore();

/**
 * Runs `work` as the call chain of `turn`: its statements pass the gate while it is open. Awaited
 * in here, as `work` may return one of Drizzle's query builders unawaited (`(tx) => tx.insert(…)`),
 * which runs its statement in the call chain that awaits it.
 */
export const runInTurn = <T>(turn: Turn, work: () => Promise<T>): Promise<T> => current.run(turn, async () => await work());

/** Per connection: the transaction open on it, and the statements of others waiting for its end. */
export class Gate {
  private open: Turn | undefined;
  private ended: Promise<void> = Promise.resolve();
  private release: () => void = () => {};
  // Transactions rolled back at the event loop's turn whose call chains have not finished: their
  // statements are refused, so the fast path must look at the call chain while there are any.
  private rolledBackRunning = 0;

  constructor(private readonly connection: SqliteDatabase) {}

  /** After `begin`: the connection's transaction is `turn`'s. */
  begin(): Turn {
    const turn: Turn = { connection: this.connection, rolledBack: false };
    this.open = turn;
    this.ended = new Promise((resolve) => (this.release = resolve));
    return turn;
  }

  /** No transaction open, none rolled back still running: any statement may run now. */
  quiet(): boolean {
    return this.open === undefined && this.rolledBackRunning === 0;
  }

  isOpen(turn: Turn): boolean {
    return this.open === turn;
  }

  /** After `commit` or `rollback`: the statements held behind `turn` may run. */
  end(turn: Turn): void {
    if (this.open !== turn) return;
    this.open = undefined;
    this.release();
  }

  /** `turn` was rolled back before its call chain finished; `settled` when that chain has. */
  rolledBack(turn: Turn): void {
    turn.rolledBack = true;
    this.rolledBackRunning++;
    this.end(turn);
  }

  settled(turn: Turn): void {
    if (turn.rolledBack) this.rolledBackRunning--;
  }

  /**
   * Runs `statement` now, or once no other call chain's transaction is open on the connection
   * (then its answer comes as a promise, which the awaited query builders adopt). Refuses the
   * statements of a transaction rolled back at the event loop's turn.
   */
  pass<R>(statement: () => R): R {
    const mine = current.getStore();
    if (mine?.rolledBack) throw new TransactionWaitedError();
    if (this.open === undefined || this.open === mine) return statement();
    return this.afterOthers(statement) as R;
  }

  private async afterOthers<R>(statement: () => R): Promise<R> {
    // Checked again after each end: another transaction may have begun first. The statement runs
    // in the same step as the last check, so none can begin in between.
    while (this.open !== undefined && this.open !== current.getStore()) await this.ended;
    return statement();
  }
}

const gates = new WeakMap<SqliteDatabase, Gate>();

/** The gate of `connection`. */
export function gateOf(connection: SqliteDatabase): Gate {
  let gate = gates.get(connection);
  if (!gate) gates.set(connection, (gate = new Gate(connection)));
  return gate;
}

interface DrizzleQuery {
  run(values?: unknown): unknown;
  all(values?: unknown): unknown;
  get(values?: unknown): unknown;
  values(values?: unknown): unknown;
}
type PrepareQuery = (...args: unknown[]) => DrizzleQuery;

/**
 * Makes every statement that Drizzle's database `db` runs on `connection` (its query builders,
 * relational queries, `db.run`/`db.all`, prepared statements) ask the connection's gate. They all
 * come from its session's `prepareQuery`.
 */
export function gateStatements(db: object, connection: SqliteDatabase): void {
  const gate = gateOf(connection);
  const session = (db as { session: { prepareQuery: PrepareQuery } }).session;
  const prepare = session.prepareQuery;
  let methods: Pick<DrizzleQuery, 'run' | 'all' | 'get' | 'values'> | undefined;
  session.prepareQuery = function (this: unknown, ...args: unknown[]) {
    const query = prepare.apply(this, args);
    // The query's class is Drizzle's; its methods, looked up once, run behind the gate.
    methods ??= gatedMethods(gate, Object.getPrototypeOf(query) as DrizzleQuery);
    query.run = methods.run;
    query.all = methods.all;
    query.get = methods.get;
    query.values = methods.values;
    return query;
  };
}

function gatedMethods(gate: Gate, own: DrizzleQuery): DrizzleQuery {
  const gated = (method: (this: DrizzleQuery, values?: unknown) => unknown) =>
    function (this: DrizzleQuery, values?: unknown) {
      return gate.quiet() ? method.call(this, values) : gate.pass(() => method.call(this, values));
    };
  return { run: gated(own.run), all: gated(own.all), get: gated(own.get), values: gated(own.values) };
}

/**
 * The answer of a statement run straight through `db.all`, `db.get`, `db.values` or `db.run`, as
 * it comes: Drizzle types it as there at once, but behind another call chain's open transaction
 * the gate gives a promise of it. Await this before using the rows.
 */
export const gatedAnswer = <T>(answer: T): Promise<T> => Promise.resolve(answer);
