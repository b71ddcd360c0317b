// Recording entries on a real SQLite file: one transaction with the change, one line, in order.
import { transaction } from '../db/transaction';
import { copyFileSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, inject, it } from 'vitest';
import { openDatabase, type SqliteHandle, type Db } from '../db/client';
import { auditEntries } from '../db/schema';
import { newEntryId } from './entry-id';
import { listAudit } from './list';
import { recordAudit, SUMMARY_MAX_LENGTH, type AuditRecord } from './record';

let dir: string;
let db: SqliteHandle;
beforeEach(() => {
  dir = mkdtempSync(path.join(tmpdir(), 'qc-audit-'));
  copyFileSync(inject('templateDb'), path.join(dir, 'app.db'));
  db = openDatabase(path.join(dir, 'app.db'));
});
afterEach(() => {
  db.close();
  rmSync(dir, { recursive: true, force: true });
});

const entry = (summary: string): AuditRecord => ({
  actor: { id: 'admin-1', email: 'root@example.com' },
  action: 'user.update',
  target: { type: 'user', id: 'user-1' },
  summary,
});
const stored = () => db.db.select().from(auditEntries);

// recordAudit takes a transaction, never the database itself: `npm run typecheck` fails the day
// this call is allowed (never run; the check is the compiler's).
// @ts-expect-error recordAudit must run inside the caller's transaction
const _outsideATransaction = (database: Db) => recordAudit(database, entry('x'));

describe('recording an entry', () => {
  it('stores it with the change when the transaction commits', async () => {
    await transaction(db.db, (tx) => recordAudit(tx, entry('changed tier free → paid'), 1_700_000_000_000));
    expect(await stored()).toEqual([
      {
        id: expect.stringMatching(/^[0-9a-f]{8}-[0-9a-f]{4}-7[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/) as string,
        at: 1_700_000_000_000,
        actorId: 'admin-1',
        actorEmail: 'root@example.com',
        action: 'user.update',
        targetType: 'user',
        targetId: 'user-1',
        summary: 'changed tier free → paid',
      },
    ]);
  });

  it('stores nothing when the change after it fails: the entry goes with its transaction', async () => {
    await expect(
      transaction(db.db, async (tx) => {
        await recordAudit(tx, entry('changed tier free → paid'));
        throw new Error('the change failed');
      }),
    ).rejects.toThrow('the change failed');
    expect(await stored()).toEqual([]);
  });

  it('keeps the actor empty when nobody signed in acted', async () => {
    await transaction(db.db, (tx) => recordAudit(tx, { ...entry('locked'), actor: null, action: 'auth.lockout' }));
    expect((await stored())[0]).toMatchObject({ actorId: null, actorEmail: null });
  });

  it('keeps a summary on one line and cuts it at 500 characters', async () => {
    await transaction(db.db, async (tx) => {
      await recordAudit(tx, entry('created “Ann\nLee”\t\u0000 (role user)\r\n'));
      await recordAudit(tx, entry('deleted 😀'.repeat(200)));
    });
    const [first, second] = (await stored()).map((row) => row.summary);
    expect(first).toBe('created “Ann Lee” (role user)');
    expect([...second!]).toHaveLength(SUMMARY_MAX_LENGTH);
    expect(second!.endsWith('…')).toBe(true);
    // Cut between characters, never inside one (a lone half of a pair would not survive UTF-8).
    expect(Buffer.from(second!, 'utf8').toString('utf8')).toBe(second);
  });
});

describe('entry ids', () => {
  it('are UUIDv7s that sort in the order they were made, thousands within one millisecond and with the clock stepping back', () => {
    const ids = [...Array.from({ length: 5000 }, () => newEntryId(1_800_000_000_000)), newEntryId(1_799_999_999_000), newEntryId(1_800_000_000_001)];
    expect(new Set(ids).size).toBe(ids.length);
    expect([...ids].sort()).toEqual(ids);
    for (const id of ids) expect(id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-7[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
  });

  it('break ties: entries of one millisecond list newest first, in the order they were recorded', async () => {
    await transaction(db.db, async (tx) => {
      for (const n of [1, 2, 3]) await recordAudit(tx, entry(`change ${n}`), 1_700_000_000_000);
    });
    expect((await listAudit(db.db, { page: 1 })).data.map((e) => e.summary)).toEqual(['change 3', 'change 2', 'change 1']);
  });
});
