// Recovery codes: ten per member, each 80 random bits written as 16 characters of Crockford's
// base32 in groups of four (7k2m-9qpx-…). Only a SHA-256 of each is stored: with 2^80 possible
// codes a fast hash is out of a guesser's reach, and it lets a code be found and used up by one
// indexed conditional delete (docs/decisions/012-two-factor-sign-in.md).
import { createHash, randomInt } from 'node:crypto';

export const RECOVERY_CODE_COUNT = 10;

// Crockford's alphabet leaves out i, l, o and u, so what a person copies by hand reads back one way.
const ALPHABET = '0123456789abcdefghjkmnpqrstvwxyz';
const CODE_LENGTH = 16;
const GROUP = 4;

function newRecoveryCode(): string {
  const chars = Array.from({ length: CODE_LENGTH }, () => ALPHABET[randomInt(ALPHABET.length)]);
  return chars.join('').replace(new RegExp(`(.{${GROUP}})(?!$)`, 'g'), '$1-');
}

export const newRecoveryCodes = (): string[] => Array.from({ length: RECOVERY_CODE_COUNT }, newRecoveryCode);

/**
 * A recovery code as typed, in its one stored form, or undefined if it cannot be one: case, spaces
 * and hyphens do not matter, and the letters Crockford reads as digits (i, l: 1; o: 0) are taken so.
 */
export function normalizeRecoveryCode(typed: string): string | undefined {
  const code = typed.toLowerCase().replace(/[\s-]/g, '').replace(/[il]/g, '1').replace(/o/g, '0');
  return code.length === CODE_LENGTH && [...code].every((c) => ALPHABET.includes(c)) ? code : undefined;
}

/** The stored form of a (normalized) code. */
export const hashRecoveryCode = (normalized: string): string => createHash('sha256').update(normalized).digest('hex');
