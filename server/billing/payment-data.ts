// The billing tables' data functions: the events applied, the payments that made Architects, and
// the full refunds seen.
import { eq } from 'drizzle-orm';
import type { Tx } from '../db/client';
import { stripeEvents, stripePayments, stripeRefunds } from '../db/schema';

/**
 * Notes the event as applied, inside the transaction that applies it; false if it already was.
 * A redelivery at the same moment waits on the row's key until the first commits (or, on SQLite,
 * for the write lock), then finds it: each event is applied at most once.
 */
export async function claimEvent(tx: Tx, event: { id: string; type: string }, now: number): Promise<boolean> {
  const claimed = await tx
    .insert(stripeEvents)
    .values({ id: event.id, type: event.type, receivedAt: now })
    .onConflictDoNothing()
    .returning({ id: stripeEvents.id });
  return claimed.length > 0;
}

export interface Payment {
  checkoutSessionId: string;
  userId: string;
  paymentIntentId: string | null;
}

/** Records a member's payment, so that its refund finds them; a session recorded before is kept as it was. */
export async function recordPayment(tx: Tx, payment: Payment, now: number): Promise<void> {
  await tx
    .insert(stripePayments)
    .values({ ...payment, paidAt: now })
    .onConflictDoNothing();
}

export async function findPaymentByIntent(tx: Tx, paymentIntentId: string): Promise<Payment | undefined> {
  const [row] = await tx
    .select({ checkoutSessionId: stripePayments.checkoutSessionId, userId: stripePayments.userId, paymentIntentId: stripePayments.paymentIntentId })
    .from(stripePayments)
    .where(eq(stripePayments.paymentIntentId, paymentIntentId));
  return row;
}

export interface KeptRefund {
  paymentIntentId: string;
  chargeId: string;
  eventId: string;
}

/**
 * Keeps a full refund by its payment intent, whether or not its payment's checkout has come: Stripe
 * does not promise the order of events, and a checkout that comes after must find it. The first kept stays.
 */
export async function keepRefund(tx: Tx, refund: KeptRefund, now: number): Promise<void> {
  await tx
    .insert(stripeRefunds)
    .values({ ...refund, refundedAt: now })
    .onConflictDoNothing();
}

export async function findRefundOf(tx: Tx, paymentIntentId: string): Promise<KeptRefund | undefined> {
  const [row] = await tx
    .select({ paymentIntentId: stripeRefunds.paymentIntentId, chargeId: stripeRefunds.chargeId, eventId: stripeRefunds.eventId })
    .from(stripeRefunds)
    .where(eq(stripeRefunds.paymentIntentId, paymentIntentId));
  return row;
}
