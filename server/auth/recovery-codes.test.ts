import { describe, expect, it } from 'vitest';
import { hashRecoveryCode, newRecoveryCodes, normalizeRecoveryCode, RECOVERY_CODE_COUNT } from './recovery-codes';

describe('recovery codes', () => {
  it('are ten codes of four groups of four Crockford base32 characters (80 bits each)', () => {
    const codes = newRecoveryCodes();
    expect(codes).toHaveLength(RECOVERY_CODE_COUNT);
    expect(RECOVERY_CODE_COUNT).toBe(10);
    for (const code of codes) expect(code).toMatch(/^[0-9a-hjkmnp-tv-z]{4}(-[0-9a-hjkmnp-tv-z]{4}){3}$/);
  });

  it('differ from each other, and use the whole alphabet', () => {
    const codes = Array.from({ length: 50 }, newRecoveryCodes).flat();
    expect(new Set(codes).size).toBe(codes.length);
    expect(new Set(codes.join('').replace(/-/g, '')).size).toBe(32);
  });

  it('are read back whatever the case, spaces and hyphens, with i, l and o taken as 1, 1 and 0', () => {
    expect(normalizeRecoveryCode('ab1c-d0ef-gh23-jk45')).toBe('ab1cd0efgh23jk45');
    expect(normalizeRecoveryCode(' AB1C D0EF GH23 JK45 ')).toBe('ab1cd0efgh23jk45');
    expect(normalizeRecoveryCode('abic-dOef-gh23-jk45')).toBe('ab1cd0efgh23jk45');
    expect(normalizeRecoveryCode('ablcdoefgh23jk45')).toBe('ab1cd0efgh23jk45');
  });

  it('are nothing when the length or a character is wrong', () => {
    for (const typed of ['', '123456', 'ab1c-d0ef-gh23-jk4', 'ab1c-d0ef-gh23-jk456', 'ab1c-d0ef-gh23-jk4u', 'ab1c-d0ef-gh23-jk4!']) {
      expect(normalizeRecoveryCode(typed)).toBeUndefined();
    }
  });

  it('are stored as a SHA-256, never as typed', () => {
    const hash = hashRecoveryCode('ab1cd0efgh23jk45');
    expect(hash).toMatch(/^[0-9a-f]{64}$/);
    expect(hash).not.toContain('ab1cd0efgh23jk45');
    expect(hashRecoveryCode('ab1cd0efgh23jk45')).toBe(hash);
  });
});
