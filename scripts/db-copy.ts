// `npm run db:copy -- --to postgres://… [--from FILE]`: copies the SQLite install (the database of
// DATABASE_URL=file:… or DATA_DIR, or FILE) into an empty PostgreSQL database (CONTRACT §3).
import { existsSync } from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { ConfigError, describeDatabase, parseConfig } from '../server/config';
import { copySqliteToPostgres, CopyError } from '../server/db/copy-to-postgres';
import { isPostgresUrl } from '../server/db/dialect';

const USAGE = 'Usage: npm run db:copy -- --to postgres://user:password@host:5432/database [--from path/to/app.db]';

function fail(message: string, code = 1): never {
  console.error(message);
  process.exit(code);
}

if (existsSync('.env')) process.loadEnvFile('.env');

function readArgs() {
  try {
    return parseArgs({ options: { to: { type: 'string' }, from: { type: 'string' } } }).values;
  } catch (error) {
    fail(`${(error as Error).message}\n${USAGE}`, 2);
  }
}

const values = readArgs();
if (!values.to || !isPostgresUrl(values.to) || !URL.canParse(values.to)) fail(`--to must be a PostgreSQL URL (postgres://…)\n${USAGE}`, 2);

function sourceFile(): string {
  if (values.from) return path.resolve(values.from);
  let database;
  try {
    database = parseConfig({ ...process.env, ADMIN_EMAIL: undefined, ADMIN_PASSWORD: undefined }).database;
  } catch (error) {
    if (error instanceof ConfigError) fail(error.message);
    throw error;
  }
  if (database.dialect === 'postgres') fail(`DATABASE_URL is ${describeDatabase(database)}, not an SQLite install: name the SQLite file to copy with --from`);
  return database.file;
}

const from = sourceFile();
const to = describeDatabase({ dialect: 'postgres', url: values.to });
console.log(`Copying ${from} into ${to} …`);
try {
  await copySqliteToPostgres(from, values.to, ({ table, rows }) => console.log(`  ${table}: ${rows.toLocaleString('en')} rows`));
} catch (error) {
  if (error instanceof CopyError) fail(error.message);
  throw error;
}
console.log(`Done. Start the site with DATABASE_URL set to that database (and the same DATA_DIR, for the media and the signing key).`);
