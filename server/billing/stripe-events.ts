// What the site reads of the two events it acts on (CONTRACT §6), and nothing more: no card detail
// is ever read, so none can be stored or logged. A well-signed event whose object lacks these is
// kept as seen and changes nothing.
import { z } from 'zod';

const stripeId = z.string().min(1).max(255);

/** checkout.session.completed: data.object is a Checkout Session. */
export const checkoutSessionShape = z.object({
  id: stripeId,
  payment_status: z.string(),
  client_reference_id: z.string().nullish(),
  customer_details: z.object({ email: z.string().nullish() }).nullish(),
  // A string unless the event's object was expanded; null for a free session.
  payment_intent: z.union([stripeId, z.object({ id: stripeId })]).nullish(),
});
export type CheckoutSession = z.infer<typeof checkoutSessionShape>;

/** charge.refunded: data.object is a Charge. */
export const refundedChargeShape = z.object({
  id: stripeId,
  amount: z.number().int(),
  amount_refunded: z.number().int(),
  payment_intent: z.union([stripeId, z.object({ id: stripeId })]).nullish(),
});
export type RefundedCharge = z.infer<typeof refundedChargeShape>;

export const idOf = (value: string | { id: string } | null | undefined): string | null =>
  value === null || value === undefined ? null : typeof value === 'string' ? value : value.id;
