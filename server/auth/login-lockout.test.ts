// The sign-in lockout's rules on their own (CONTRACT §3), with a clock the test moves. The HTTP
// side (parallel requests, batches, the 429) is in limits-rest.test.ts.
import pino from 'pino';
import { describe, expect, it } from 'vitest';
import type { CounterStore } from '../limits/counter-store';
import { MemoryCounterStore } from '../limits/memory-counter-store';
import { LOCK_TIMES, LoginLockout, type Admission, type LoginAttemptKey, type SignInLock } from './login-lockout';

/** The memory store whose writes (set, raise) take 5 ms, as steps across a network (Redis) may: other steps can run in between. */
function withSlowWrites(store: MemoryCounterStore): CounterStore {
  const slowly = () => new Promise((resolve) => setTimeout(resolve, 5));
  return {
    increment: (...args) => store.increment(...args),
    get: (...args) => store.get(...args),
    set: (...args) => slowly().then(() => store.set(...args)),
    raise: (...args) => slowly().then(() => store.raise(...args)),
    delete: (...args) => store.delete(...args),
  };
}

function setup(policy: Partial<{ freeFailures: number; accountFailuresPerHour: number }> = {}, { slowWrites = false } = {}) {
  const clock = { now: 1_000_000 };
  const memory = new MemoryCounterStore(undefined, () => clock.now);
  const store = slowWrites ? withSlowWrites(memory) : memory;
  const locks: SignInLock[] = [];
  const lockout = new LoginLockout(store, { freeFailures: 5, accountFailuresPerHour: 0, ...LOCK_TIMES, ...policy }, pino({ level: 'silent' }), (lock) => {
    locks.push(lock);
  });
  return { clock, lockout, locks };
}

const key = (ip = '10.0.0.1', generation = 0): LoginAttemptKey => ({ email: 'ann@example.com', generation, ip });
const admitted = (admission: Admission) => 'attempt' in admission;

/** Admits `n` attempts at once, then fails every admitted one; returns how many were admitted. */
async function guessAtOnce(lockout: LoginLockout, n: number, k = key()): Promise<number> {
  const admissions = await Promise.all(Array.from({ length: n }, () => lockout.admit(k)));
  await Promise.all(admissions.flatMap((a) => ('attempt' in a ? [a.attempt.failed()] : [])));
  return admissions.filter(admitted).length;
}

describe('the sign-in lockout', () => {
  it('checks at most five of a hundred guesses sent at once, then locks for 30 s', async () => {
    const { lockout } = setup();
    expect(await guessAtOnce(lockout, 100)).toBe(5);
    const locked = await lockout.admit(key());
    expect(locked).toEqual({ retryAfterMs: 30_000 });
  });

  it('after each lock lets exactly one check through, and each failure doubles the lock up to 15 minutes', async () => {
    const { clock, lockout } = setup();
    await guessAtOnce(lockout, 5);
    const locks = [];
    for (let round = 0; round < 7; round++) {
      const wait = await lockout.admit(key());
      if (!('retryAfterMs' in wait)) throw new Error('expected a lock');
      locks.push(wait.retryAfterMs);
      clock.now += wait.retryAfterMs;
      expect(await guessAtOnce(lockout, 20)).toBe(1);
    }
    expect(locks).toEqual([30_000, 60_000, 120_000, 240_000, 480_000, 900_000, 900_000]);
  });

  it('a success clears the count for the account and address', async () => {
    const { lockout } = setup();
    await guessAtOnce(lockout, 4);
    const right = await lockout.admit(key());
    if (!('attempt' in right)) throw new Error('expected admission');
    await right.attempt.succeeded();
    expect(await guessAtOnce(lockout, 10)).toBe(5);
  });

  it('an abandoned check gives its place back', async () => {
    const { lockout } = setup();
    await guessAtOnce(lockout, 4);
    const broken = await lockout.admit(key());
    if (!('attempt' in broken)) throw new Error('expected admission');
    await broken.attempt.abandoned();
    expect(await guessAtOnce(lockout, 10)).toBe(1);
  });

  it('is kept per address, and a new password (generation) starts the account over', async () => {
    const { lockout } = setup();
    await guessAtOnce(lockout, 10);
    expect(admitted(await lockout.admit(key('10.0.0.2')))).toBe(true);
    expect(admitted(await lockout.admit(key('10.0.0.1', 1)))).toBe(true);
  });

  it('forgets an address with no lock for an hour', async () => {
    const { clock, lockout } = setup();
    await guessAtOnce(lockout, 5);
    clock.now += LOCK_TIMES.forgetAfterMs;
    expect(await guessAtOnce(lockout, 10)).toBe(5);
  });

  it('throttles the account for every address once it has failed its hourly ceiling, even all at once', async () => {
    const { clock, lockout } = setup({ freeFailures: 1000, accountFailuresPerHour: 50 });
    const fromEverywhere = await Promise.all(Array.from({ length: 20 }, (_, i) => guessAtOnce(lockout, 5, key(`10.0.1.${i}`))));
    expect(fromEverywhere.reduce((a, b) => a + b, 0)).toBe(50);
    const member = await lockout.admit(key('192.168.1.1'));
    expect(member).toEqual({ retryAfterMs: 60 * 60_000 });
    clock.now += 60 * 60_000;
    expect(admitted(await lockout.admit(key('192.168.1.1')))).toBe(true);
  });

  it('counts only failures against the account ceiling', async () => {
    const { lockout } = setup({ freeFailures: 1000, accountFailuresPerHour: 3 });
    for (let i = 0; i < 10; i++) {
      const attempt = await lockout.admit(key(`10.0.2.${i}`));
      if (!('attempt' in attempt)) throw new Error('expected admission');
      await attempt.attempt.succeeded();
    }
    expect(await guessAtOnce(lockout, 10, key('10.0.3.1'))).toBe(3);
  });

  it('turns each limit off at 0', async () => {
    const { lockout } = setup({ freeFailures: 0, accountFailuresPerHour: 0 });
    expect(await guessAtOnce(lockout, 100)).toBe(100);
  });

  it('lets no check in while a lock is being written, even when writes are slow', async () => {
    const { lockout } = setup({}, { slowWrites: true });
    const five = await Promise.all(Array.from({ length: 5 }, () => lockout.admit(key())));
    let failing = true;
    const failures = Promise.all(five.flatMap((a) => ('attempt' in a ? [a.attempt.failed()] : []))).then(() => (failing = false));
    let checks = 0;
    while (failing) {
      const attempt = await lockout.admit(key());
      if ('attempt' in attempt) {
        checks++;
        await attempt.attempt.failed();
      }
      await new Promise((resolve) => setTimeout(resolve, 1));
    }
    await failures;
    expect(checks).toBe(0);
  });

  it('a free check abandoned while a sixth attempt was refused costs no extra check: the refusal’s lock ends in one', async () => {
    const { clock, lockout } = setup();
    const first = await Promise.all(Array.from({ length: 5 }, () => lockout.admit(key())));
    expect(await lockout.admit(key())).toEqual({ retryAfterMs: 30_000 });
    // The fifth (the one whose failure would lock) breaks; the other four fail.
    const attempts = first.map((a) => ('attempt' in a ? a.attempt : undefined));
    await attempts[4]!.abandoned();
    await Promise.all(attempts.slice(0, 4).map((attempt) => attempt!.failed()));
    expect(admitted(await lockout.admit(key()))).toBe(false);
    clock.now += 30_000;
    expect(await guessAtOnce(lockout, 10)).toBe(1);
    expect(await lockout.admit(key())).toEqual({ retryAfterMs: 60_000 });
  });

  it('cannot save up free checks to spend them at the turn of an hour', async () => {
    const { clock, lockout } = setup();
    expect(await guessAtOnce(lockout, 1)).toBe(1);
    clock.now += LOCK_TIMES.forgetAfterMs - 1000;
    expect(await guessAtOnce(lockout, 3)).toBe(3);
    clock.now += 1000;
    expect(await guessAtOnce(lockout, 5)).toBe(1);
  });

  it('keeps the gate after a lock for a check that waits long for its turn', async () => {
    const { clock, lockout } = setup();
    await guessAtOnce(lockout, 5);
    clock.now += 30_000;
    const slow = await lockout.admit(key());
    expect(admitted(slow)).toBe(true);
    clock.now += 10 * 60_000;
    expect(admitted(await lockout.admit(key()))).toBe(false);
  });

  it('counts an IPv6 client by its /64, as the per-address limits do', async () => {
    const { lockout } = setup();
    const sameHost = Array.from({ length: 30 }, (_, i) => guessAtOnce(lockout, 1, key(`2001:db8:1:2::${(i + 1).toString(16)}`)));
    expect((await Promise.all(sameHost)).reduce((a, b) => a + b, 0)).toBe(5);
    expect(admitted(await lockout.admit(key('2001:db8:1:3::1')))).toBe(true);
  });

  it('tells its listener of each lock once, however many attempts lock at once, even when writes are slow', async () => {
    const { clock, lockout, locks } = setup({}, { slowWrites: true });
    expect(await guessAtOnce(lockout, 40)).toBe(5);
    expect(locks).toEqual([{ scope: 'address', email: 'ann@example.com', ip: '10.0.0.1', level: 1, failures: 5, lockedForMs: 30_000 }]);
    clock.now += 30_000;
    expect(await guessAtOnce(lockout, 20)).toBe(1);
    expect(locks.slice(1)).toEqual([{ scope: 'address', email: 'ann@example.com', ip: '10.0.0.1', level: 2, failures: 1, lockedForMs: 60_000 }]);
  });

  it('tells its listener of an account throttled for every address once per window', async () => {
    const { lockout, locks } = setup({ freeFailures: 0, accountFailuresPerHour: 3 });
    const attemptOf = (admission: Admission) => {
      if (!('attempt' in admission)) throw new Error('expected admission');
      return admission.attempt;
    };
    const [a, b, c] = (await Promise.all([1, 2, 3].map((i) => lockout.admit(key(`10.0.4.${i}`))))).map(attemptOf);
    // A success gives its place back, so the next attempt takes the ceiling's number again: two
    // failures each bring the count to the ceiling.
    await a!.succeeded();
    const d = attemptOf(await lockout.admit(key('10.0.4.4')));
    await Promise.all([b!, c!, d].map((attempt) => attempt.failed()));
    expect(await guessAtOnce(lockout, 5, key('10.0.4.5'))).toBe(0);
    expect(locks).toEqual([{ scope: 'account', email: 'ann@example.com', failures: 3, lockedForMs: expect.any(Number) as number }]);
  });

  it('locks as before when its listener fails, and logs the failure', async () => {
    const lines: string[] = [];
    const log = pino({ level: 'error' }, { write: (line: string) => void lines.push(line) });
    const lockout = new LoginLockout(new MemoryCounterStore(), { freeFailures: 5, accountFailuresPerHour: 0, ...LOCK_TIMES }, log, () => {
      throw new Error('database is locked');
    });
    expect(await guessAtOnce(lockout, 10)).toBe(5);
    expect(admitted(await lockout.admit(key()))).toBe(false);
    expect(lines.join('')).toContain('a sign-in lock could not be reported');
  });

  it('recovers when the free checks were taken by attempts that never settle', async () => {
    const { clock, lockout } = setup();
    // Five attempts admitted whose process dies mid-check: they never fail, succeed or give back.
    await Promise.all(Array.from({ length: 5 }, () => lockout.admit(key())));
    expect(await lockout.admit(key())).toEqual({ retryAfterMs: 30_000 });
    clock.now += 30_000;
    // One check after the lock, as after any lock: the right password gets through.
    const next = await lockout.admit(key());
    if (!('attempt' in next)) throw new Error('expected admission');
    await next.attempt.succeeded();
    expect(await guessAtOnce(lockout, 10)).toBe(5);
  });
});
