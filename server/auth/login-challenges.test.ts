// The challenge's data functions on their own, against a real database: what happens when a
// challenge ends between the route's first look and the transaction that takes the code, an
// interleaving that requests through the app rarely hit.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createTestApp, TEST_TWO_FACTOR_KEY, type TestApp } from '../../tests/support/test-app';
import { CLOCK_START_MS, STEP_MS } from '../../tests/support/two-factor';
import { count } from 'drizzle-orm';
import { openAppDatabase } from '../../tests/support/test-database';
import type { SiteDatabase } from '../db/client';
import { loginChallenges } from '../db/schema';
import { insertUser } from '../users/data';
import { findLoginChallenge, finishLoginChallenge, issueLoginChallenge, LOGIN_CHALLENGE_TTL_MS } from './login-challenges';
import { newTotpSecret, totpCode } from './totp';
import { twoFactorBox } from './two-factor-key';
import { enableTwoFactor, savePendingSecret, twoFactorStatus, type TwoFactorStore } from './two-factor-data';

let t: TestApp;
let handle: SiteDatabase;
let store: TwoFactorStore;
let account: { id: string; sessionsValidFrom: number };
let secret: string;
let recoveryCodes: string[];
const now = CLOCK_START_MS + STEP_MS;

beforeEach(async () => {
  t = await createTestApp();
  handle = await openAppDatabase(t.config);
  store = { db: handle.db, box: twoFactorBox(TEST_TWO_FACTOR_KEY) };
  const user = await insertUser(handle.db, { name: 'Mia', email: 'mia@example.com', passwordHash: 'unused here' });
  secret = newTotpSecret();
  expect(await savePendingSecret(store, user._id, secret)).toBe(true);
  const enabled = await enableTwoFactor(store, { id: user._id, email: user.email }, totpCode(secret, CLOCK_START_MS), CLOCK_START_MS, {
    onVerifiedEmail: true,
  });
  if (typeof enabled === 'string') throw new Error(enabled);
  recoveryCodes = enabled.recoveryCodes;
  // Turning it on ended the sessions issued before: a sign-in now is one after that.
  account = { id: user._id, sessionsValidFrom: enabled.sessionsValidFrom };
});
afterEach(async () => {
  await handle.close();
  await t.close();
});

describe('finishing a sign-in', () => {
  it('a challenge that ended before its code arrived checks no code and uses none up', async () => {
    const challenge = await issueLoginChallenge(handle.db, account, now);
    expect(await finishLoginChallenge(store, challenge, totpCode(secret, now), now)).toEqual({ userId: account.id, role: 'user' });
    // A second request with the same challenge, and another good code, that had passed the route's first look.
    expect(await finishLoginChallenge(store, challenge, recoveryCodes[0]!, now)).toBe('challenge-gone');
    expect((await twoFactorStatus(handle.db, account.id)).recoveryCodesLeft).toBe(10);
    expect(await finishLoginChallenge(store, await issueLoginChallenge(handle.db, account, now), recoveryCodes[0]!, now)).toMatchObject({ userId: account.id });
  });

  it('an expired challenge checks no code either, and a wrong code leaves the challenge open', async () => {
    const challenge = await issueLoginChallenge(handle.db, account, now);
    const wrong = String((Number(totpCode(secret, now)) + 1) % 1_000_000).padStart(6, '0');
    expect(await finishLoginChallenge(store, challenge, wrong, now)).toBe('wrong-code');
    expect(await findLoginChallenge(handle.db, challenge, now)).toBeDefined();
    expect(await finishLoginChallenge(store, challenge, recoveryCodes[1]!, now + LOGIN_CHALLENGE_TTL_MS)).toBe('challenge-gone');
    expect((await twoFactorStatus(handle.db, account.id)).recoveryCodesLeft).toBe(10);
  });

  it('expired challenges are removed when new ones are issued', async () => {
    await issueLoginChallenge(handle.db, account, now);
    await issueLoginChallenge(handle.db, account, now + LOGIN_CHALLENGE_TTL_MS + 1);
    expect(await handle.db.select({ n: count() }).from(loginChallenges)).toEqual([{ n: 1 }]);
  });
});
