// `npm run db:copy -- --to postgres://… [--from FILE]`: copies the SQLite install (the database of
// DATABASE_URL=file:… or DATA_DIR, or FILE) into an empty PostgreSQL database (CONTRACT §3).
import { existsSync } from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { copyFromCommandLine } from '../server/cli/db-copy';
import { isPostgresConnectionUrl } from '../server/config';

const USAGE = 'Usage: npm run db:copy -- --to postgres://user:password@host:5432/database [--from path/to/app.db]';

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
if (!values.to || !isPostgresConnectionUrl(values.to)) usageError('--to must be a PostgreSQL URL (postgres://…)');
await copyFromCommandLine({ to: values.to, from: values.from && path.resolve(values.from) }, process.env);
