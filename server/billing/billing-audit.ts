// What the audit trail says of a payment or a refund (CONTRACT §6): Stripe's ids, so an admin can
// find it in Stripe's dashboard, and never a card detail (none is ever read: stripe-events.ts).
const ids = (parts: Array<[label: string, id: string | null]>) =>
  parts
    .filter((part): part is [string, string] => part[1] !== null)
    .map(([label, id]) => `${label} ${id}`)
    .join(', ');

export function upgradeSummary(upgraded: boolean, session: { id: string; paymentIntentId: string | null }, eventId: string) {
  const what = upgraded ? 'became an Architect through a Stripe payment' : 'paid through Stripe while already an Architect (tier unchanged)';
  return `${what}: ${ids([
    ['Checkout Session', session.id],
    ['payment intent', session.paymentIntentId],
    ['event', eventId],
  ])}`;
}

export type RefundResult =
  | 'downgraded'
  | 'kept: refunds do not downgrade'
  | 'kept: not paid through this payment'
  // Stripe delivered the refund first; the checkout that came after made nobody an Architect.
  | 'refunded before its checkout: not upgraded';

export function refundSummary(result: RefundResult, charge: { id: string; paymentIntentId: string; checkoutSessionId: string }, eventId: string) {
  const what = {
    downgraded: 'full Stripe refund, Architect → Explorer',
    'kept: refunds do not downgrade': 'full Stripe refund, tier kept (refunds do not downgrade)',
    'kept: not paid through this payment': 'full Stripe refund, tier kept (not paid through this payment)',
    'refunded before its checkout: not upgraded': 'full Stripe refund delivered before its checkout, which then made nobody an Architect',
  }[result];
  return `${what}: ${ids([
    ['charge', charge.id],
    ['payment intent', charge.paymentIntentId],
    ['Checkout Session', charge.checkoutSessionId],
    ['event', eventId],
  ])}`;
}
