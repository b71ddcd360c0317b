// What the two-factor tests share: a clock they move by hand (no sleeps, no real time), and a
// member with two-factor sign-in turned on through the real routes.
import { expect } from 'vitest';
import { totpCode } from '../../server/auth/totp';
import { callJson, type TestApp } from './test-app';

/** 15 s into a 30-second step, so that a code's step is never in doubt. */
export const CLOCK_START_MS = Date.UTC(2031, 0, 1, 12, 0, 15);

export class TestClock {
  ms = CLOCK_START_MS;
  readonly now = () => this.ms;
  advance(ms: number) {
    this.ms += ms;
  }
}

export const STEP_MS = 30_000;

export interface TwoFactorOn {
  secret: string;
  recoveryCodes: string[];
  /** The member's fresh token: turning two-factor on ended every earlier one. */
  token: string;
  /** The code an authenticator app shows now. */
  code(offsetSteps?: number): string;
}

/**
 * Proves the token's member's address as a person would: a fresh verification mail (the newest link
 * is the one that works), read from the test's SMTP catcher or, without one, from the log that stands
 * in for mail, then the link. Nothing if the address is verified already.
 */
export async function verifyOwnAddress(t: TestApp, token: string): Promise<void> {
  const account = await callJson(t.app, 'GET', '/api/account', undefined, token);
  expect(account.status).toBe(200);
  if (account.body.emailVerified) return;
  const email = (account.body.user as { email: string }).email;
  const [mailsBefore, linesBefore] = [t.smtp?.mails.length ?? 0, t.logs.lines.length];
  expect((await callJson(t.app, 'POST', '/api/account/verification', undefined, token)).status).toBe(200);
  const text = t.smtp
    ? (await t.smtp.waitForMail(email, { after: mailsBefore })).body
    : t.logs.lines
        .slice(linesBefore)
        .filter((line) => line.includes(email))
        .join('\n');
  const link = [...text.matchAll(/\/verify-email\/([\w-]+)/g)].at(-1)?.[1];
  expect(link, `a verification link for ${email}`).toBeDefined();
  expect((await callJson(t.app, 'POST', '/api/auth/verify-email', { token: link })).status).toBe(200);
}

/**
 * Sets up and turns on two-factor sign-in for the token's member, with the clock's current code and
 * the member's password, once their address is verified (two-factor asks for a verified address).
 */
export async function turnOnTwoFactor(t: TestApp, member: { token: string; password: string }, clock: TestClock): Promise<TwoFactorOn> {
  await verifyOwnAddress(t, member.token);
  const app = t.app;
  const setup = await callJson(app, 'POST', '/api/auth/2fa/setup', undefined, member.token);
  expect(setup.status).toBe(200);
  const secret = setup.body.secret as string;
  const enable = await callJson(app, 'POST', '/api/auth/2fa/enable', { code: totpCode(secret, clock.now()), password: member.password }, member.token);
  expect(enable.status).toBe(200);
  return {
    secret,
    recoveryCodes: enable.body.recoveryCodes as string[],
    token: enable.body.token as string,
    code: (offsetSteps = 0) => totpCode(secret, clock.now() + offsetSteps * STEP_MS),
  };
}
