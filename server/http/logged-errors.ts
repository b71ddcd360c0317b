// The `err` of a log line: what an operator needs to find a failure, and nothing a failed query
// carried. pino's own serializer copies every field of an error, and Drizzle's query error holds
// the query's parameters (argon2 hashes, sealed two-factor secrets, token digests) twice: in
// `params`, and in its message, "Failed query: … params: …", which a wrapper such as tRPC's
// INTERNAL_SERVER_ERROR copies as its own. So the fields are chosen here, never copied wholesale.
import { DrizzleQueryError } from 'drizzle-orm';

export interface LoggedError {
  type: string;
  message: string;
  stack?: string;
  /** The driver's code (SQLite's `SQLITE_CONSTRAINT_UNIQUE`, PostgreSQL's `23505`), Node's (`ECONNREFUSED`) or the library's. */
  code?: string | number;
  /** Where a system error happened: connecting to Redis or PostgreSQL, say. */
  syscall?: string;
  address?: string;
  port?: number;
  aggregateErrors?: LoggedError[];
  cause?: LoggedError;
}

const WITHHELD = 'Failed query (its text and parameters are left out of the log)';
/** Causes followed at most; a cause that loops back on itself ends here. */
const MAX_DEPTH = 5;

export function serializeError(value: unknown): unknown {
  return value instanceof Error ? describe(value, queryMessages(value), 0) : value;
}

/** The messages of the failed queries in an error's chain of causes: no message that holds one is logged. */
function queryMessages(error: Error): string[] {
  const found: string[] = [];
  for (let at: unknown = error, depth = 0; at instanceof Error && depth <= MAX_DEPTH; at = at.cause, depth++) {
    if (at instanceof DrizzleQueryError) found.push(at.message);
  }
  return found;
}

function describe(error: Error, withheld: string[], depth: number): LoggedError {
  const type = error.constructor?.name || error.name;
  const queryText = error.message.startsWith('Failed query: ') || withheld.some((text) => error.message.includes(text));
  const message = queryText ? WITHHELD : error.message;
  const fields = error as Error & Record<string, unknown>;
  const logged: LoggedError = { type, message, stack: frames(error.stack, `${error.name}: ${message}`) };
  if (typeof fields.code === 'string' || typeof fields.code === 'number') logged.code = fields.code;
  if (typeof fields.syscall === 'string') logged.syscall = fields.syscall;
  if (typeof fields.address === 'string') logged.address = fields.address;
  if (typeof fields.port === 'number') logged.port = fields.port;
  if (depth >= MAX_DEPTH) return logged;
  if (error instanceof AggregateError)
    logged.aggregateErrors = error.errors.filter((one) => one instanceof Error).map((one) => describe(one, withheld, depth + 1));
  if (error.cause instanceof Error) logged.cause = describe(error.cause, withheld, depth + 1);
  return logged;
}

/** The stack's frames under `head`: the stack's own first lines repeat the message, which may be withheld. */
function frames(stack: string | undefined, head: string): string | undefined {
  if (stack === undefined) return undefined;
  const first = stack.search(/\n\s+at /);
  return first < 0 ? head : head + stack.slice(first);
}
