// Stripe's events as its webhook sends them, signed with the stripe package's own test helper
// (webhooks.generateTestHeaderString): what the integration, scale and end-to-end tests deliver.
import { randomBytes } from 'node:crypto';
import Stripe from 'stripe';

export const TEST_WEBHOOK_SECRET = 'whsec_test_secret_of_the_site_webhook';
export const TEST_PAYMENT_LINK = 'https://buy.stripe.com/test_00g5kDeAl';
/** The environment that sets payments up. */
export const PAYMENTS_ENV = { STRIPE_PAYMENT_LINK: TEST_PAYMENT_LINK, STRIPE_WEBHOOK_SECRET: TEST_WEBHOOK_SECRET };

const stripeId = (prefix: string) => `${prefix}_test_${randomBytes(12).toString('hex')}`;

export interface StripeTestEvent {
  id: string;
  type: string;
  data: { object: Record<string, unknown> };
}

function event(type: string, object: Record<string, unknown>): StripeTestEvent {
  return { id: stripeId('evt'), type, data: { object } };
}

/** A paid Checkout Session of the Payment Link, for `userId` (its client_reference_id) unless null. */
export function checkoutCompleted(options: { userId: string | null; email?: string; paymentStatus?: string }) {
  const session = { id: stripeId('cs'), paymentIntent: stripeId('pi') };
  const built = event('checkout.session.completed', {
    id: session.id,
    object: 'checkout.session',
    mode: 'payment',
    payment_link: 'plink_test_1',
    payment_status: options.paymentStatus ?? 'paid',
    client_reference_id: options.userId,
    customer_details: { email: options.email ?? 'payer@example.com', name: 'Payer' },
    payment_intent: session.paymentIntent,
    amount_total: 9700,
    currency: 'eur',
  });
  return { event: built, session };
}

/** A delayed method's success (a bank debit): the session of a `checkout.session.completed` that came unpaid, now paid. */
export function asyncPaymentSucceeded(completed: StripeTestEvent) {
  return event('checkout.session.async_payment_succeeded', { ...completed.data.object, payment_status: 'paid' });
}

/** The refund of that session's charge: in full unless `refunded` says how much (of 9700). */
export function chargeRefunded(paymentIntent: string, refunded = 9700) {
  return event('charge.refunded', {
    id: stripeId('ch'),
    object: 'charge',
    amount: 9700,
    amount_refunded: refunded,
    refunded: refunded === 9700,
    payment_intent: paymentIntent,
    // What a real charge carries and the site must never copy anywhere.
    payment_method_details: { type: 'card', card: { brand: 'visa', last4: '4242', exp_month: 12, exp_year: 2030 } },
  });
}

/** The body as sent and its Stripe-Signature header; `timestamp` in seconds, now unless given. */
export function signed(payload: unknown, options: { secret?: string; timestamp?: number } = {}) {
  const body = JSON.stringify(payload);
  const signature = Stripe.webhooks.generateTestHeaderString({
    payload: body,
    secret: options.secret ?? TEST_WEBHOOK_SECRET,
    ...(options.timestamp !== undefined && { timestamp: options.timestamp }),
  });
  return { body, signature };
}

export const WEBHOOK_PATH = '/api/billing/stripe/webhook';
