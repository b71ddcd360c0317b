// What a driver's error means, for either database: Drizzle wraps the driver's error, which is then
// its cause.

/** The error and its causes that carry a driver's error code. */
export function* driverErrors(error: unknown): Generator<Error & { code: string }> {
  for (let e = error; e instanceof Error; e = e.cause) {
    if (typeof (e as { code?: unknown }).code === 'string') yield e as Error & { code: string };
  }
}

/** Whether `error` is a write refused by the unique index or constraint `name`. */
export function isUniqueViolation(error: unknown, name: string): boolean {
  // SQLite names the index in its message; PostgreSQL's unique_violation too (and in `constraint`).
  for (const e of driverErrors(error)) if ((e.code === 'SQLITE_CONSTRAINT_UNIQUE' || e.code === '23505') && e.message.includes(name)) return true;
  return false;
}

// PostgreSQL's serialization_failure and deadlock_detected: the transaction lost a race and was
// rolled back; run again, it reads what the winner wrote.
const RACE_LOST = new Set(['40001', '40P01']);

/** Whether `error` is PostgreSQL refusing a transaction that lost a race to another. */
export function lostRace(error: unknown): boolean {
  for (const e of driverErrors(error)) if (RACE_LOST.has(e.code)) return true;
  return false;
}

/** Whether `error` is a write refused by a foreign key: the row it refers to is gone. */
export function isForeignKeyViolation(error: unknown): boolean {
  for (const e of driverErrors(error)) if (e.code === 'SQLITE_CONSTRAINT_FOREIGNKEY' || e.code === '23503') return true;
  return false;
}
