#!/usr/bin/env node
// `quantum-site`, the command of the packaged install (CONTRACT §3 "The packaged install"). Each
// command imports what it needs when it runs, so that --help, a usage error or a backup do not wait
// for the web server to load.
import { existsSync } from 'node:fs';
import path from 'node:path';
import { version } from '../../package.json';
import { environmentFor, parseCommandLine, USAGE, UsageError, type Command } from './command-line';

/** A word fit to paste into a POSIX shell as it is. */
function shellWord(word: string): string {
  return /^[\w@%+=:,./-]+$/.test(word) ? word : `'${word.replaceAll("'", `'\\''`)}'`;
}

async function backup(command: Extract<Command, { kind: 'backup' }>, env: Record<string, string | undefined>) {
  const [{ configuredDatabase, fail }, { backupDatabase, BackupError }] = await Promise.all([import('./configured-database'), import('./backup')]);
  const database = configuredDatabase(env);
  if (database.dialect === 'postgres') {
    // `return`: a function taken from a dynamic import does not end the flow for the type checker.
    return fail(
      'DATABASE_URL is a PostgreSQL database: back it up with pg_dump, for example\n' +
        `  pg_dump --format=custom --file ${shellWord(command.file)} "$DATABASE_URL"\n` +
        'quantum-site backup copies SQLite databases only.',
    );
  }
  const databaseFile = database.file;
  const target = path.resolve(command.file);
  try {
    const { bytes } = await backupDatabase(databaseFile, target);
    console.log(`Backed up ${databaseFile} to ${target} (${(bytes / 1e6).toFixed(1)} MB).`);
  } catch (error) {
    if (error instanceof BackupError) fail(error.message);
    throw error;
  }
}

/** Prints a UsageError's message and the usage, and exits 2; anything else goes on up. */
function usageError(error: unknown): never {
  if (!(error instanceof UsageError)) throw error;
  console.error(`quantum-site: ${error.message}\n\n${USAGE}`);
  process.exit(2);
}

let command: Command;
try {
  command = parseCommandLine(process.argv.slice(2));
} catch (error) {
  usageError(error);
}

if (command.kind === 'help') console.log(USAGE);
else if (command.kind === 'version') console.log(version);
else {
  if (existsSync('.env')) process.loadEnvFile('.env');
  const env = environmentFor(command, process.env);
  if (command.kind === 'start') {
    const adminCommand = `quantum-site admin create --data ${shellWord(path.resolve(env.DATA_DIR))} --email you@example.com --name "Your Name"`;
    const { serve } = await import('../serve');
    await serve(env, { adminCommand });
  } else if (command.kind === 'db copy') {
    const { copyFromCommandLine } = await import('./db-copy');
    // The target may come from the environment (DB_COPY_TO), read only now.
    await copyFromCommandLine({ to: command.to }, env).catch(usageError);
  } else if (command.kind === 'admin create') {
    const { createAdminFromCommandLine } = await import('./admin-create');
    await createAdminFromCommandLine(command, env);
  } else {
    await backup(command, env);
  }
}
