// Moving an install as an operator does (CONTRACT §3 "Past one machine"): a site used on SQLite is
// stopped, `db:copy` (the built dist/scripts/db-copy.js) copies it into an empty PostgreSQL, and the
// site started again on PostgreSQL, with the same DATA_DIR, knows everything it knew.
import { spawnSync } from 'node:child_process';
import { rmSync } from 'node:fs';
import { expect, test } from '@playwright/test';
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

const dbCopy = (dataDir: string, args: string[]) =>
  spawnSync(process.execPath, ['dist/scripts/db-copy.js', ...args], { env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: '' }, encoding: 'utf8' });

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

    // A second copy into the same database is refused: it is not empty any more.
    const again = dbCopy(dataDir, ['--to', postgres.url]);
    expect(again.status).toBe(1);
    expect(again.stderr).toContain('is not empty (it has rows in audit_entries, users, playlists, revoked_tokens, slider_config, user_search_grams):');
  } finally {
    await postgres.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
});

test('db:copy explains a missing or wrong --to', () => {
  const dataDir = tempDataDir();
  try {
    for (const args of [[], ['--to', 'mysql://somewhere/site'], ['--to']]) {
      const run = dbCopy(dataDir, args);
      expect(run.status).toBe(2);
      expect(run.stderr).toContain('Usage: npm run db:copy -- --to postgres://');
    }
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
});
