// Time-based one-time codes (RFC 6238) through otplib, in the form every authenticator app reads
// by default: HMAC-SHA-1, six digits, 30-second steps, a 160-bit secret in base32. A code is
// taken from the step before, the step of, or the step after the server's clock (±1 step, for
// clocks that drift and codes typed at a step's end), and only from a step later than the last
// one accepted, so that each code works once.
import { generateSecret, generateSync, generateURI, verifySync } from 'otplib';
import { SITE_NAME } from '../../shared/constants';

export const TOTP = { algorithm: 'sha1', digits: 6, periodSeconds: 30 } as const;

/** Codes from this many steps either side of the current one are taken. */
const WINDOW_STEPS = 1;

/** A new secret, base32 (20 random bytes: RFC 4226's recommended length). */
export const newTotpSecret = (): string => generateSecret({ length: 20 });

/** What an authenticator app scans: the account's email under the site's name. */
export const otpauthUrl = (email: string, secret: string): string => generateURI({ issuer: SITE_NAME, label: email, secret });

/** The time step a moment falls in. */
export const stepAt = (nowMs: number): number => Math.floor(nowMs / 1000 / TOTP.periodSeconds);

/** The code of a secret for a moment (tests compute the codes an app would show). */
export function totpCode(secret: string | Uint8Array, nowMs: number, digits: number = TOTP.digits): string {
  return generateSync({ secret, epoch: Math.floor(nowMs / 1000), algorithm: TOTP.algorithm, digits, period: TOTP.periodSeconds });
}

/**
 * The step whose code `code` is, within the window around `nowMs` and after `afterStep`, or
 * undefined. `code` must already be six digits (otplib throws on anything else).
 */
export function matchTotpStep(secret: string, code: string, nowMs: number, afterStep: number | null): number | undefined {
  const latest = stepAt(nowMs) + WINDOW_STEPS;
  // otplib refuses an afterTimeStep past its window with an exception; no code can be later anyway.
  if (afterStep !== null && afterStep >= latest) return undefined;
  const result = verifySync({
    secret,
    token: code,
    epoch: Math.floor(nowMs / 1000),
    algorithm: TOTP.algorithm,
    digits: TOTP.digits,
    period: TOTP.periodSeconds,
    // Seconds either side, measured from the moment itself: exactly the neighbouring steps.
    epochTolerance: WINDOW_STEPS * TOTP.periodSeconds,
    ...(afterStep !== null ? { afterTimeStep: afterStep } : {}),
  });
  // otplib's result type also covers HOTP, whose results have no time step.
  return result.valid && 'timeStep' in result ? result.timeStep : undefined;
}
