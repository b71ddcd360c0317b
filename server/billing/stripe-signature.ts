// Checks a webhook request against STRIPE_WEBHOOK_SECRET with the stripe package's own verifier
// (HMAC-SHA256 over "timestamp.body", 300 s tolerance, constant-time compare), never a hand-written
// one. The package is loaded with the first webhook, not at start: most starts never see one.
import type Stripe from 'stripe';
import { z } from 'zod';
import { stripeId } from './stripe-events';

/** Stripe's default, written here so that a change of theirs cannot widen ours unseen (CONTRACT §6). */
export const SIGNATURE_TOLERANCE_SECONDS = 300;

export const SIGNATURE_REFUSALS = {
  missing: 'Missing Stripe-Signature header',
  stale: `The Stripe-Signature is older than ${SIGNATURE_TOLERANCE_SECONDS} seconds`,
  mismatch: 'The Stripe-Signature does not match this body and the webhook secret',
  notAnEvent: 'The body is not a Stripe event',
} as const;

/** What the site reads of every event; the object is read by each type's own schema (stripe-events.ts). */
const eventShape = z.object({
  id: stripeId,
  type: z.string().regex(/^[\w.]{1,255}$/),
  data: z.object({ object: z.unknown() }),
});
export type StripeEvent = z.infer<typeof eventShape>;

type Verifier = (typeof Stripe)['webhooks'];
let verifier: Promise<Verifier> | undefined;
const loadVerifier = () => (verifier ??= import('stripe').then(({ default: Stripe }) => Stripe.webhooks));

export type Verification = { event: StripeEvent } | { refusal: string };

export async function verifyStripeEvent(body: Buffer, signature: string | undefined, secret: string): Promise<Verification> {
  if (!signature) return { refusal: SIGNATURE_REFUSALS.missing };
  const webhooks = await loadVerifier();
  let parsed: unknown;
  try {
    parsed = webhooks.constructEvent(body, signature, secret, SIGNATURE_TOLERANCE_SECONDS);
  } catch (error) {
    // The signature checked out but the body is not JSON: only the holder of the secret could send it.
    if (error instanceof SyntaxError) return { refusal: SIGNATURE_REFUSALS.notAnEvent };
    const message = error instanceof Error ? error.message : '';
    return { refusal: /tolerance/i.test(message) ? SIGNATURE_REFUSALS.stale : SIGNATURE_REFUSALS.mismatch };
  }
  const event = eventShape.safeParse(parsed);
  return event.success ? { event: event.data } : { refusal: SIGNATURE_REFUSALS.notAnEvent };
}
