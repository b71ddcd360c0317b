// The arguments of `quantum-site`: which command they make, and which ones are usage errors (exit 2).
import { describe, expect, it } from 'vitest';
import { copyTarget, environmentFor, parseCommandLine, passwordOnCommandLineWarning, UsageError } from './command-line';

describe('the quantum-site command line', () => {
  it('starts the site when no command is given, with or without flags', () => {
    expect(parseCommandLine([])).toEqual({ kind: 'start', data: undefined, port: undefined, host: undefined });
    expect(parseCommandLine(['--data', '/srv/site', '--port', '8080', '--host', '0.0.0.0'])).toEqual({
      kind: 'start',
      data: '/srv/site',
      port: '8080',
      host: '0.0.0.0',
    });
    expect(parseCommandLine(['start', '--port=0'])).toMatchObject({ kind: 'start', port: '0' });
  });

  it('reads admin create and backup with their own options', () => {
    expect(parseCommandLine(['admin', 'create', '--email', 'a@example.com', '--name', 'Ada', '--data', 'd'])).toEqual({
      kind: 'admin create',
      email: 'a@example.com',
      name: 'Ada',
      data: 'd',
    });
    expect(parseCommandLine(['backup', 'copy.db'])).toEqual({ kind: 'backup', file: 'copy.db', data: undefined });
    expect(parseCommandLine(['backup', '--data', 'd', '--', '-odd-name.db'])).toEqual({ kind: 'backup', file: '-odd-name.db', data: 'd' });
    expect(parseCommandLine(['db', 'copy', '--to', 'postgresql://u:p@db.example.org:5432/site', '--data', 'd'])).toEqual({
      kind: 'db copy',
      to: 'postgresql://u:p@db.example.org:5432/site',
      data: 'd',
    });
  });

  it('answers --help from every command and --version from the top', () => {
    for (const args of [
      ['--help'],
      ['-h'],
      ['start', '--help'],
      ['admin', '--help'],
      ['admin', 'create', '-h'],
      ['backup', '--help'],
      ['db', '--help'],
      ['db', 'copy', '-h'],
    ]) {
      expect(parseCommandLine(args), args.join(' ')).toEqual({ kind: 'help' });
    }
    expect(parseCommandLine(['--version'])).toEqual({ kind: 'version' });
    expect(parseCommandLine(['-v'])).toEqual({ kind: 'version' });
  });

  it('refuses what it cannot read, naming the fault', () => {
    const refusals: Array<[string[], RegExp]> = [
      [['--bogus'], /Unknown option '--bogus'/],
      [['stop'], /unknown command: stop/],
      [['start', 'now'], /Unexpected argument 'now'/],
      [['start', '--version'], /Unknown option '--version'/],
      [['--port'], /--port/],
      [['--port', '65536'], /--port must be a number from 0 to 65535/],
      [['--port', '-1'], /--port/],
      [['--port', '80.5'], /--port must be/],
      [['--port', ' 80'], /--port must be/],
      [['--host', ' '], /--host needs a value/],
      [['--data', ''], /--data needs a value/],
      [['admin'], /admin needs a command: admin create/],
      [['admin', 'delete'], /unknown command: admin delete/],
      [['admin', 'create'], /admin create needs --email/],
      [['admin', 'create', '--email', 'a@example.com', '--password', 'x'], /Unknown option '--password'/],
      [['backup'], /backup needs the FILE to write/],
      [['backup', 'a.db', 'b.db'], /backup takes one FILE/],
      [['backup', 'a.db', '--port', '1'], /Unknown option '--port'/],
      [['db'], /db needs a command: db copy/],
      [['db', 'move'], /unknown command: db move/],
      [['db', 'copy', '--to', 'mysql://db.example.org/site'], /--to must be a PostgreSQL URL/],
      [['db', 'copy', '--to', 'postgres://h/site', 'extra'], /Unexpected argument 'extra'/],
    ];
    for (const [args, message] of refusals) {
      expect(() => parseCommandLine(args), args.join(' ')).toThrow(UsageError);
      expect(() => parseCommandLine(args), args.join(' ')).toThrow(message);
    }
  });

  it('puts the flags over the environment, and the environment over ./quantum-site-data', () => {
    const env = { DATA_DIR: '/from/env', PORT: '4000', HOST: '::1', SMTP_URL: 'smtp://mail.example.com' };
    expect(environmentFor({ data: '/from/flag', port: '5000', host: '0.0.0.0' }, env)).toEqual({
      DATA_DIR: '/from/flag',
      PORT: '5000',
      HOST: '0.0.0.0',
      SMTP_URL: 'smtp://mail.example.com',
    });
    expect(environmentFor({ data: undefined, port: undefined, host: undefined }, env)).toEqual(env);
    expect(environmentFor({ data: undefined }, {})).toEqual({ DATA_DIR: './quantum-site-data' });
    expect(environmentFor({ data: undefined }, { DATA_DIR: '' })).toEqual({ DATA_DIR: './quantum-site-data' });
  });

  it('takes db copy’s target from --to, else from DB_COPY_TO, so that a password can stay out of ps and shell history', () => {
    const flag = 'postgres://mover@db.example.org:5432/site';
    const fromEnv = 'postgresql://mover:s3cret@db.example.org/other';
    expect(parseCommandLine(['db', 'copy', '--data', 'd'])).toEqual({ kind: 'db copy', to: undefined, data: 'd' });
    expect(copyTarget(undefined, { DB_COPY_TO: fromEnv })).toBe(fromEnv);
    // The flag wins, as every flag does over the environment.
    expect(copyTarget(flag, { DB_COPY_TO: fromEnv })).toBe(flag);
    // Neither, or an empty variable: a usage error that names both.
    for (const env of [{}, { DB_COPY_TO: '' }, { DB_COPY_TO: '  ' }]) {
      expect(() => copyTarget(undefined, env)).toThrow(new UsageError('db copy needs --to or DB_COPY_TO: the PostgreSQL database to copy into'));
    }
    // A wrong value is named by where it came from, and never repeated: it may hold a password.
    for (const bad of ['mysql://mover:s3cret@db.example.org/site', 'postgres://mover:s3cret@[bad']) {
      expect(() => copyTarget(undefined, { DB_COPY_TO: bad })).toThrow(new UsageError('DB_COPY_TO must be a PostgreSQL URL (postgres://…)'));
      expect(() => copyTarget(bad, {})).toThrow(new UsageError('--to must be a PostgreSQL URL (postgres://…)'));
    }
  });

  it('warns when --to carried a password, and only then', () => {
    expect(passwordOnCommandLineWarning('postgres://mover:s3cret@db.example.org/site')).toBe(
      'Note: the password in --to can be read by other users of this machine (ps) and stays in your shell history. ' +
        'Next time, give the URL in DB_COPY_TO instead, or leave the password out of it and set PGPASSWORD.',
    );
    expect(passwordOnCommandLineWarning('postgres://mover@db.example.org/site')).toBeUndefined();
    expect(passwordOnCommandLineWarning(undefined)).toBeUndefined();
  });
});
