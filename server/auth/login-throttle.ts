// Slows and then locks repeated failed sign-ins, per account and client address, in memory.
// Keyed on both so that a stranger guessing a member's password from elsewhere cannot lock the
// member out, and forgot-password is never touched. See docs/decisions/003-login-throttling.md.

export interface ThrottlePolicy {
  /** Failures allowed before the first lock. */
  freeFailures: number;
  /** Lock after the first failure past the free ones; each further failure doubles it. */
  firstLockMs: number;
  maxLockMs: number;
  /** A key with no failure for this long is forgotten. */
  forgetAfterMs: number;
}

export const DEFAULT_THROTTLE_POLICY: ThrottlePolicy = {
  freeFailures: 5,
  firstLockMs: 30_000,
  maxLockMs: 15 * 60_000,
  forgetAfterMs: 60 * 60_000,
};

interface Entry {
  failures: number;
  lockedUntil: number;
  lastFailureAt: number;
}

export class LoginThrottle {
  private readonly entries = new Map<string, Entry>();

  constructor(
    private readonly policy: ThrottlePolicy = DEFAULT_THROTTLE_POLICY,
    private readonly now: () => number = Date.now,
  ) {}

  private key(email: string, ip: string): string {
    return `${email.toLowerCase()}\n${ip}`;
  }

  /** Milliseconds until this account may be tried again from this address; 0 when it may now. */
  retryAfterMs(email: string, ip: string): number {
    const entry = this.entries.get(this.key(email, ip));
    return entry ? Math.max(0, entry.lockedUntil - this.now()) : 0;
  }

  recordFailure(email: string, ip: string): void {
    const now = this.now();
    this.sweep(now);
    const key = this.key(email, ip);
    const entry = this.entries.get(key) ?? { failures: 0, lockedUntil: 0, lastFailureAt: now };
    entry.failures++;
    entry.lastFailureAt = now;
    const excess = entry.failures - this.policy.freeFailures;
    if (excess > 0) {
      entry.lockedUntil = now + Math.min(this.policy.maxLockMs, this.policy.firstLockMs * 2 ** (excess - 1));
    }
    this.entries.set(key, entry);
  }

  recordSuccess(email: string, ip: string): void {
    this.entries.delete(this.key(email, ip));
  }

  /** A password reset proves control of the mailbox: every address's count for that account starts over. */
  forgetAccount(email: string): void {
    const prefix = `${email.toLowerCase()}\n`;
    for (const key of this.entries.keys()) if (key.startsWith(prefix)) this.entries.delete(key);
  }

  private lastSweep = 0;

  private sweep(now: number): void {
    if (now - this.lastSweep < 60_000) return;
    this.lastSweep = now;
    for (const [key, entry] of this.entries) {
      if (now - entry.lastFailureAt > this.policy.forgetAfterMs && entry.lockedUntil < now) this.entries.delete(key);
    }
  }
}
