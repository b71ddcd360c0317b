// POST /api/billing/stripe/webhook (CONTRACT §6): Stripe's signed events. Not a procedure: the
// signature covers the body's exact bytes, so this route alone reads its JSON raw, in a scope of its
// own (the other routes keep the shared JSON parser), and under a cap of its own, far below the
// API's: an event is a few kilobytes, and anyone may call this route.
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { webhookAnswer } from '../../shared/answer-schemas';
import { BILLING_MESSAGES } from '../../shared/billing';
import { formatBytes } from '../../shared/media';
import type { AppDeps } from '../app-deps';
import { DEFAULT_ERROR_STYLE, sendError } from '../http/error-bodies';
import type { OperationDoc } from '../http/operation';
import { applyStripeEvent } from './apply-event';
import { SIGNATURE_TOLERANCE_SECONDS, verifyStripeEvent } from './stripe-signature';

/** Stripe's events are a few kilobytes; a body past this is refused (413) from its headers or as it streams. */
export const WEBHOOK_BODY_LIMIT_BYTES = 256 * 1024;

/**
 * What the reference shows of the body. Stripe's JSON is no form a client fills in: its fields are
 * read only once the signature has proved Stripe wrote them (stripe-events.ts checks each), so
 * they are named here in words, not offered as fields to try.
 */
const stripeEventDoc = z
  .looseObject({})
  .describe(
    "A Stripe event, exactly as Stripe sent it: {id: 'evt_…', type, data: {object}}. checkout.session.completed, checkout.session.async_payment_succeeded and charge.refunded are acted on; any other type is ignored.",
  );

const webhookDoc: OperationDoc = {
  tag: 'Billing',
  summary: "Stripe's webhook: a signed event of the Payment Link's payments",
  description:
    `Stripe's JSON, read raw: the Stripe-Signature header must check out against STRIPE_WEBHOOK_SECRET (HMAC-SHA256, ${SIGNATURE_TOLERANCE_SECONDS} s tolerance). ` +
    'Each event is applied at most once, by its id: a replay answers 200 and changes nothing. checkout.session.completed (paid), or ' +
    'checkout.session.async_payment_succeeded after an unpaid one (a delayed method), makes the member of client_reference_id ' +
    '(else of the verified customer email) an Architect and mails them; charge.refunded in full makes them an Explorer again when ' +
    'STRIPE_REFUNDS_DOWNGRADE is true, and one that comes before its checkout is kept, so that checkout then upgrades nobody. ' +
    'Any other type, or an event for no known member: 200, nothing changed.',
  access: 'public',
  body: stripeEventDoc,
  success: { json: webhookAnswer },
  refusals: {
    400: 'A missing, wrong or stale Stripe-Signature, or a body that is not a Stripe event: nothing happens.',
    404: `Payments are not set up: "${BILLING_MESSAGES.notSetUp}".`,
    413: `Here the cap is ${formatBytes(WEBHOOK_BODY_LIMIT_BYTES)}, whatever BODY_LIMIT_BYTES says.`,
  },
};

export async function registerStripeWebhookRoute(app: FastifyInstance, deps: AppDeps) {
  await app.register(async (scope) => {
    // In this scope only: the body as the bytes that came, for the signature.
    scope.removeContentTypeParser('application/json');
    scope.addContentTypeParser('application/json', { parseAs: 'buffer', bodyLimit: WEBHOOK_BODY_LIMIT_BYTES }, (_request, body, done) => done(null, body));
    scope.post<{ Body: Buffer | undefined }>(
      '/api/billing/stripe/webhook',
      { bodyLimit: WEBHOOK_BODY_LIMIT_BYTES, config: { errorStyle: DEFAULT_ERROR_STYLE, openapi: webhookDoc } },
      async (request, reply) => {
        const payments = deps.config.payments;
        if (!payments) return sendError(reply, 404, BILLING_MESSAGES.notSetUp);
        const signature = request.headers['stripe-signature'];
        const verified = await verifyStripeEvent(
          request.body ?? Buffer.alloc(0),
          typeof signature === 'string' ? signature : undefined,
          payments.webhookSecret,
        );
        if ('refusal' in verified) {
          request.log.warn({ refusal: verified.refusal }, 'a Stripe webhook call was refused');
          return sendError(reply, 400, verified.refusal);
        }
        await applyStripeEvent(deps, verified.event, request.log);
        return reply.send({ received: true });
      },
    );
  });
}
