// Copies the configured SQLite install into an empty PostgreSQL database from the command line,
// for both `npm run db:copy` and `quantum-site db copy` (CONTRACT §3 "Past one machine").
import { describeDatabase } from '../config';
import { copySqliteToPostgres, CopyError } from '../db/copy-to-postgres';
import { copyTarget, passwordOnCommandLineWarning } from './command-line';
import { configuredDatabase, fail } from './configured-database';

/** The SQLite file to copy: `from`, else the database the environment names (DATABASE_URL=file:…, else DATA_DIR). */
function sourceFile(from: string | undefined, env: Record<string, string | undefined>): string {
  if (from) return from;
  const database = configuredDatabase(env);
  if (database.dialect === 'postgres') fail(`DATABASE_URL is ${describeDatabase(database)}, not an SQLite install: name the SQLite file to copy`);
  return database.file;
}

/**
 * Copies into --to (`args.to`), else DB_COPY_TO, printing each table's rows. Throws a UsageError
 * when neither names a PostgreSQL database; exits 1 with the reason when the copy is refused or fails.
 */
export async function copyFromCommandLine(args: { to: string | undefined; from?: string | undefined }, env: Record<string, string | undefined>): Promise<void> {
  const to = copyTarget(args.to, env);
  const warning = passwordOnCommandLineWarning(args.to);
  if (warning) console.error(warning);
  const from = sourceFile(args.from, env);
  console.log(`Copying ${from} into ${describeDatabase({ dialect: 'postgres', url: to })} …`);
  try {
    await copySqliteToPostgres(from, to, ({ table, rows }) => console.log(`  ${table}: ${rows.toLocaleString('en')} rows`));
  } catch (error) {
    if (error instanceof CopyError) fail(error.message);
    throw error;
  }
  console.log('Done. Start the site with DATABASE_URL set to that database (and the same DATA_DIR, for the media and the signing key).');
}
