// Two-factor sign-in's data functions (CONTRACT §3 "Two-factor sign-in"): the pending and active
// secrets (sealed), the last accepted time step and the recovery codes (hashed). Each change is
// one transaction with no await inside, and every use of a code is one conditional write, so a
// code raced from two requests (or two processes) is taken once.
import { and, count, eq, inArray, isNotNull, isNull, lt, or } from 'drizzle-orm';
import { recordAudit, type AuditActor } from '../audit/record';
import type { Db } from '../db/client';
import { loginChallenges, recoveryCodes, twoFactor } from '../db/schema';
import { endSessions } from '../users/data';
import { userTarget } from '../users/user-audit';
import { hashRecoveryCode, newRecoveryCodes, normalizeRecoveryCode } from './recovery-codes';
import type { SecretBox } from './secret-box';
import { matchTotpStep } from './totp';

/** What the data functions need besides the database: the box the secrets are sealed in. */
export interface TwoFactorStore {
  db: Db;
  box: SecretBox;
}

// A sealed secret opens only on its owner's row.
const sealContext = (userId: string) => `two-factor:${userId}`;

type SecondFactor = { kind: 'totp'; code: string } | { kind: 'recovery'; hash: string };

/** What a typed code is: six digits (spaces allowed, as apps show "123 456"), a recovery code, or neither. */
function parseSecondFactor(typed: string): SecondFactor | undefined {
  const digits = typed.replace(/\s/g, '');
  if (/^\d{6}$/.test(digits)) return { kind: 'totp', code: digits };
  const recovery = normalizeRecoveryCode(typed);
  return recovery ? { kind: 'recovery', hash: hashRecoveryCode(recovery) } : undefined;
}

export function isTwoFactorOn(db: Db, userId: string): boolean {
  return (
    db
      .select({ on: twoFactor.userId })
      .from(twoFactor)
      .where(and(eq(twoFactor.userId, userId), isNotNull(twoFactor.secret)))
      .get() !== undefined
  );
}

/** The member's own panel: whether it is on, and how many recovery codes are left. */
export function twoFactorStatus(db: Db, userId: string) {
  const enabled = isTwoFactorOn(db, userId);
  const left = enabled ? db.select({ n: count() }).from(recoveryCodes).where(eq(recoveryCodes.userId, userId)).get()!.n : 0;
  return { enabled, recoveryCodesLeft: left };
}

/** Which of these users have two-factor sign-in on (the admin's user list, beside its REST shape). */
export function usersWithTwoFactor(db: Db, userIds: string[]): string[] {
  if (userIds.length === 0) return [];
  return db
    .select({ id: twoFactor.userId })
    .from(twoFactor)
    .where(and(inArray(twoFactor.userId, userIds), isNotNull(twoFactor.secret)))
    .all()
    .map((row) => row.id);
}

/** Keeps a new secret as pending (replacing an earlier pending one); false if two-factor is already on. */
export function savePendingSecret({ db, box }: TwoFactorStore, userId: string, secret: string): boolean {
  const pendingSecret = box.seal(secret, sealContext(userId));
  const written = db
    .insert(twoFactor)
    .values({ userId, pendingSecret })
    .onConflictDoUpdate({ target: twoFactor.userId, set: { pendingSecret }, setWhere: isNull(twoFactor.secret) })
    .run();
  return written.changes > 0;
}

type EnableResult = { recoveryCodes: string[] } | 'already-on' | 'not-set-up' | 'wrong-code';

/**
 * Turns two-factor sign-in on with the first code of the pending secret: the secret becomes the
 * active one, that code's step the last accepted, and ten new recovery codes replace any old ones.
 * The returned codes exist in the clear only in this answer.
 */
export function enableTwoFactor({ db, box }: TwoFactorStore, actor: AuditActor, typed: string, nowMs: number): EnableResult {
  const userId = actor.id;
  return db.transaction(
    (tx) => {
      const row = tx.select().from(twoFactor).where(eq(twoFactor.userId, userId)).get();
      if (row?.secret) return 'already-on';
      const pending = row?.pendingSecret && box.open(row.pendingSecret, sealContext(userId));
      if (!row?.pendingSecret || !pending) return 'not-set-up';
      const code = parseSecondFactor(typed);
      const step = code?.kind === 'totp' ? matchTotpStep(pending, code.code, nowMs, null) : undefined;
      if (step === undefined) return 'wrong-code';
      const turnedOn = tx
        .update(twoFactor)
        .set({ secret: row.pendingSecret, pendingSecret: null, lastStep: step })
        .where(and(eq(twoFactor.userId, userId), isNull(twoFactor.secret), eq(twoFactor.pendingSecret, row.pendingSecret)))
        .run();
      if (turnedOn.changes === 0) return 'already-on';
      const codes = newRecoveryCodes();
      tx.delete(recoveryCodes).where(eq(recoveryCodes.userId, userId)).run();
      tx.insert(recoveryCodes)
        .values(codes.map((c) => ({ userId, codeHash: hashRecoveryCode(normalizeRecoveryCode(c)!) })))
        .run();
      recordAudit(tx, { actor, action: 'auth.2fa.enable', target: userTarget(userId), summary: `${actor.email} turned on two-factor sign-in` }, nowMs);
      return { recoveryCodes: codes };
    },
    { behavior: 'immediate' },
  );
}

function activeRow(tx: Db, userId: string) {
  const row = tx.select({ secret: twoFactor.secret, lastStep: twoFactor.lastStep }).from(twoFactor).where(eq(twoFactor.userId, userId)).get();
  return row?.secret ? { secret: row.secret, lastStep: row.lastStep } : undefined;
}

/**
 * Uses up a code of the user's active two-factor sign-in, inside the caller's transaction: a TOTP
 * code of a step after the last accepted one (the step moves forward in the same conditional
 * write), or an unused recovery code (deleted). False, and nothing written, for anything else.
 */
export function consumeSecondFactor({ box }: Pick<TwoFactorStore, 'box'>, tx: Db, userId: string, typed: string, nowMs: number): boolean {
  const row = activeRow(tx, userId);
  const code = parseSecondFactor(typed);
  if (!row || !code) return false;
  if (code.kind === 'recovery') {
    return (
      tx
        .delete(recoveryCodes)
        .where(and(eq(recoveryCodes.userId, userId), eq(recoveryCodes.codeHash, code.hash)))
        .run().changes > 0
    );
  }
  const secret = box.open(row.secret, sealContext(userId));
  // Unreadable: the server secret changed since it was sealed. Recovery codes still work.
  if (!secret) return false;
  const step = matchTotpStep(secret, code.code, nowMs, row.lastStep);
  if (step === undefined) return false;
  return (
    tx
      .update(twoFactor)
      .set({ lastStep: step })
      .where(and(eq(twoFactor.userId, userId), or(isNull(twoFactor.lastStep), lt(twoFactor.lastStep, step))))
      .run().changes > 0
  );
}

/** Removes the user's two-factor rows: its secrets, recovery codes and sign-ins waiting for a code. */
function removeTwoFactor(tx: Db, userId: string) {
  tx.delete(recoveryCodes).where(eq(recoveryCodes.userId, userId)).run();
  tx.delete(loginChallenges).where(eq(loginChallenges.userId, userId)).run();
  tx.delete(twoFactor).where(eq(twoFactor.userId, userId)).run();
}

/** The member turns it off with a code (their password was checked before). */
export function disableTwoFactor(store: TwoFactorStore, actor: AuditActor, typed: string, nowMs: number): 'off' | 'not-on' | 'wrong-code' {
  const userId = actor.id;
  return store.db.transaction(
    (tx) => {
      if (!activeRow(tx, userId)) return 'not-on';
      if (!consumeSecondFactor(store, tx, userId, typed, nowMs)) return 'wrong-code';
      removeTwoFactor(tx, userId);
      recordAudit(tx, { actor, action: 'auth.2fa.disable', target: userTarget(userId), summary: `${actor.email} turned off two-factor sign-in` }, nowMs);
      return 'off';
    },
    { behavior: 'immediate' },
  );
}

/**
 * An admin clears another user's two-factor sign-in (a lost phone and lost codes): it is turned
 * off and every session of the user ends, so whoever holds one must sign in again. False if it
 * was not on (or there is no such user).
 */
export function clearTwoFactor(db: Db, admin: AuditActor, user: { id: string; email: string }, nowMs: number): boolean {
  const userId = user.id;
  return db.transaction(
    (tx) => {
      if (!activeRow(tx, userId)) return false;
      removeTwoFactor(tx, userId);
      endSessions(tx, userId);
      const summary = `cleared the two-factor sign-in of ${user.email} and ended their sessions`;
      recordAudit(tx, { actor: admin, action: 'auth.2fa.disable', target: userTarget(userId), summary }, nowMs);
      return true;
    },
    { behavior: 'immediate' },
  );
}
