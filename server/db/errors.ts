// What a driver's error means, for either database: Drizzle wraps the driver's error, which is then
// its cause.

/** Whether `error` is a write refused by the unique index or constraint `name`. */
export function isUniqueViolation(error: unknown, name: string): boolean {
  for (let e = error; e instanceof Error; e = e.cause) {
    const code = (e as { code?: unknown }).code;
    // SQLite names the index in its message; PostgreSQL's unique_violation too (and in `constraint`).
    if ((code === 'SQLITE_CONSTRAINT_UNIQUE' || code === '23505') && e.message.includes(name)) return true;
  }
  return false;
}
