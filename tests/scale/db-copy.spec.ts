// Moving an install as an operator does (CONTRACT §3 "Past one machine"): a site used on SQLite is
// stopped, `db:copy` (the built dist/scripts/db-copy.js) copies it into an empty PostgreSQL, and the
// site started again on PostgreSQL, with the same DATA_DIR, knows everything it knew. The target
// and its password can come from the environment (DB_COPY_TO, PGPASSWORD), out of `ps`.
import { spawnSync } from 'node:child_process';
import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import { expect, test } from '@playwright/test';
import pg from 'pg';
import { startServer, tempDataDir } from '../../scripts/server-process';
import { startPostgres } from '../../scripts/postgres-server';

async function call(base: string, method: string, url: string, body?: unknown, token?: string) {
  const response = await fetch(`${base}${url}`, {
    method,
    headers: { ...(body === undefined ? {} : { 'content-type': 'application/json' }), ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

// Our own PGPASSWORD or DB_COPY_TO, if any, must not reach the commands: each test says what they get.
const { PGPASSWORD: _password, DB_COPY_TO: _target, ...cleanEnv } = process.env;

const dbCopy = (dataDir: string, args: string[], env: Record<string, string> = {}) =>
  spawnSync(process.execPath, ['dist/scripts/db-copy.js', ...args], { env: { ...cleanEnv, DATA_DIR: dataDir, DATABASE_URL: '', ...env }, encoding: 'utf8' });

/** `quantum-site db copy`, as the packaged install runs it (the built dist/cli/quantum-site.js). */
const quantumSiteCopy = (dataDir: string, args: string[], env: Record<string, string>) =>
  spawnSync(process.execPath, ['dist/cli/quantum-site.js', 'db', 'copy', '--data', dataDir, ...args], {
    env: { ...cleanEnv, DATABASE_URL: '', ...env },
    encoding: 'utf8',
  });

const MOVER_PASSWORD = 'mover secret';

/**
 * A role that must give its password over TCP (the throwaway server trusts everyone else), and
 * empty databases it owns; the URL of each, without the password.
 */
async function passwordRole(adminUrl: string, databases: string[]): Promise<string[]> {
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    await admin.query(`create role mover login password '${MOVER_PASSWORD}'`);
    for (const name of databases) await admin.query(`create database ${name} owner mover`);
    const { hba_file: hba } = (await admin.query<{ hba_file: string }>('show hba_file')).rows[0]!;
    // The first line that matches decides.
    writeFileSync(hba, `host all mover 127.0.0.1/32 scram-sha-256\n${readFileSync(hba, 'utf8')}`);
    await admin.query('select pg_reload_conf()');
  } finally {
    await admin.end();
  }
  const urls = databases.map((name) => {
    const url = new URL(adminUrl);
    url.username = 'mover';
    url.pathname = `/${name}`;
    return url.href;
  });
  // The reload takes effect for new connections a moment later: until a connection without the password is refused.
  await expect
    .poll(async () => {
      const client = new pg.Client({ connectionString: urls[0], password: '' });
      try {
        await client.connect();
        await client.end();
        return 'let in';
      } catch {
        return 'refused';
      }
    })
    .toBe('refused');
  return urls;
}

test('an SQLite install copied with db:copy serves the same members, sessions and slider on PostgreSQL', async () => {
  const dataDir = tempDataDir();
  const postgres = await startPostgres();
  try {
    const admin = { email: 'admin@example.com', password: 'admin password' };
    const member = { name: 'Mira Member', email: 'mira@example.com', password: 'member password' };
    const onSqlite = await startServer({ dataDir, env: { ADMIN_EMAIL: admin.email, ADMIN_PASSWORD: admin.password } });
    let kept: string, signedOut: string, playlistId: string;
    try {
      kept = (await call(onSqlite.url, 'POST', '/api/auth/register', member)).body.token as string;
      signedOut = (await call(onSqlite.url, 'POST', '/api/auth/login', member)).body.token as string;
      expect((await call(onSqlite.url, 'POST', '/api/auth/logout', undefined, signedOut)).status).toBe(200);
      const adminToken = (await call(onSqlite.url, 'POST', '/api/auth/login', admin)).body.token as string;
      const playlist = await call(onSqlite.url, 'POST', '/api/playlists', { name: 'Dawn', items: [], images: [], videos: [] }, adminToken);
      playlistId = (playlist.body.data as { _id: string })._id;
      const config = (await call(onSqlite.url, 'GET', '/api/slider/config', undefined, adminToken)).body.data as object;
      expect((await call(onSqlite.url, 'PUT', '/api/slider/config', { ...config, activePlaylist: playlistId, cycleTime: 7000 }, adminToken)).status).toBe(200);
    } finally {
      await onSqlite.stop();
    }

    const copy = dbCopy(dataDir, ['--to', postgres.url]);
    expect(copy.stderr).toBe('');
    expect(copy.status).toBe(0);
    expect(copy.stdout).toContain('  users: 2 rows\n');
    expect(copy.stdout).toContain('  playlists: 1 rows\n');

    const onPostgres = await startServer({ dataDir, env: { DATABASE_URL: postgres.url } });
    try {
      // The password hash, the session that stayed open and the one signed out came along.
      expect((await call(onPostgres.url, 'POST', '/api/auth/login', member)).status).toBe(200);
      expect((await call(onPostgres.url, 'POST', '/api/auth/logout', undefined, signedOut)).status).toBe(401);
      expect((await call(onPostgres.url, 'POST', '/api/auth/logout', undefined, kept)).status).toBe(200);
      const slider = (await call(onPostgres.url, 'GET', '/api/slider/public')).body.data as { config: { activePlaylist: string; cycleTime: number } };
      expect(slider.config).toMatchObject({ activePlaylist: playlistId, cycleTime: 7000 });
      // The copied users are found through PostgreSQL's own search index.
      const adminToken = (await call(onPostgres.url, 'POST', '/api/auth/login', admin)).body.token as string;
      const found = await call(onPostgres.url, 'GET', '/api/admin/users?search=IRA%20mem', undefined, adminToken);
      expect((found.body.data as { email: string }[]).map((user) => user.email)).toEqual([member.email]);
    } finally {
      await onPostgres.stop();
    }

    // A second copy into the same database is refused: it is not empty any more. (account_tokens:
    // the member's sign-up mailed a verification link; jobs: the site's start queued the pass that
    // mails the modules opened that day.)
    const again = dbCopy(dataDir, ['--to', postgres.url]);
    expect(again.status).toBe(1);
    expect(again.stderr).toContain(
      'is not empty (it has rows in users, account_tokens, audit_entries, jobs, playlists, revoked_tokens, slider_config, user_search_grams):',
    );
  } finally {
    await postgres.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
});

test('db:copy and quantum-site db copy take the target from DB_COPY_TO and the password from PGPASSWORD, and warn of one in --to', async () => {
  const dataDir = tempDataDir();
  const postgres = await startPostgres();
  try {
    const installed = await startServer({ dataDir, env: { ADMIN_EMAIL: 'admin@example.com', ADMIN_PASSWORD: 'admin password' } });
    await installed.stop();
    const [first, second, third] = await passwordRole(postgres.url, ['moved_by_script', 'moved_by_command', 'moved_with_flag']);

    // No password anywhere: refused in words, not with a driver's stack.
    const none = dbCopy(dataDir, [], { DB_COPY_TO: first! });
    expect(none.status).toBe(1);
    expect(none.stderr).toContain('it asks for a password, and none was given: set PGPASSWORD');
    const wrong = dbCopy(dataDir, [], { DB_COPY_TO: first!, PGPASSWORD: 'a wrong one' });
    expect(wrong.status).toBe(1);
    expect(wrong.stderr).toContain('password authentication failed for user "mover"');

    const copy = dbCopy(dataDir, [], { DB_COPY_TO: first!, PGPASSWORD: MOVER_PASSWORD });
    expect(copy.stderr).toBe('');
    expect(copy.status).toBe(0);
    expect(copy.stdout).toContain(` into the PostgreSQL database ${first} …\n`);
    expect(copy.stdout).toContain('  users: 1 rows\n');

    const command = quantumSiteCopy(dataDir, [], { DB_COPY_TO: second!, PGPASSWORD: MOVER_PASSWORD });
    expect(command.stderr).toBe('');
    expect(command.status).toBe(0);
    expect(command.stdout).toContain('  users: 1 rows\n');

    // --to still works, password and all, and it wins over DB_COPY_TO; but the password was on show.
    const withPassword = new URL(third!);
    withPassword.password = encodeURIComponent(MOVER_PASSWORD);
    const flagged = quantumSiteCopy(dataDir, ['--to', withPassword.href], { DB_COPY_TO: first! });
    expect(flagged.status).toBe(0);
    expect(flagged.stdout).toContain(` into the PostgreSQL database ${third} …\n`);
    expect(flagged.stderr).toBe(
      'Note: the password in --to can be read by other users of this machine (ps) and stays in your shell history. ' +
        'Next time, give the URL in DB_COPY_TO instead, or leave the password out of it and set PGPASSWORD.\n',
    );
    // Nothing the commands printed repeats the password.
    for (const run of [none, wrong, copy, command, flagged]) expect(run.stdout + run.stderr).not.toContain('secret');
  } finally {
    await postgres.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
});

test('db:copy explains a missing or wrong --to or DB_COPY_TO', () => {
  const dataDir = tempDataDir();
  try {
    for (const [args, env, message] of [
      [[], {}, 'db copy needs --to or DB_COPY_TO: the PostgreSQL database to copy into'],
      [[], { DB_COPY_TO: '' }, 'db copy needs --to or DB_COPY_TO: the PostgreSQL database to copy into'],
      [['--to', 'mysql://somewhere/site'], {}, '--to must be a PostgreSQL URL'],
      [[], { DB_COPY_TO: 'mysql://mover:s3cret@somewhere/site' }, 'DB_COPY_TO must be a PostgreSQL URL'],
      [['--to'], {}, "Option '--to <value>' argument missing"],
    ] as Array<[string[], Record<string, string>, string]>) {
      const run = dbCopy(dataDir, args, env);
      expect(run.status).toBe(2);
      expect(run.stderr).toContain(message);
      expect(run.stderr).toContain('Usage: npm run db:copy -- --to postgres://');
      expect(run.stderr).not.toContain('s3cret');
      const command = quantumSiteCopy(dataDir, args, env);
      expect(command.status).toBe(2);
      expect(command.stderr).toMatch(/^quantum-site: .+\n\nUsage: quantum-site/);
      expect(command.stderr).toContain(message);
      expect(command.stderr).not.toContain('s3cret');
    }
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
});
