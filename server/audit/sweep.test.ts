// Retention (CONTRACT §3 "Operators"): entries older than AUDIT_DAYS go at start and then daily.
import { sql } from 'drizzle-orm';
import pino from 'pino';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createTestApp, type TestApp } from '../../tests/support/test-app';
import { buildApp } from '../app';
import { openAppDatabase, sqlRun } from '../../tests/support/test-database';
import type { SiteDatabase } from '../db/client';
import { auditEntries } from '../db/schema';
import { transaction } from '../db/transaction';
import { recordAudit } from './record';
import { DAY_MS } from '../../shared/constants';
import { startAuditSweeps, sweepAudit } from './sweep';

let t: TestApp;
let db: SiteDatabase;
beforeEach(async () => {
  t = await createTestApp({ env: { AUDIT_DAYS: '30' } });
  db = await openAppDatabase(t.config);
});
afterEach(async () => {
  await db.close();
  await t.close();
});

async function record(summary: string, at: number) {
  await transaction(db.db, (tx) => recordAudit(tx, { actor: null, action: 'media.scan', target: { type: 'media', id: '/m' }, summary }, at));
}
const kept = async () => (await db.db.select({ summary: auditEntries.summary }).from(auditEntries)).map((row) => row.summary).sort();

describe('the audit sweep', () => {
  it('removes entries older than AUDIT_DAYS when the site starts, and keeps the others', async () => {
    const now = Date.now();
    await record('31 days old', now - 31 * DAY_MS);
    await record('a year old', now - 365 * DAY_MS);
    await record('29 days old', now - 29 * DAY_MS);
    await record('new', now);
    const restarted = await buildApp(t.config, { clientDir: undefined, logStream: t.logs });
    try {
      expect(await kept()).toEqual(['29 days old', 'new']);
      expect(t.logs.text).toMatch(/"removed":2,"keepDays":30,"msg":"old audit entries removed"/);
    } finally {
      await restarted.close();
    }
  });

  it('sweeps again on its timer, so an entry that grows old while the site runs goes, and stops when told', async () => {
    const stop = await startAuditSweeps(db.db, 30, pino({ level: 'silent' }), 20);
    try {
      await record('grew old', Date.now() - 31 * DAY_MS);
      await record('new', Date.now());
      await vi.waitFor(async () => expect(await kept()).toEqual(['new']), { timeout: 5000, interval: 20 });
    } finally {
      await stop();
    }
    await record('after the stop', Date.now() - 31 * DAY_MS);
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(await kept()).toEqual(['after the stop', 'new']);
  });

  it('removes a large backlog in batches and says how many; stopped, it ends between batches', async () => {
    // Twelve thousand old entries in one statement (recordAudit, through the query builder, takes a while for so many).
    const oldest = Date.now() - 400 * DAY_MS;
    await sqlRun(db.db, {
      sqlite: sql`with recursive n(i) as (select 0 union all select i + 1 from n where i < 11999)
         insert into audit_entries (id, at, action, target_type, target_id, summary)
         select printf('old-%05d', i), ${oldest} + i, 'auth.lockout', 'user', 'u', 'old ' || i from n`,
      postgres: sql`insert into audit_entries (id, at, action, target_type, target_id, summary)
         select format('old-%s', lpad(i::text, 5, '0')), ${oldest}::bigint + i, 'auth.lockout', 'user', 'u', 'old ' || i from generate_series(0, 11999) as i`,
    });
    await record('new', Date.now());
    let batches = 0;
    const partly = await sweepAudit(db.db, Date.now() - DAY_MS, () => batches++ > 0);
    expect(partly).toBeGreaterThan(0);
    expect(partly).toBeLessThan(12_000);
    expect(await sweepAudit(db.db, Date.now() - DAY_MS)).toBe(12_000 - partly);
    expect(await kept()).toEqual(['new']);
  });
});
