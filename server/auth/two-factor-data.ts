// Two-factor sign-in's data functions (CONTRACT §3 "Two-factor sign-in"): the pending and active
// secrets (sealed), the last accepted time step and the recovery codes (hashed). Each change is
// one transaction, and every use of a code is one conditional write, so a
// code raced from two requests (or two processes) is taken once.
import { and, count, eq, inArray, isNotNull, isNull, lt, or } from 'drizzle-orm';
import { recordAudit, type AuditActor } from '../audit/record';
import type { Db, Tx } from '../db/client';
import { transaction } from '../db/transaction';
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
export const sealContext = (userId: string) => `two-factor:${userId}`;

type SecondFactor = { kind: 'totp'; code: string } | { kind: 'recovery'; hash: string };

/** What a typed code is: six digits (spaces allowed, as apps show "123 456"), a recovery code, or neither. */
function parseSecondFactor(typed: string): SecondFactor | undefined {
  const digits = typed.replace(/\s/g, '');
  if (/^\d{6}$/.test(digits)) return { kind: 'totp', code: digits };
  const recovery = normalizeRecoveryCode(typed);
  return recovery ? { kind: 'recovery', hash: hashRecoveryCode(recovery) } : undefined;
}

/** Whether a typed code is an app's six-digit code (what the daily limit of wrong codes counts). */
export const isAppCode = (typed: string): boolean => parseSecondFactor(typed)?.kind === 'totp';

export async function isTwoFactorOn(db: Db, userId: string): Promise<boolean> {
  const on = await db
    .select({ on: twoFactor.userId })
    .from(twoFactor)
    .where(and(eq(twoFactor.userId, userId), isNotNull(twoFactor.secret)));
  return on.length > 0;
}

/** The member's own panel: whether it is on, and how many recovery codes are left. */
export async function twoFactorStatus(db: Db, userId: string) {
  const enabled = await isTwoFactorOn(db, userId);
  const [left] = enabled ? await db.select({ n: count() }).from(recoveryCodes).where(eq(recoveryCodes.userId, userId)) : [];
  return { enabled, recoveryCodesLeft: left?.n ?? 0 };
}

/** Which of these users have two-factor sign-in on (the admin's user list, beside its REST shape). */
export async function usersWithTwoFactor(db: Db, userIds: string[]): Promise<string[]> {
  if (userIds.length === 0) return [];
  const rows = await db
    .select({ id: twoFactor.userId })
    .from(twoFactor)
    .where(and(inArray(twoFactor.userId, userIds), isNotNull(twoFactor.secret)));
  return rows.map((row) => row.id);
}

/** Keeps a new secret as pending (replacing an earlier pending one); false if two-factor is already on. */
export async function savePendingSecret({ db, box }: TwoFactorStore, userId: string, secret: string): Promise<boolean> {
  const pendingSecret = box.seal(secret, sealContext(userId));
  const written = await db
    .insert(twoFactor)
    .values({ userId, pendingSecret })
    .onConflictDoUpdate({ target: twoFactor.userId, set: { pendingSecret }, setWhere: isNull(twoFactor.secret) })
    .returning({ userId: twoFactor.userId });
  return written.length > 0;
}

type EnableResult = { recoveryCodes: string[]; sessionsValidFrom: number } | 'already-on' | 'not-set-up' | 'wrong-code';

/**
 * Turns two-factor sign-in on with the first code of the pending secret: the secret becomes the
 * active one, that code's step the last accepted, ten new recovery codes replace any old ones, and
 * every session of the member issued so far ends (a session opened before it need not have known
 * more than the password). The returned codes exist in the clear only in this answer; with them,
 * the time from which the member's tokens count again, for the caller's fresh one. Whether the
 * address was verified is kept with it (clearAfterResetIfUnverified).
 */
export function enableTwoFactor(
  { db, box }: TwoFactorStore,
  actor: AuditActor,
  typed: string,
  nowMs: number,
  { onVerifiedEmail }: { onVerifiedEmail: boolean },
): Promise<EnableResult> {
  const userId = actor.id;
  return transaction(db, async (tx): Promise<EnableResult> => {
    const [row] = await tx.select().from(twoFactor).where(eq(twoFactor.userId, userId));
    if (row?.secret) return 'already-on';
    const pending = row?.pendingSecret && box.open(row.pendingSecret, sealContext(userId));
    if (!row?.pendingSecret || !pending) return 'not-set-up';
    const code = parseSecondFactor(typed);
    const step = code?.kind === 'totp' ? matchTotpStep(pending, code.code, nowMs, null) : undefined;
    if (step === undefined) return 'wrong-code';
    const turnedOn = await tx
      .update(twoFactor)
      .set({ secret: row.pendingSecret, pendingSecret: null, lastStep: step, enabledOnVerifiedEmail: onVerifiedEmail })
      .where(and(eq(twoFactor.userId, userId), isNull(twoFactor.secret), eq(twoFactor.pendingSecret, row.pendingSecret)))
      .returning({ userId: twoFactor.userId });
    if (turnedOn.length === 0) return 'already-on';
    const codes = newRecoveryCodes();
    await tx.delete(recoveryCodes).where(eq(recoveryCodes.userId, userId));
    await tx.insert(recoveryCodes).values(codes.map((c) => ({ userId, codeHash: hashRecoveryCode(normalizeRecoveryCode(c)!) })));
    const sessionsValidFrom = await endSessions(tx, userId);
    if (sessionsValidFrom === undefined) throw new Error(`no user ${userId} to end the sessions of`);
    const summary = `${actor.email} turned on two-factor sign-in and ended their other sessions`;
    await recordAudit(tx, { actor, action: 'auth.2fa.enable', target: userTarget(userId), summary }, nowMs);
    return { recoveryCodes: codes, sessionsValidFrom };
  });
}

async function activeRow(tx: Db, userId: string) {
  const [row] = await tx.select({ secret: twoFactor.secret, lastStep: twoFactor.lastStep }).from(twoFactor).where(eq(twoFactor.userId, userId));
  return row?.secret ? { secret: row.secret, lastStep: row.lastStep } : undefined;
}

/**
 * Uses up a code of the user's active two-factor sign-in, inside the caller's transaction: a TOTP
 * code of a step after the last accepted one (the step moves forward in the same conditional
 * write), or an unused recovery code (deleted). False, and nothing written, for anything else.
 */
export async function consumeSecondFactor({ box }: Pick<TwoFactorStore, 'box'>, tx: Tx, userId: string, typed: string, nowMs: number): Promise<boolean> {
  const row = await activeRow(tx, userId);
  const code = parseSecondFactor(typed);
  if (!row || !code) return false;
  if (code.kind === 'recovery') {
    const used = await tx
      .delete(recoveryCodes)
      .where(and(eq(recoveryCodes.userId, userId), eq(recoveryCodes.codeHash, code.hash)))
      .returning({ userId: recoveryCodes.userId });
    return used.length > 0;
  }
  const secret = box.open(row.secret, sealContext(userId));
  // Unreadable: the server secret changed since it was sealed. Recovery codes still work.
  if (!secret) return false;
  const step = matchTotpStep(secret, code.code, nowMs, row.lastStep);
  if (step === undefined) return false;
  const moved = await tx
    .update(twoFactor)
    .set({ lastStep: step })
    .where(and(eq(twoFactor.userId, userId), or(isNull(twoFactor.lastStep), lt(twoFactor.lastStep, step))))
    .returning({ userId: twoFactor.userId });
  return moved.length > 0;
}

/** Removes the user's two-factor rows: its secrets, recovery codes and sign-ins waiting for a code. */
async function removeTwoFactor(tx: Tx, userId: string) {
  await tx.delete(recoveryCodes).where(eq(recoveryCodes.userId, userId));
  await tx.delete(loginChallenges).where(eq(loginChallenges.userId, userId));
  await tx.delete(twoFactor).where(eq(twoFactor.userId, userId));
}

/** The member turns it off with a code (their password was checked before). */
export function disableTwoFactor(store: TwoFactorStore, actor: AuditActor, typed: string, nowMs: number): Promise<'off' | 'not-on' | 'wrong-code'> {
  const userId = actor.id;
  return transaction(store.db, async (tx) => {
    if (!(await activeRow(tx, userId))) return 'not-on';
    if (!(await consumeSecondFactor(store, tx, userId, typed, nowMs))) return 'wrong-code';
    await removeTwoFactor(tx, userId);
    await recordAudit(tx, { actor, action: 'auth.2fa.disable', target: userTarget(userId), summary: `${actor.email} turned off two-factor sign-in` }, nowMs);
    return 'off';
  });
}

/**
 * After a completed reset by mail, inside its transaction: a second factor turned on while the
 * address was unverified is cleared, since whoever turned it on had not proven the mailbox that has
 * now reclaimed the account (issue 33). One turned on after the address was proven stays. Whether
 * one was cleared.
 */
export async function clearAfterResetIfUnverified(tx: Tx, actor: AuditActor, nowMs: number): Promise<boolean> {
  const userId = actor.id;
  const [row] = await tx
    .select({ userId: twoFactor.userId })
    .from(twoFactor)
    .where(and(eq(twoFactor.userId, userId), isNotNull(twoFactor.secret), eq(twoFactor.enabledOnVerifiedEmail, false)));
  if (!row) return false;
  await removeTwoFactor(tx, userId);
  const summary = 'two-factor sign-in, turned on while the address was unverified, cleared by the password reset through the mailed link';
  await recordAudit(tx, { actor, action: 'auth.2fa.disable', target: userTarget(userId), summary }, nowMs);
  return true;
}

/**
 * An admin clears another user's two-factor sign-in (a lost phone and lost codes): it is turned
 * off and every session of the user ends, so whoever holds one must sign in again. False if it
 * was not on (or there is no such user).
 */
export function clearTwoFactor(db: Db, admin: AuditActor, user: { id: string; email: string }, nowMs: number): Promise<boolean> {
  const userId = user.id;
  return transaction(db, async (tx) => {
    if (!(await activeRow(tx, userId))) return false;
    await removeTwoFactor(tx, userId);
    await endSessions(tx, userId);
    const summary = `cleared the two-factor sign-in of ${user.email} and ended their sessions`;
    await recordAudit(tx, { actor: admin, action: 'auth.2fa.disable', target: userTarget(userId), summary }, nowMs);
    return true;
  });
}

declare module '../app-deps' {
  interface AppDeps {
    /** Two-factor sign-in's data: the database and the box its secrets are sealed in. */
    twoFactor: TwoFactorStore;
  }
}
