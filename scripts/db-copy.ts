// `npm run db:copy -- [--to postgres://…] [--from FILE]`: copies the SQLite install (the database of
// DATABASE_URL=file:… or DATA_DIR, or FILE) into an empty PostgreSQL database (CONTRACT §3): the
// one of --to, else of DB_COPY_TO, which keeps a password out of `ps` and shell history.
import { existsSync } from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { UsageError } from '../server/cli/command-line';
import { copyFromCommandLine } from '../server/cli/db-copy';

const USAGE =
  'Usage: npm run db:copy -- --to postgres://user@host:5432/database [--from path/to/app.db]\n' +
  '   or: DB_COPY_TO=postgres://user@host:5432/database npm run db:copy -- [--from path/to/app.db]\n' +
  'A password in --to shows in ps and shell history: give the URL in DB_COPY_TO, or set PGPASSWORD.';

function usageError(message: string): never {
  console.error(`${message}\n${USAGE}`);
  process.exit(2);
}

if (existsSync('.env')) process.loadEnvFile('.env');

function readArgs() {
  try {
    return parseArgs({ options: { to: { type: 'string' }, from: { type: 'string' } } }).values;
  } catch (error) {
    usageError((error as Error).message);
  }
}

const values = readArgs();
try {
  await copyFromCommandLine({ to: values.to, from: values.from && path.resolve(values.from) }, process.env);
} catch (error) {
  if (!(error instanceof UsageError)) throw error;
  usageError(error.message);
}
