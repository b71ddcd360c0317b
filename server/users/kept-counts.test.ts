// A search's count is kept between requests (kept-counts.ts, decision 036): it must never answer a
// count that a write has since changed, whoever writes (each route that adds, renames or deletes a
// user, another connection to the database, a transaction rolled back) and however the writes and
// the reads interleave. Run on SQLite and on PostgreSQL alike.
import { sql } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { USERS_PAGE_SIZE } from '../../shared/constants';
import { closeAdminApp, startAdminApp, type AdminApp } from '../../tests/support/admin-app';
import { sqlRows } from '../../tests/support/test-database';
import { callJson } from '../../tests/support/test-app';
import { openSiteDatabase, type Db, type SiteDatabase } from '../db/client';
import { transaction } from '../db/transaction';
import { deleteUser, insertUser, updateUser } from './data';
import { searchCondition } from './search-index';

let app: AdminApp;
/** A second connection to the app's database, as a second process or admin:create while the site runs would have. */
let other: SiteDatabase;

beforeAll(async () => {
  app = await startAdminApp();
  other = await openSiteDatabase(app.t.config.database);
});
afterAll(async () => {
  await other.close();
  await closeAdminApp(app);
});

let serial = 0;
const person = (name: string) => ({ name, email: `person${serial++}@example.com`, passwordHash: 'h' });

/** How many users have `fragment` in their name or email, counted row by row, never kept. */
async function truth(db: Db, fragment: string): Promise<number> {
  const pattern = `%${fragment}%`;
  const [row] = await sqlRows<{ n: number | string }>(
    db,
    sql`select count(*) as n from users where lower(name) like ${pattern} or lower(email) like ${pattern}`,
  );
  return Number(row!.n);
}

const counted = (db: Db, fragment: string) => searchCondition(fragment).count(db);

const api = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, body?: unknown, token = app.adminToken) => callJson(app.t.app, method, url, body, token);

async function listedPages(fragment: string): Promise<number> {
  const res = await api('GET', `/api/admin/users?search=${fragment}`);
  expect(res.status).toBe(200);
  return res.body.totalPages as number;
}

describe("a search's kept count, through the site's routes", () => {
  it('follows every writer at once: registration, admin create, rename and delete, the member renaming and deleting themselves, another connection', async () => {
    const fragment = 'zebrine';
    // A page's worth of matches: one more or one less moves totalPages between 2 and 1.
    for (let i = 0; i < USERS_PAGE_SIZE; i++) await insertUser(other.db, person(`Zebrine ${i}`));
    const pages = async (expected: number, step: string) => {
      // Asked twice: the second answer is the kept count's.
      for (let i = 0; i < 2; i++) expect(await listedPages(fragment), step).toBe(expected);
      expect(await truth(other.db, fragment), step).toBe(expected === 1 ? USERS_PAGE_SIZE : USERS_PAGE_SIZE + 1);
    };
    await pages(1, 'seeded');

    const registered = await callJson(app.t.app, 'POST', '/api/auth/register', {
      name: 'Zebrine Member',
      email: 'zm@example.com',
      password: 'member password',
    });
    expect(registered.status).toBe(201);
    const memberToken = registered.body.token as string;
    await pages(2, 'registered');

    expect((await api('PUT', '/api/account/profile', { name: 'Plain Member' }, memberToken)).status).toBe(200);
    await pages(1, 'the member renamed themselves');
    expect((await api('PUT', '/api/account/profile', { name: 'Zebrine Again' }, memberToken)).status).toBe(200);
    await pages(2, 'and back');
    expect((await api('DELETE', '/api/account', { password: 'member password', confirm: 'DELETE' }, memberToken)).status).toBe(200);
    await pages(1, 'the member deleted their account');

    const created = await api('POST', '/api/admin/users', { name: 'Zebrine Made', email: 'made@example.com', password: 'made password' });
    expect(created.status).toBe(201);
    const id = (created.body.data as { _id: string })._id;
    await pages(2, 'an admin created one');
    expect((await api('PUT', `/api/admin/users/${id}`, { name: 'Unmatched' })).status).toBe(200);
    await pages(1, 'an admin renamed it');
    expect((await api('PUT', `/api/admin/users/${id}`, { email: 'zebrine@example.com' })).status).toBe(200);
    await pages(2, 'an admin changed its email');
    expect((await api('DELETE', `/api/admin/users/${id}`)).status).toBe(200);
    await pages(1, 'an admin deleted it');

    const elsewhere = await insertUser(other.db, person('Zebrine Elsewhere'));
    await pages(2, 'another connection added one');
    await updateUser(other.db, elsewhere._id, { name: 'Nobody' });
    await pages(1, 'another connection renamed it');
    await updateUser(other.db, elsewhere._id, { name: 'Zebrine Elsewhere' });
    await pages(2, 'and back');
    await deleteUser(other.db, elsewhere._id);
    await pages(1, 'another connection deleted it');
  });
});

describe("a search's kept count, on one connection", () => {
  it('is never the count of a write rolled back, even one read between that write and its rollback', async () => {
    const { db } = app.db;
    const fragment = 'quokkine';
    await insertUser(db, person('Quokkine One'));
    expect(await counted(db, fragment)).toBe(1);
    const rolledBack = transaction(db, async (tx) => {
      await insertUser(tx, person('Quokkine Two'));
      // A read that sees the write about to be undone: on SQLite, whose transaction runs on the
      // site's one connection (tx is db), any other request's read between two of its statements.
      expect(await counted(tx, fragment)).toBe(2);
      throw new Error('undone');
    });
    await expect(rolledBack).rejects.toThrow('undone');
    expect(await counted(db, fragment)).toBe(1);
    expect(await truth(db, fragment)).toBe(1);
  });

  it('always equals what the users hold, through any mix of writes on either connection and rollbacks', async () => {
    const { db } = app.db;
    const fragments = ['ocelo', 'lynxe', 'ocel'];
    const names = ['Ocelot A', 'Lynxe B', 'Ocelynxe', 'Plain C', 'OCELOT D'];
    const live: string[] = [];
    const write = fc.oneof(
      fc.record({ kind: fc.constant('insert' as const), name: fc.constantFrom(...names), otherConnection: fc.boolean() }),
      fc.record({ kind: fc.constant('rename' as const), which: fc.nat(), name: fc.constantFrom(...names), otherConnection: fc.boolean() }),
      fc.record({ kind: fc.constant('delete' as const), which: fc.nat(), otherConnection: fc.boolean() }),
      fc.record({ kind: fc.constant('rolled back' as const), name: fc.constantFrom(...names) }),
    );
    await fc.assert(
      fc.asyncProperty(fc.array(write, { minLength: 1, maxLength: 12 }), async (writes) => {
        for (const step of writes) {
          const on = 'otherConnection' in step && step.otherConnection ? other.db : db;
          if (step.kind === 'insert') live.push((await insertUser(on, person(step.name)))._id);
          else if (step.kind === 'rename' && live.length) await updateUser(on, live[step.which % live.length]!, { name: step.name });
          else if (step.kind === 'delete' && live.length) await deleteUser(on, live.splice(step.which % live.length, 1)[0]!);
          else if (step.kind === 'rolled back') {
            await transaction(db, async (tx) => {
              await insertUser(tx, person(step.name));
              await counted(tx, fragments[0]!);
              throw new Error('undone');
            }).catch(() => undefined);
          }
          for (const fragment of fragments) expect(await counted(db, fragment), `${fragment} after ${JSON.stringify(step)}`).toBe(await truth(db, fragment));
        }
      }),
      { numRuns: 25 },
    );
  });

  it('stays exact with writers and readers at once', async () => {
    const { db } = app.db;
    const fragment = 'wombatte';
    const start = await truth(db, fragment);
    const added: string[] = [];
    const readings: number[] = [];
    for (let round = 0; round < 5; round++) {
      // Another connection's write between rounds: in one process, two SQLite connections writing
      // at once would wait on each other's lock with the event loop blocked.
      added.push((await insertUser(other.db, person(`Wombatte ${round}`)))._id);
      await Promise.all([
        ...Array.from({ length: 6 }, async (_, i) => added.push((await insertUser(db, person(`Wombatte ${round}.${i}`)))._id)),
        ...Array.from({ length: 6 }, async () => readings.push(await counted(db, fragment))),
        transaction(db, async (tx) => {
          await insertUser(tx, person('Wombatte Undone'));
          readings.push(await counted(tx, fragment));
          throw new Error('undone');
        }).catch(() => undefined),
      ]);
      expect(await counted(db, fragment), `round ${round}`).toBe(await truth(db, fragment));
      expect(await counted(db, fragment)).toBe(start + added.length);
    }
    await Promise.all([...added.map((id) => deleteUser(db, id)), ...Array.from({ length: 6 }, async () => readings.push(await counted(db, fragment)))]);
    expect(await counted(db, fragment)).toBe(start);
    // Every answer was a count the users held at some moment of the run (or, inside a transaction
    // still to be undone, held one more).
    for (const n of readings) {
      expect(n).toBeGreaterThanOrEqual(start);
      expect(n).toBeLessThanOrEqual(start + added.length + 1);
    }
  });
});
