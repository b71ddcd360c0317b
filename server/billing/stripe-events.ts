// What the site reads of the events it acts on (CONTRACT §6), and nothing more: no card detail
// is ever read, so none can be stored or logged. A well-signed event whose object lacks these is
// kept as seen and changes nothing.
import { z } from 'zod';

/** Stripe's ids are letters, digits and underscores (evt_…, cs_…, pi_…, ch_…); anything else is not one. */
export const stripeId = z.string().regex(/^\w{1,255}$/);

// Stripe's own rule for client_reference_id: letters, digits, dashes and underscores, up to 200.
// Anything else is read as absent, and the email decides.
const clientReference = z
  .string()
  .regex(/^[\w-]{1,200}$/)
  .nullish()
  .catch(null);

/** checkout.session.completed and checkout.session.async_payment_succeeded: data.object is a Checkout Session. */
export const checkoutSessionShape = z.object({
  id: stripeId,
  payment_status: z.string(),
  client_reference_id: clientReference,
  customer_details: z.object({ email: z.email().nullish().catch(null) }).nullish(),
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
