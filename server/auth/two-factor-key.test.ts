// The two-factor key of its own (CONTRACT §3 "Two-factor sign-in"; decision 012): an install whose
// secrets were sealed under the site secret, as every version before it sealed them, keeps its
// members' app codes through the upgrade and through a rotation of JWT_SECRET after it.
import { existsSync, rmSync, statSync } from 'node:fs';
import path from 'node:path';
import { Worker } from 'node:worker_threads';
import { eq, sql } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import { callJson, createTestApp, TEST_JWT_SECRET, TEST_TWO_FACTOR_KEY, type TestApp } from '../../tests/support/test-app';
import { dialect, sqlRows, withAppDatabase } from '../../tests/support/test-database';
import { STEP_MS, TestClock, turnOnTwoFactor, type TwoFactorOn, verifyOwnAddress } from '../../tests/support/two-factor';
import { buildApp } from '../app';
import type { AppConfig } from '../config';
import { sqliteDriverPackage } from '../db/sqlite-driver';
import { twoFactor, users } from '../db/schema';
import type { SecretBox } from './secret-box';
import { totpCode } from './totp';
import { resealTwoFactorSecrets, siteSecretTwoFactorBox, twoFactorBox } from './two-factor-key';
import { sealContext } from './two-factor-data';

const mia = { name: 'Mia Member', email: 'mia@example.com', password: 'mia password' };
const ola = { name: 'Ola Other', email: 'ola@example.com', password: 'ola password' };

let t: TestApp;
let clock: TestClock;
afterEach(async () => {
  await t.close();
});

interface Stored {
  userId: string;
  secret: string | null;
  pending_secret: string | null;
}

const stored = () =>
  withAppDatabase(t.config, (db) => sqlRows<Stored>(db, sql`select user_id as "userId", secret, pending_secret from two_factor order by user_id`));

const idOf = async (email: string) => (await withAppDatabase(t.config, (db) => db.select({ id: users.id }).from(users).where(eq(users.email, email))))[0]!.id;

/** A site with Mia's two-factor on and Ola's set up but not yet confirmed; the clock a step on. */
async function start(env: Record<string, string> = {}): Promise<{ on: TwoFactorOn; olaPending: string }> {
  clock = new TestClock();
  t = await createTestApp({ env, build: { clock: clock.now } });
  const miaToken = (await callJson(t.app, 'POST', '/api/auth/register', mia)).body.token as string;
  const on = await turnOnTwoFactor(t, { token: miaToken, password: mia.password }, clock);
  const olaToken = (await callJson(t.app, 'POST', '/api/auth/register', ola)).body.token as string;
  await verifyOwnAddress(t, olaToken);
  const olaPending = (await callJson(t.app, 'POST', '/api/auth/2fa/setup', undefined, olaToken)).body.secret as string;
  clock.advance(STEP_MS);
  return { on, olaPending };
}

/** Seals the stored secrets as a version before the two-factor key did: under the site secret (`v1.`). */
async function sealAsBefore(plain: { mia: string; ola: string }, siteSecret = TEST_JWT_SECRET) {
  const before = siteSecretTwoFactorBox(siteSecret);
  const [miaId, olaId] = [await idOf(mia.email), await idOf(ola.email)];
  await withAppDatabase(t.config, async (db) => {
    await db
      .update(twoFactor)
      .set({ secret: before.seal(plain.mia, sealContext(miaId)) })
      .where(eq(twoFactor.userId, miaId));
    await db
      .update(twoFactor)
      .set({ pendingSecret: before.seal(plain.ola, sealContext(olaId)) })
      .where(eq(twoFactor.userId, olaId));
  });
}

/** Stops the site and starts it again on the same data, with `changes` to its configuration. */
async function restart(changes: Partial<AppConfig> = {}) {
  await t.app.close();
  t.app = await buildApp({ ...t.config, ...changes }, { clientDir: undefined, logStream: t.logs, clock: clock.now });
}

async function signInWithCode(user: { email: string; password: string }, code: string) {
  const challenge = (await callJson(t.app, 'POST', '/api/auth/login', { email: user.email, password: user.password })).body.challenge as string;
  expect(challenge).toEqual(expect.any(String));
  return (await callJson(t.app, 'POST', '/api/auth/login/2fa', { challenge, code })).status;
}

/** Ola confirms the setup that waited through the upgrade with a code of its secret. */
async function olaConfirms(pending: string) {
  const token = (await callJson(t.app, 'POST', '/api/auth/login', { email: ola.email, password: ola.password })).body.token as string;
  return (await callJson(t.app, 'POST', '/api/auth/2fa/enable', { code: totpCode(pending, clock.now()), password: ola.password }, token)).status;
}

// Another process of the site, on SQLite: it takes the write lock, and while this one starts,
// writes the secrets sealed again with the two-factor key, as its own start would.
const OTHER_PROCESS = `
const { parentPort, workerData } = require('node:worker_threads');
const Database = require(workerData.betterSqlite3);
const sqlite = new Database(workerData.file);
sqlite.pragma('busy_timeout = 5000');
sqlite.exec('BEGIN IMMEDIATE');
parentPort.postMessage('holding the write lock');
Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 500);
const update = sqlite.prepare('update two_factor set secret = coalesce(?, secret), pending_secret = coalesce(?, pending_secret) where user_id = ?');
for (const row of workerData.rows) update.run(row.secret, row.pendingSecret, row.userId);
sqlite.exec('COMMIT');
sqlite.close();
parentPort.postMessage('done');
`;

const logged = (message: string) => t.logs.lines.map((line) => JSON.parse(line) as Record<string, unknown>).filter((line) => line.msg === message);

describe('the two-factor key', () => {
  it('an install upgraded from the site-secret key keeps its app codes, then keeps them when JWT_SECRET is rotated', async () => {
    // A default install: no TWO_FACTOR_KEY, so it is generated in DATA_DIR, as the upgrade would.
    const { on, olaPending } = await start({ TWO_FACTOR_KEY: '' });
    const keyFile = path.join(t.dataDir, 'two-factor-key');
    await sealAsBefore({ mia: on.secret, ola: olaPending });
    // The version before had no key file.
    await t.app.close();
    rmSync(keyFile);

    await restart();
    expect(statSync(keyFile).mode & 0o777).toBe(0o600);
    const resealed = await stored();
    expect(resealed.map((row) => row.secret ?? row.pending_secret)).toEqual([expect.stringMatching(/^v2\./), expect.stringMatching(/^v2\./)]);
    expect(logged('two-factor secrets sealed again with the two-factor key')).toEqual([expect.objectContaining({ resealed: 2 })]);
    expect(await signInWithCode(mia, on.code())).toBe(200);

    // The site secret leaked and is replaced: every session ends, but the app codes stay.
    clock.advance(STEP_MS);
    await restart({ jwtSecret: `${TEST_JWT_SECRET}-rotated` });
    // Nothing was left to seal again: the second start changed no value, and the key file is the same.
    expect(await stored()).toEqual(resealed);
    expect(logged('two-factor secrets sealed again with the two-factor key')).toHaveLength(1);
    expect(await signInWithCode(mia, on.code())).toBe(200);
    expect(await olaConfirms(olaPending)).toBe(200);
  });

  it('an operator’s TWO_FACTOR_KEY seals them, and a changed key makes app codes unreadable (recovery codes still work)', async () => {
    const { on } = await start({ TWO_FACTOR_KEY: 'an-operators-two-factor-key-of-32-bytes-or-more' });
    expect(existsSync(path.join(t.dataDir, 'two-factor-key'))).toBe(false);
    await restart();
    expect(await signInWithCode(mia, on.code())).toBe(200);
    clock.advance(STEP_MS);
    await restart({ twoFactorKey: 'another-two-factor-key-of-32-bytes-or-more' });
    expect(await signInWithCode(mia, on.code())).toBe(401);
    expect(await signInWithCode(mia, on.recoveryCodes[0]!)).toBe(200);
  });

  it('several processes starting at once on an upgraded install seal each secret again once, and each can read them', async () => {
    const { on, olaPending } = await start();
    await sealAsBefore({ mia: on.secret, ola: olaPending });
    await t.app.close();
    const build = () => buildApp(t.config, { clientDir: undefined, logStream: t.logs, clock: clock.now });
    const sealedAgain = () => logged('two-factor secrets sealed again with the two-factor key').map((line) => line.resealed);
    if (dialect === 'postgres') {
      // Two sites in this process start at once, each with its own connections.
      const [a, b] = await Promise.all([build(), build()]);
      try {
        expect(sealedAgain()).toEqual([2]);
        t.app = a;
        expect(await signInWithCode(mia, on.code())).toBe(200);
        t.app = b;
        expect(await olaConfirms(olaPending)).toBe(200);
      } finally {
        await Promise.all([a.close(), b.close()]);
      }
    } else {
      // SQLite locks whole threads: the other process is a thread that holds the write lock and
      // seals them again while this one starts, which then waits for the lock and finds nothing left.
      const box = twoFactorBox(TEST_TWO_FACTOR_KEY);
      const [miaId, olaId] = [await idOf(mia.email), await idOf(ola.email)];
      const rows = [
        { userId: miaId, secret: box.seal(on.secret, sealContext(miaId)), pendingSecret: null },
        { userId: olaId, secret: null, pendingSecret: box.seal(olaPending, sealContext(olaId)) },
      ];
      const other = new Worker(OTHER_PROCESS, {
        eval: true,
        workerData: { file: path.join(t.dataDir, 'app.db'), betterSqlite3: require.resolve(sqliteDriverPackage()), rows },
      });
      try {
        const done = new Promise<void>((resolve, reject) => {
          other.on('message', (message: string) => message === 'done' && resolve());
          other.on('error', reject);
        });
        await new Promise<void>((resolve) => other.once('message', () => resolve()));
        t.app = await build();
        await done;
      } finally {
        await other.terminate();
      }
      expect(sealedAgain()).toEqual([]);
      expect((await stored()).map((row) => row.secret ?? row.pending_secret)).toEqual(
        rows.sort((x, y) => (x.userId < y.userId ? -1 : 1)).map((row) => row.secret ?? row.pendingSecret),
      );
      expect(await signInWithCode(mia, on.code())).toBe(200);
      expect(await olaConfirms(olaPending)).toBe(200);
    }
  });

  it('a secret sealed under an earlier site secret than today’s is left as it was and warned about; recovery codes still sign in', async () => {
    const { on, olaPending } = await start();
    await sealAsBefore({ mia: on.secret, ola: olaPending }, `${TEST_JWT_SECRET}-of-long-ago`);
    const before = await stored();
    await restart();
    expect(await stored()).toEqual(before);
    expect(
      logged(
        'two-factor secrets sealed with an earlier site secret could not be opened: those members sign in with a recovery code, or an admin clears theirs',
      ),
    ).toEqual([expect.objectContaining({ unreadable: 2 })]);
    expect(await signInWithCode(mia, on.code())).toBe(401);
    expect(await signInWithCode(mia, on.recoveryCodes[0]!)).toBe(200);
  });

  it('seals all of them again or none: a failure half way leaves every value as it was', async () => {
    const { on, olaPending } = await start();
    await sealAsBefore({ mia: on.secret, ola: olaPending });
    const before = await stored();
    const from = siteSecretTwoFactorBox(TEST_JWT_SECRET);
    const to = twoFactorBox('a-key-that-fails-on-its-second-value-000');
    let sealed = 0;
    const failing: SecretBox = {
      ...to,
      seal: (plain, context) => {
        if (++sealed === 2) throw new Error('the disk is full');
        return to.seal(plain, context);
      },
    };
    await withAppDatabase(t.config, async (db) => {
      await expect(resealTwoFactorSecrets(db, from, failing)).rejects.toThrow('the disk is full');
    });
    expect(sealed).toBe(2);
    expect(await stored()).toEqual(before);
    await withAppDatabase(t.config, async (db) => expect(await resealTwoFactorSecrets(db, from, to)).toEqual({ resealed: 2, unreadable: 0 }));
    await withAppDatabase(t.config, async (db) => expect(await resealTwoFactorSecrets(db, from, to)).toEqual({ resealed: 0, unreadable: 0 }));
  });
});
