// Becoming an Architect over REST (CONTRACT §2 and §6). Stripe's webhook is a route of its own
// (webhook-route.ts).
import { checkoutAnswer } from '../../shared/answer-schemas';
import { BILLING_MESSAGES } from '../../shared/billing';
import { asIs } from '../http/answers';
import { restRowsOf, type RestSection } from '../http/rest-rows';
import { createCallerFactory } from '../trpc/init';
import { billingRouter } from './router';

const { noInputRow } = restRowsOf(createCallerFactory(billingRouter));

export const billingRest: RestSection = {
  tag: 'Billing',
  rows: [
    noInputRow({
      method: 'POST',
      url: '/api/billing/checkout',
      access: 'member',
      summary: "Where to pay to become an Architect: the Payment Link, told the member's id and email",
      description: 'Send the browser to url: Stripe takes the payment, and its webhook (POST /api/billing/stripe/webhook) makes the member an Architect.',
      answer: asIs(checkoutAnswer),
      refusals: { 404: `Payments are not set up: "${BILLING_MESSAGES.notSetUp}".`, 409: `The member is already paid: "${BILLING_MESSAGES.alreadyArchitect}".` },
      procedure: (c) => c.checkout,
    }),
  ],
};
