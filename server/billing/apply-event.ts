// Applies one verified Stripe event (CONTRACT §6), at most once: the event's row is claimed in the
// same transaction as the tier change and its audit entry, so a redelivery (Stripe retries, and
// sometimes delivers twice at once) finds it and changes nothing. An event for nobody the site
// knows, or of a type it does not act on, is kept as seen and answered 200: Stripe must not retry
// what can never succeed. Stripe does not promise the order of events either: a full refund is kept
// by its payment intent, so a checkout that comes after it finds it (CONTRACT §6).
import type { FastifyBaseLogger } from 'fastify';
import type { AppDeps } from '../app-deps';
import { recordAudit } from '../audit/record';
import type { Tx } from '../db/client';
import { transaction } from '../db/transaction';
import { findPublicUserById, findVerifiedUserIdByEmail, markPaidThroughPayment, unmarkPaidThroughPayment } from '../users/data';
import { refundSummary, upgradeSummary, type RefundResult } from './billing-audit';
import { claimEvent, findPaymentByIntent, findRefundOf, keepRefund, recordPayment, type KeptRefund } from './payment-data';
import { checkoutSessionShape, idOf, refundedChargeShape, type CheckoutSession } from './stripe-events';
import type { StripeEvent } from './stripe-signature';
import { welcomeMail } from './welcome-mail';

/** What became of an event: for the log, the tests, and whether a welcome mail goes out. */
export type EventOutcome =
  | { result: 'replayed' }
  | { result: 'ignored'; why: string }
  | { result: 'upgraded'; userId: string; welcome: { name: string; email: string } }
  | { result: 'paid-again'; userId: string }
  | { result: 'refunded'; userId: string; refund: RefundResult }
  | { result: 'refunded-before-checkout'; userId: string };

const ignored = (why: string): EventOutcome => ({ result: 'ignored', why });

/**
 * The member a Checkout Session is for: its client_reference_id, else the account whose verified
 * address is its customer's email. Only a verified one: whoever signed up with the payer's address
 * without proving the mailbox must not get what the payer paid for (issue 33).
 */
async function payerOf(tx: Tx, session: CheckoutSession): Promise<string | undefined> {
  const reference = session.client_reference_id;
  if (reference && (await findPublicUserById(tx, reference))) return reference;
  const email = session.customer_details?.email?.trim();
  return email ? findVerifiedUserIdByEmail(tx, email) : undefined;
}

/** The refund's entry in the trail, on the member of the payment it refunded: Stripe's ids, and what became of the tier. */
async function recordRefund(tx: Tx, userId: string, result: RefundResult, refund: KeptRefund, checkoutSessionId: string, now: number) {
  const summary = refundSummary(result, { id: refund.chargeId, paymentIntentId: refund.paymentIntentId, checkoutSessionId }, refund.eventId);
  await recordAudit(tx, { actor: null, action: 'billing.refund', target: { type: 'user', id: userId }, summary }, now);
}

async function applyCheckout(tx: Tx, event: StripeEvent, refundsDowngrade: boolean, now: number): Promise<EventOutcome> {
  const parsed = checkoutSessionShape.safeParse(event.data.object);
  if (!parsed.success) return ignored('the Checkout Session lacks the fields the site reads');
  const session = parsed.data;
  // Delayed payment methods complete the session unpaid; only a paid one makes an Architect, when
  // checkout.session.async_payment_succeeded brings it.
  if (session.payment_status !== 'paid') return ignored(`payment_status is ${session.payment_status}`);
  const userId = await payerOf(tx, session);
  if (!userId) return ignored('no member has its client_reference_id or its email (verified)');
  const paymentIntentId = idOf(session.payment_intent);
  await recordPayment(tx, { checkoutSessionId: session.id, userId, paymentIntentId }, now);
  // Refunded in full before this checkout came (Stripe does not promise the order): the member ends
  // as the other order would leave them, so with downgrades on nobody is made an Architect.
  const refundedFirst = paymentIntentId ? await findRefundOf(tx, paymentIntentId) : undefined;
  if (refundedFirst && refundsDowngrade) {
    await recordRefund(tx, userId, 'refunded before its checkout: not upgraded', refundedFirst, session.id, now);
    return { result: 'refunded-before-checkout', userId };
  }
  const marked = await markPaidThroughPayment(tx, userId, session.id, now);
  if (!marked) return ignored('the member is gone');
  await recordAudit(
    tx,
    {
      actor: null,
      action: 'billing.upgrade',
      target: { type: 'user', id: userId },
      summary: upgradeSummary(marked.upgraded, { id: session.id, paymentIntentId }, event.id),
    },
    now,
  );
  if (refundedFirst) await recordRefund(tx, userId, 'kept: refunds do not downgrade', refundedFirst, session.id, now);
  if (!marked.upgraded) return { result: 'paid-again', userId };
  const user = await findPublicUserById(tx, userId);
  return { result: 'upgraded', userId, welcome: { name: user!.name, email: user!.email } };
}

async function applyRefund(tx: Tx, event: StripeEvent, refundsDowngrade: boolean, now: number): Promise<EventOutcome> {
  const parsed = refundedChargeShape.safeParse(event.data.object);
  if (!parsed.success) return ignored('the Charge lacks the fields the site reads');
  const charge = parsed.data;
  if (charge.amount_refunded !== charge.amount) return ignored('a partial refund');
  const paymentIntentId = idOf(charge.payment_intent);
  if (!paymentIntentId) return ignored('the refund names no payment intent');
  // Kept whatever follows: if its checkout has not come yet, it will find this and upgrade nobody.
  const kept: KeptRefund = { paymentIntentId, chargeId: charge.id, eventId: event.id };
  await keepRefund(tx, kept, now);
  const payment = await findPaymentByIntent(tx, paymentIntentId);
  if (!payment) return ignored('no recorded payment has its payment intent yet: the refund is kept for its checkout');
  let refund: RefundResult = 'kept: refunds do not downgrade';
  if (refundsDowngrade) {
    const downgraded = await unmarkPaidThroughPayment(tx, payment.userId, payment.checkoutSessionId, now);
    refund = downgraded ? 'downgraded' : 'kept: not paid through this payment';
  }
  await recordRefund(tx, payment.userId, refund, kept, payment.checkoutSessionId, now);
  return { result: 'refunded', userId: payment.userId, refund };
}

export async function applyStripeEvent(deps: Pick<AppDeps, 'db' | 'config' | 'mailer'>, event: StripeEvent, log: FastifyBaseLogger): Promise<EventOutcome> {
  const refundsDowngrade = deps.config.payments?.refundsDowngrade ?? true;
  const now = Date.now();
  const outcome = await transaction(deps.db, async (tx): Promise<EventOutcome> => {
    if (!(await claimEvent(tx, event, now))) return { result: 'replayed' };
    // A delayed method (a bank debit) completes the session unpaid, which changes nothing, and its
    // success comes later as a session now paid: the same rules, the same once (CONTRACT §6).
    if (event.type === 'checkout.session.completed' || event.type === 'checkout.session.async_payment_succeeded')
      return applyCheckout(tx, event, refundsDowngrade, now);
    if (event.type === 'charge.refunded') return applyRefund(tx, event, refundsDowngrade, now);
    return ignored('a type the site does not act on');
  });
  // The member's id, never their name or email, goes to the log.
  const { welcome: _welcome, ...logged } = outcome.result === 'upgraded' ? outcome : { ...outcome, welcome: undefined };
  log.info({ stripeEvent: { id: event.id, type: event.type }, ...logged }, 'Stripe webhook event');
  if (outcome.result === 'upgraded') {
    // After the commit, and never undoing it: the member is an Architect whether or not the mail goes.
    await deps.mailer
      .send(welcomeMail(outcome.welcome, deps.config.appUrl))
      .catch((error: unknown) => log.error({ err: error, userId: outcome.userId }, 'the welcome mail failed'));
  }
  return outcome;
}
