// CONTRACT §3 "Operators": the member export is streamed. Over a real socket and 200,000 users,
// memory stays flat while the file goes out, a client that stops reading holds the server back,
// and a client that goes away, or an admin who loses the right mid-way, stops the work. Each
// export, whole or cut, is one entry of the audit trail.
import http, { type IncomingMessage } from 'node:http';
import type { Socket } from 'node:net';
import v8 from 'node:v8';
import vm from 'node:vm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AuditEntry } from '../../shared/audit';
import { callJson, createTestApp, type TestApp } from '../../tests/support/test-app';
import { sql } from 'drizzle-orm';
import { openAppDatabase, sqlRun } from '../../tests/support/test-database';

const ADMIN = { email: 'root@example.com', password: 'root password' };
const USERS = 200_000;
const MiB = 2 ** 20;
const LINE_FEED = 0x0a;

// A collection on demand, so that what is measured is what the process holds, not garbage.
v8.setFlagsFromString('--expose-gc');
const collectGarbage = vm.runInNewContext('gc') as () => void;

let t: TestApp;
let url: string;
let adminToken: string;

beforeAll(async () => {
  t = await createTestApp({ env: { ADMIN_EMAIL: ADMIN.email, ADMIN_PASSWORD: ADMIN.password } });
  // 200,000 users in one statement (insertUser would take minutes). They skip the search index,
  // which an export without a search never reads.
  const handle = await openAppDatabase(t.config);
  await sqlRun(handle.db, {
    sqlite: sql`
    with recursive n(i) as (select 1 union all select i + 1 from n where i < ${USERS})
    insert into users (id, name, email, role, membership_tier, status, password_hash, password_changed_at, created_at, updated_at)
    select printf('%08d-0000-4000-8000-%012d', i, i), 'Member ' || i, 'member' || i || '@example.com', 'user', 'free', 'active',
           'not-a-real-hash', 0, 1700000000000 + i, 1700000000000 + i
    from n`,
    postgres: sql`
    insert into users (id, name, email, role, membership_tier, status, password_hash, password_changed_at, created_at, updated_at)
    select lpad(i::text, 8, '0') || '-0000-4000-8000-' || lpad(i::text, 12, '0'), 'Member ' || i, 'member' || i || '@example.com', 'user', 'free', 'active',
           'not-a-real-hash', 0, 1700000000000 + i, 1700000000000 + i
    from generate_series(1, ${USERS}) as i`,
  });
  await handle.close();
  url = await t.app.listen({ port: 0, host: '127.0.0.1' });
  adminToken = (await callJson(t.app, 'POST', '/api/auth/login', ADMIN)).body.token as string;
}, 120_000);
afterAll(async () => {
  await t.close();
});

interface OpenExport {
  response: IncomingMessage;
  /** The server's end of the connection. */
  serverSocket: Socket;
}

/** Starts an export on a connection of its own and waits for the answer's head. */
function openExport(token: string): Promise<OpenExport> {
  return new Promise((resolve, reject) => {
    let serverSocket: Socket | undefined;
    t.app.server.once('connection', (socket: Socket) => (serverSocket = socket));
    const request = http.get(`${url}/api/admin/users/export.csv`, { agent: false, headers: { authorization: `Bearer ${token}` } });
    request.on('response', (response) => {
      expect(response.statusCode).toBe(200);
      resolve({ response, serverSocket: serverSocket! });
    });
    request.on('error', reject);
  });
}

/**
 * Reads until the answer closes: whether it was whole, its bytes and its rows. Rows are counted by
 * their line feeds (these names have no line breaks), not by CRLF pairs, which a chunk boundary can
 * split in two.
 */
function readToClose(response: IncomingMessage, onChunk: (bytes: number) => void = () => {}) {
  return new Promise<{ complete: boolean; bytes: number; rows: number }>((resolve) => {
    let bytes = 0;
    let rows = 0;
    response.on('data', (chunk: Buffer) => {
      bytes += chunk.length;
      for (let at = chunk.indexOf(LINE_FEED); at !== -1; at = chunk.indexOf(LINE_FEED, at + 1)) rows++;
      onChunk(bytes);
    });
    // A cut answer still ends in 'close'; response.complete tells whether all of it came.
    response.on('error', () => {});
    response.on('close', () => resolve({ complete: response.complete, bytes, rows }));
  });
}

/** The first bytes of the answer, leaving it paused. */
function firstChunk(response: IncomingMessage): Promise<Buffer> {
  return new Promise((resolve) => {
    response.once('data', (chunk: Buffer) => {
      response.pause();
      resolve(chunk);
    });
  });
}

const logLines = (message: string) =>
  t.logs.lines.map((line) => JSON.parse(line) as { msg: string; rows?: number; complete?: boolean }).filter((line) => line.msg === message);

/** The newest user.export entries, read as the first admin. */
const exportEntries = async () => (await callJson(t.app, 'GET', '/api/admin/audit?action=user.export', undefined, adminToken)).body.data as AuditEntry[];

/** The newest user.export entry, once there is one that passes the check (it is written as the export ends). */
async function newestExport(check: (entry: AuditEntry) => boolean): Promise<AuditEntry> {
  for (const until = Date.now() + 30_000; Date.now() < until; await new Promise((resolve) => setTimeout(resolve, 50))) {
    const [newest] = await exportEntries();
    if (newest && check(newest)) return newest;
  }
  throw new Error('waited in vain for the export’s entry');
}

const CUT = /^exported at most (\d+) users, then the export stopped before its end \(no search, sorted by createdAt desc\)$/;

async function waitFor<T>(check: () => T | undefined, timeoutMs = 30_000): Promise<T> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const value = check();
    if (value !== undefined) return value;
    if (Date.now() > until) throw new Error('waited in vain');
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

const heldBytes = () => {
  collectGarbage();
  const { heapUsed, external } = process.memoryUsage();
  return heapUsed + external;
};

describe('streaming 200,000 users', () => {
  it('keeps memory flat while the whole file goes out', async () => {
    const before = heldBytes();
    const { response } = await openExport(adminToken);
    let growth = 0;
    let nextSample = 0;
    const result = await readToClose(response, (bytes) => {
      // Every 2 MiB: pause, measure what server and client hold together, go on.
      if (bytes < nextSample) return;
      nextSample = bytes + 2 * MiB;
      response.pause();
      growth = Math.max(growth, heldBytes() - before);
      response.resume();
    });
    expect(result).toMatchObject({ complete: true, rows: USERS + 2 });
    // The file is over 20 MiB, and its rows as objects would be several times that; the export
    // holds a batch or two, whatever the count.
    expect(result.bytes).toBeGreaterThan(20 * MiB);
    expect(growth).toBeLessThan(8 * MiB);
    expect(await exportEntries()).toMatchObject([
      { actor: { email: ADMIN.email }, action: 'user.export', summary: `exported ${USERS + 1} users (no search, sorted by createdAt desc)` },
    ]);
  }, 120_000);

  it('writes no faster than a slow client reads, and loses nothing when it goes on', async () => {
    const { response, serverSocket } = await openExport(adminToken);
    await firstChunk(response);
    // Once the socket's buffers are full, the server stops writing: what it has handed over
    // stays still, and what waits in its own buffer is no more than a batch. Still, and waiting for
    // a drain: a count that only paused while a batch was fetched (a busy machine, PostgreSQL) goes on.
    let settled = -1;
    await waitFor(() => {
      const written = serverSocket.bytesWritten;
      if (written === settled && serverSocket.writableNeedDrain) return true;
      settled = written;
      return undefined;
    });
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(serverSocket.bytesWritten).toBe(settled);
    expect(serverSocket.writableLength).toBeLessThan(MiB);
    // Less than half the file: the kernel's socket buffers hold a few MiB.
    expect(serverSocket.bytesWritten).toBeLessThan(12 * MiB);

    response.resume();
    const result = await readToClose(response);
    expect(result.complete).toBe(true);
  }, 120_000);

  it('stops the work when the client goes away mid-way', async () => {
    const finished = logLines('user export finished').length;
    const { response } = await openExport(adminToken);
    await firstChunk(response);
    response.destroy();
    const stopped = await waitFor(() => logLines('user export stopped before its end')[0]);
    expect(stopped.complete).toBe(false);
    expect(stopped.rows).toBeLessThan(USERS);
    // And it does not go on to the end unseen.
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(logLines('user export finished')).toHaveLength(finished);
    // Recorded all the same, with the rows that had gone out (or were on their way).
    const entry = await newestExport((e) => CUT.test(e.summary));
    expect(entry.actor.email).toBe(ADMIN.email);
    expect(Number(CUT.exec(entry.summary)![1])).toBe(stopped.rows);
  }, 120_000);

  it('cuts the answer short when the admin is suspended mid-way, so no file looks whole', async () => {
    const second = { name: 'Second Admin', email: 'second@example.com', password: 'second password', role: 'admin' };
    const created = await callJson(t.app, 'POST', '/api/admin/users', second, adminToken);
    expect(created.status).toBe(201);
    const token = (await callJson(t.app, 'POST', '/api/auth/login', second)).body.token as string;
    const { response } = await openExport(token);
    await firstChunk(response);
    const id = (created.body.data as { _id: string })._id;
    expect((await callJson(t.app, 'PUT', `/api/admin/users/${id}`, { status: 'suspended' }, adminToken)).status).toBe(200);
    response.resume();
    const result = await readToClose(response);
    expect(result.complete).toBe(false);
    expect(result.rows).toBeLessThan(USERS);
    // The suspended admin is the actor: the export was theirs, as far as it went.
    const entry = await newestExport((e) => e.actor.email === second.email);
    expect(entry.summary).toMatch(CUT);
    expect(Number(CUT.exec(entry.summary)![1])).toBeLessThan(USERS);
  }, 120_000);
});
