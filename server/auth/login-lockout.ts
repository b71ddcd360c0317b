// Locks repeated failed sign-ins (CONTRACT §3 "Limits and sessions"), counted in the counter store:
// - per account and address: LOGIN_FAILURES_FREE failures, then locked 30 s, doubling to 15 min,
//   with one password check after each lock;
// - per account from every address: LOGIN_ACCOUNT_FAILURES_PER_HOUR failures, then every sign-in
//   to it waits for the hour's end.
// An attempt takes its place in the counts before its password is checked (admit), and settles
// after (succeeded / failed), so guesses sent all at once, or in one tRPC batch, are checked at
// most as often as guesses sent one by one. Keys carry the account's password generation, so a
// completed password reset starts every count of the account over.
// See docs/decisions/007-limits-and-sessions.md.
import type { FastifyBaseLogger } from 'fastify';
import { addressKey } from '../limits/address-limits';
import type { CounterStore } from '../limits/counter-store';

export interface LockoutPolicy {
  /** Failures allowed per account and address before the first lock; 0: no such lock. */
  freeFailures: number;
  /** Failures allowed per account from all addresses in an hour; 0: no such ceiling. */
  accountFailuresPerHour: number;
  firstLockMs: number;
  maxLockMs: number;
  /** An account and address with no lock for this long starts over. */
  forgetAfterMs: number;
}

export const LOCK_TIMES = { firstLockMs: 30_000, maxLockMs: 15 * 60_000, forgetAfterMs: 60 * 60_000 } as const;
const ACCOUNT_WINDOW_MS = 60 * 60_000;

export interface LoginAttemptKey {
  email: string;
  /** When the account's password last changed (0 for an unknown email). */
  generation: number;
  ip: string;
}

export interface Attempt {
  succeeded(): Promise<void>;
  failed(): Promise<void>;
  /** Neither: the check itself broke. Gives the places back. */
  abandoned(): Promise<void>;
}

export type Admission = { attempt: Attempt } | { retryAfterMs: number };

interface LockFacts {
  email: string;
  lockedForMs: number;
  /** The failed sign-ins that set it. */
  failures: number;
}

/** This address may not try the account for a while: level 1 after the free failures, one level more for each failure after a lock. */
export interface AddressLock extends LockFacts {
  scope: 'address';
  ip: string;
  level: number;
}

/** Nobody may sign in to the account until its hour's window ends. */
export interface AccountThrottle extends LockFacts {
  scope: 'account';
}

/** A lock just set, told once to the listener (the audit trail's auth.lockout). */
export type SignInLock = AddressLock | AccountThrottle;

export class LoginLockout {
  constructor(
    private readonly store: CounterStore,
    private readonly policy: LockoutPolicy,
    private readonly log: FastifyBaseLogger,
    private readonly onLock: (lock: SignInLock) => Promise<void> | void = () => {},
  ) {}

  /** The lock stands whatever the listener does: its failure is logged, and the sign-in answers as it would have. */
  private async report(lock: SignInLock) {
    try {
      await this.onLock(lock);
    } catch (error) {
      this.log.error({ err: error, email: lock.email }, 'a sign-in lock could not be reported');
    }
  }

  private lockFor(level: number): number {
    return Math.min(this.policy.maxLockMs, this.policy.firstLockMs * 2 ** (level - 1));
  }

  async admit(key: LoginAttemptKey): Promise<Admission> {
    const pairAdmission = await this.admitPair(key);
    if ('retryAfterMs' in pairAdmission) return pairAdmission;
    const pair = pairAdmission.attempt;
    const accountAdmission = await this.admitAccount(key);
    if ('retryAfterMs' in accountAdmission) {
      await pair.abandoned();
      return accountAdmission;
    }
    const account = accountAdmission.attempt;
    return {
      attempt: {
        succeeded: async () => void (await Promise.all([pair.succeeded(), account.succeeded()])),
        failed: async () => void (await Promise.all([pair.failed(), account.failed()])),
        abandoned: async () => void (await Promise.all([pair.abandoned(), account.abandoned()])),
      },
    };
  }

  private async admitPair({ email, generation, ip }: LoginAttemptKey): Promise<Admission> {
    const { freeFailures, forgetAfterMs } = this.policy;
    if (freeFailures === 0) return { attempt: NOTHING_TO_SETTLE };
    const { store } = this;
    // An IPv6 address counts by its /64, as the per-address limits do: one host usually holds the
    // whole /64, and would otherwise get five checks from each of its addresses.
    const prefix = `login:pair:${email}:${generation}:${addressKey(ip)}`;
    const keys = { tries: `${prefix}:tries`, level: `${prefix}:level`, lock: `${prefix}:lock`, gate: `${prefix}:gate` };
    const lock = await store.get(keys.lock);
    if (lock) return { retryAfterMs: lock.expiresInMs };
    const level = (await store.get(keys.level))?.value ?? 0;

    const lockNow = async (newLevel: number) => {
      const lockMs = this.lockFor(newLevel);
      // The lock goes down first: until it does, the free checks are taken and the gate is held,
      // and once it is down the level may follow (an attempt in between is refused by the lock).
      // Raised in one step: of the fifth failure and the attempts refused while the free checks
      // were in flight, all locking at once, one sets the lock, and only it logs and reports it.
      if (!(await store.raise(keys.lock, newLevel, lockMs))) return;
      await store.set(keys.level, newLevel, forgetAfterMs);
      this.log.warn({ email, ip, lockedForSeconds: lockMs / 1000 }, 'sign-in locked for this account from this address');
      await this.report({ scope: 'address', email, ip, level: newLevel, failures: newLevel === 1 ? freeFailures : 1, lockedForMs: lockMs });
    };
    const forget = () => store.delete(keys.tries, keys.level, keys.lock, keys.gate);

    if (level === 0) {
      // The free checks: each attempt takes a number first, in flight or not. The count is
      // forgotten an hour after the last attempt, not the first, so a pair cannot save up its free
      // checks to spend them at a window's turn.
      const tries = await store.increment(keys.tries, forgetAfterMs, { sliding: true });
      const giveBack = async () => void (await store.increment(keys.tries, forgetAfterMs, { by: -1 }));
      if (tries.value > freeFailures) {
        // Refused, so no check: the number goes back, or a free check abandoned later would leave
        // the count above the limit with no lock to end it.
        await giveBack();
        // The free checks are all taken and no lock ends them yet. Their fifth failure will lock;
        // should it never settle (its process died, the store failed under it), this lock does, so
        // that after it one check is let through again instead of none, ever.
        await lockNow(1);
        return { retryAfterMs: this.lockFor(1) };
      }
      return {
        attempt: {
          succeeded: forget,
          failed: async () => {
            if (tries.value === freeFailures) await lockNow(1);
          },
          abandoned: giveBack,
        },
      };
    }

    // After a lock: one check, whoever takes the gate first. It holds the gate until it settles;
    // should its process die mid-check, the gate comes free after the longest lock. Not sooner: a
    // check may wait for argon2 behind a flood for minutes, and a gate open again meanwhile would
    // let a second check in.
    const gate = await store.increment(keys.gate, this.policy.maxLockMs);
    if (gate.value > 1) return { retryAfterMs: this.lockFor(level + 1) };
    // The check before ours may have locked again between our look and the gate.
    const relock = await store.get(keys.lock);
    if (relock) {
      await store.delete(keys.gate);
      return { retryAfterMs: relock.expiresInMs };
    }
    return {
      attempt: {
        succeeded: forget,
        failed: async () => {
          await lockNow(level + 1);
          await store.delete(keys.gate);
        },
        abandoned: () => store.delete(keys.gate),
      },
    };
  }

  private async admitAccount({ email, generation }: LoginAttemptKey): Promise<Admission> {
    const max = this.policy.accountFailuresPerHour;
    if (max === 0) return { attempt: NOTHING_TO_SETTLE };
    const key = `login:account:${email}:${generation}`;
    // Every attempt in flight counts as a failure until it turns out otherwise.
    const failures = await this.store.increment(key, ACCOUNT_WINDOW_MS);
    const giveBack = async () => void (await this.store.increment(key, ACCOUNT_WINDOW_MS, { by: -1 }));
    if (failures.value > max) {
      await giveBack();
      return { retryAfterMs: failures.expiresInMs };
    }
    return {
      attempt: {
        succeeded: giveBack,
        failed: async () => {
          // Once per window: a give-back in between can bring the count to the ceiling twice.
          if (failures.value === max && (await this.store.raise(`${key}:throttled`, 1, failures.expiresInMs))) {
            this.log.warn({ email, retryAfterSeconds: Math.ceil(failures.expiresInMs / 1000) }, 'sign-in throttled for this account from every address');
            await this.report({ scope: 'account', email, failures: max, lockedForMs: failures.expiresInMs });
          }
        },
        abandoned: giveBack,
      },
    };
  }
}

const settled = () => Promise.resolve();
const NOTHING_TO_SETTLE: Attempt = { succeeded: settled, failed: settled, abandoned: settled };

declare module '../app-deps' {
  interface AppDeps {
    loginLockout: LoginLockout;
  }
}
