import { describe, expect, it } from 'vitest';
import { LoginThrottle } from './login-throttle';

function throttleAt(start = 1_000_000) {
  const clock = { now: start };
  const throttle = new LoginThrottle({ freeFailures: 3, firstLockMs: 1000, maxLockMs: 4000, forgetAfterMs: 60_000 }, () => clock.now);
  return { clock, throttle };
}

describe('login throttle', () => {
  it('allows the free failures, then locks for a time that doubles up to the maximum', () => {
    const { clock, throttle } = throttleAt();
    for (let i = 0; i < 3; i++) throttle.recordFailure('a@x.io', '1.1.1.1');
    expect(throttle.retryAfterMs('a@x.io', '1.1.1.1')).toBe(0);
    const locks = [];
    for (let i = 0; i < 4; i++) {
      throttle.recordFailure('a@x.io', '1.1.1.1');
      locks.push(throttle.retryAfterMs('a@x.io', '1.1.1.1'));
    }
    expect(locks).toEqual([1000, 2000, 4000, 4000]);
    clock.now += 4000;
    expect(throttle.retryAfterMs('a@x.io', '1.1.1.1')).toBe(0);
  });

  it('keys on account and address together, ignoring the email’s letter case', () => {
    const { throttle } = throttleAt();
    for (let i = 0; i < 4; i++) throttle.recordFailure('A@x.io', '1.1.1.1');
    expect(throttle.retryAfterMs('a@x.io', '1.1.1.1')).toBeGreaterThan(0);
    expect(throttle.retryAfterMs('a@x.io', '2.2.2.2')).toBe(0);
    expect(throttle.retryAfterMs('b@x.io', '1.1.1.1')).toBe(0);
  });

  it('a success or a password reset starts the count over', () => {
    const { throttle } = throttleAt();
    for (let i = 0; i < 4; i++) throttle.recordFailure('a@x.io', '1.1.1.1');
    throttle.recordSuccess('a@x.io', '1.1.1.1');
    expect(throttle.retryAfterMs('a@x.io', '1.1.1.1')).toBe(0);
    for (let i = 0; i < 4; i++) throttle.recordFailure('a@x.io', '3.3.3.3');
    throttle.forgetAccount('A@X.IO');
    expect(throttle.retryAfterMs('a@x.io', '3.3.3.3')).toBe(0);
  });
});
