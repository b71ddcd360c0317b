// Our TOTP configuration against RFC 6238's published test vectors (Appendix B), and the window
// and replay rule of CONTRACT §3 "Two-factor sign-in".
import { describe, expect, it } from 'vitest';
import { matchTotpStep, newTotpSecret, otpauthUrl, stepAt, TOTP, totpCode } from './totp';

// The RFC's SHA-1 seed, the ASCII "12345678901234567890", and the same 20 bytes in base32 (as an app holds them).
const RFC_SEED = new TextEncoder().encode('12345678901234567890');
const RFC_SEED_BASE32 = 'GEZDGNBVGY3TQOJQGEZDGNBVGY3TQOJQ';

// Appendix B, SHA-1 rows: time in seconds, and the eight-digit TOTP.
const RFC_SHA1_VECTORS: Array<[number, string]> = [
  [59, '94287082'],
  [1111111109, '07081804'],
  [1111111111, '14050471'],
  [1234567890, '89005924'],
  [2000000000, '69279037'],
  [20000000000, '65353130'],
];

describe('RFC 6238 test vectors', () => {
  it('uses the RFC’s reference parameters for authenticator apps: SHA-1, 30-second steps, six digits', () => {
    expect(TOTP).toEqual({ algorithm: 'sha1', digits: 6, periodSeconds: 30 });
  });

  it.each(RFC_SHA1_VECTORS)('at T = %i s the eight-digit code is %s', (seconds, expected) => {
    expect(totpCode(RFC_SEED, seconds * 1000, 8)).toBe(expected);
    expect(totpCode(RFC_SEED_BASE32, seconds * 1000, 8)).toBe(expected);
  });

  it.each(RFC_SHA1_VECTORS)('at T = %i s our six-digit code is the vector’s last six digits, and is accepted', (seconds, expected) => {
    const code = expected.slice(-6);
    expect(totpCode(RFC_SEED_BASE32, seconds * 1000)).toBe(code);
    expect(matchTotpStep(RFC_SEED_BASE32, code, seconds * 1000, null)).toBe(Math.floor(seconds / 30));
  });
});

describe('the window and the replay rule', () => {
  const secret = newTotpSecret();
  // Mid-step, 15 s into step 55,555,555: the window is steps 55,555,554 to 55,555,556.
  const now = (55_555_555 * 30 + 15) * 1000;
  const codeAtStep = (offset: number) => totpCode(secret, now + offset * 30_000);

  it('takes the codes of the step before, the step of and the step after the clock', () => {
    for (const offset of [-1, 0, 1]) expect(matchTotpStep(secret, codeAtStep(offset), now, null)).toBe(stepAt(now) + offset);
  });

  it('refuses codes two steps away either side', () => {
    for (const offset of [-2, 2]) expect(matchTotpStep(secret, codeAtStep(offset), now, null)).toBeUndefined();
  });

  it('holds at both edges of a step', () => {
    const start = 55_555_555 * 30 * 1000;
    const end = start + 29_999;
    expect(matchTotpStep(secret, totpCode(secret, start - 30_000), start, null)).toBe(55_555_554);
    expect(matchTotpStep(secret, totpCode(secret, start - 60_000), start, null)).toBeUndefined();
    expect(matchTotpStep(secret, totpCode(secret, end + 30_000), end, null)).toBe(55_555_556);
    expect(matchTotpStep(secret, totpCode(secret, end + 60_000), end, null)).toBeUndefined();
  });

  it('takes only steps after the last accepted one', () => {
    const step = stepAt(now);
    expect(matchTotpStep(secret, codeAtStep(0), now, step)).toBeUndefined();
    expect(matchTotpStep(secret, codeAtStep(0), now, step - 1)).toBe(step);
    expect(matchTotpStep(secret, codeAtStep(1), now, step)).toBe(step + 1);
    expect(matchTotpStep(secret, codeAtStep(-1), now, step - 1)).toBeUndefined();
  });

  it('refuses everything, without throwing, when the last accepted step is past the window (the clock went back)', () => {
    expect(matchTotpStep(secret, codeAtStep(1), now, stepAt(now) + 1)).toBeUndefined();
    expect(matchTotpStep(secret, codeAtStep(1), now, stepAt(now) + 500)).toBeUndefined();
  });

  it('refuses another secret’s code', () => {
    expect(matchTotpStep(newTotpSecret(), codeAtStep(0), now, null)).toBeUndefined();
  });
});

describe('secrets and the setup link', () => {
  it('makes a new 160-bit base32 secret each time', () => {
    const secrets = new Set(Array.from({ length: 20 }, newTotpSecret));
    expect(secrets.size).toBe(20);
    for (const secret of secrets) expect(secret).toMatch(/^[A-Z2-7]{32}$/);
  });

  it('names the site and the account in the otpauth:// link apps scan', () => {
    const url = new URL(otpauthUrl('mia+test@example.com', 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP'));
    expect(url.protocol).toBe('otpauth:');
    expect(url.host).toBe('totp');
    expect(decodeURIComponent(url.pathname)).toBe('/Quantum Path:mia+test@example.com');
    expect(url.searchParams.get('secret')).toBe('JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP');
    expect(url.searchParams.get('issuer')).toBe('Quantum Path');
  });
});
