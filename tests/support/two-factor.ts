// What the two-factor tests share: a clock they move by hand (no sleeps, no real time), and a
// member with two-factor sign-in turned on through the real routes.
import type { FastifyInstance } from 'fastify';
import { expect } from 'vitest';
import { totpCode } from '../../server/auth/totp';
import { callJson } from './test-app';

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

/** Sets up and turns on two-factor sign-in for the token's member, with the clock's current code and the member's password. */
export async function turnOnTwoFactor(app: FastifyInstance, member: { token: string; password: string }, clock: TestClock): Promise<TwoFactorOn> {
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
