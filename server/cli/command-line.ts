// The arguments of `quantum-site`, read by node:util's parseArgs into one command. Anything it
// cannot read is a UsageError: the command prints the usage and exits 2.
import { parseArgs, type ParseArgsConfig } from 'node:util';
import { isPostgresConnectionUrl } from '../config';

export const DEFAULT_DATA_DIR = './quantum-site-data';

export const USAGE = `Usage: quantum-site [command] [options]

Commands:
  start [--data DIR] [--port N] [--host H]
      Serve the site, API and media on one port (the default command).
      --data DIR   the data folder: database, media, signing key (default ${DEFAULT_DATA_DIR})
      --port N     the listening port (default 3000)
      --host H     the listening address (default 127.0.0.1; 0.0.0.0 exposes the site)
  admin create --email E [--name N] [--data DIR]
      Create an active admin. The password comes from ADMIN_PASSWORD, or is asked for
      (hidden) on a terminal, or is read as one line from standard input.
  backup FILE [--data DIR]
      Copy the database to the new file FILE: an online, consistent copy, safe while the
      site runs. Media and the signing key are plain files in the data folder: copy them too.
  db copy [--to postgres://USER@HOST:5432/DATABASE] [--data DIR]
      Copy the SQLite database into an empty PostgreSQL database, all or nothing; stop the
      site first. Then start it with DATABASE_URL set to that database.
      The target is --to, else the environment's DB_COPY_TO. A password in --to shows in ps
      and in shell history: give the URL in DB_COPY_TO instead, or leave the password out of
      the URL and set PGPASSWORD.

Options:
  -h, --help       Print this help.
  -v, --version    Print the version.

Every setting of the site can also come from the environment or from a .env file in the current
folder (DATA_DIR, PORT, HOST, DATABASE_URL, SMTP_URL, ...: see the README); the flags above win.`;

export class UsageError extends Error {
  override name = 'UsageError';
}

export interface Locations {
  data: string | undefined;
}

export type Command =
  | { kind: 'help' }
  | { kind: 'version' }
  | ({ kind: 'start'; port: string | undefined; host: string | undefined } & Locations)
  | ({ kind: 'admin create'; email: string; name: string | undefined } & Locations)
  | ({ kind: 'backup'; file: string } & Locations)
  /** `to`: the --to flag, if given; copyTarget() falls back on the environment. */
  | ({ kind: 'db copy'; to: string | undefined } & Locations);

const help = { type: 'boolean', short: 'h' } as const;
const data = { type: 'string' } as const;
const startOptions = { help, data, port: { type: 'string' }, host: { type: 'string' } } as const;

function parse<O extends NonNullable<ParseArgsConfig['options']>>(args: string[], options: O, allowPositionals = false) {
  try {
    return parseArgs({ args, options, allowPositionals, strict: true });
  } catch (error) {
    // parseArgs's own messages name the option or argument it could not place.
    throw new UsageError((error as Error).message);
  }
}

function nonEmpty(flag: string, value: string | undefined): string | undefined {
  if (value !== undefined && value.trim() === '') throw new UsageError(`${flag} needs a value`);
  return value;
}

function port(value: string | undefined): string | undefined {
  if (value !== undefined && !(/^\d{1,5}$/.test(value) && Number(value) <= 65535)) throw new UsageError('--port must be a number from 0 to 65535');
  return value;
}

function start(args: string[], topLevel: boolean): Command {
  const { values } = parse(args, topLevel ? { ...startOptions, version: { type: 'boolean', short: 'v' } } : startOptions);
  if (values.help) return { kind: 'help' };
  if ('version' in values && values.version) return { kind: 'version' };
  return { kind: 'start', data: nonEmpty('--data', values.data), port: port(values.port), host: nonEmpty('--host', values.host) };
}

function adminCreate(args: string[]): Command {
  const { values } = parse(args, { help, data, email: { type: 'string' }, name: { type: 'string' } });
  if (values.help) return { kind: 'help' };
  const email = nonEmpty('--email', values.email);
  if (email === undefined) throw new UsageError('admin create needs --email');
  return { kind: 'admin create', email, name: values.name, data: nonEmpty('--data', values.data) };
}

function backup(args: string[]): Command {
  const { values, positionals } = parse(args, { help, data }, true);
  if (values.help) return { kind: 'help' };
  if (positionals.length !== 1) throw new UsageError(positionals.length === 0 ? 'backup needs the FILE to write' : 'backup takes one FILE');
  const file = nonEmpty('FILE', positionals[0]!)!;
  return { kind: 'backup', file, data: nonEmpty('--data', values.data) };
}

function dbCopy(args: string[]): Command {
  const { values } = parse(args, { help, data, to: { type: 'string' } });
  if (values.help) return { kind: 'help' };
  const to = nonEmpty('--to', values.to);
  if (to !== undefined && !isPostgresConnectionUrl(to)) throw new UsageError('--to must be a PostgreSQL URL (postgres://…)');
  return { kind: 'db copy', to, data: nonEmpty('--data', values.data) };
}

/** The variable that names db copy's target when --to is not given: out of `ps` and shell history. */
export const COPY_TARGET_VARIABLE = 'DB_COPY_TO';

/**
 * The PostgreSQL database that db copy fills: --to, else DB_COPY_TO (empty counts as unset). A
 * message never repeats the value, which may hold a password. The password itself may be in
 * neither: the driver then takes PGPASSWORD, as libpq does.
 */
export function copyTarget(to: string | undefined, env: Record<string, string | undefined>): string {
  const fromEnv = env[COPY_TARGET_VARIABLE]?.trim() ? env[COPY_TARGET_VARIABLE] : undefined;
  const [url, name] = to !== undefined ? [to, '--to'] : [fromEnv, COPY_TARGET_VARIABLE];
  if (url === undefined) throw new UsageError(`db copy needs --to or ${COPY_TARGET_VARIABLE}: the PostgreSQL database to copy into`);
  if (!isPostgresConnectionUrl(url)) throw new UsageError(`${name} must be a PostgreSQL URL (postgres://…)`);
  return url;
}

/** What to say when --to carried a password: it was on the command line for anyone to read. */
export function passwordOnCommandLineWarning(to: string | undefined): string | undefined {
  if (to === undefined || new URL(to).password === '') return undefined;
  return (
    'Note: the password in --to can be read by other users of this machine (ps) and stays in your shell history. ' +
    `Next time, give the URL in ${COPY_TARGET_VARIABLE} instead, or leave the password out of it and set PGPASSWORD.`
  );
}

export function parseCommandLine(args: string[]): Command {
  const [word, ...rest] = args;
  if (word === undefined || word.startsWith('-')) return start(args, true);
  if (word === 'start') return start(rest, false);
  if (word === 'backup') return backup(rest);
  if (word === 'db') {
    const [action, ...options] = rest;
    if (action === 'copy') return dbCopy(options);
    if (action === '--help' || action === '-h') return { kind: 'help' };
    throw new UsageError(action === undefined || action.startsWith('-') ? 'db needs a command: db copy' : `unknown command: db ${action}`);
  }
  if (word === 'admin') {
    const [action, ...options] = rest;
    if (action === 'create') return adminCreate(options);
    if (action === '--help' || action === '-h') return { kind: 'help' };
    throw new UsageError(action === undefined || action.startsWith('-') ? 'admin needs a command: admin create' : `unknown command: admin ${action}`);
  }
  throw new UsageError(`unknown command: ${word}`);
}

/** The environment a command runs with: the flags over the environment over the command's defaults. */
export function environmentFor(command: Locations & { port?: string | undefined; host?: string | undefined }, env: Record<string, string | undefined>) {
  return {
    ...env,
    DATA_DIR: command.data ?? (env.DATA_DIR || DEFAULT_DATA_DIR),
    ...(command.port !== undefined ? { PORT: command.port } : {}),
    ...(command.host !== undefined ? { HOST: command.host } : {}),
  };
}
