// The billing procedure (CONTRACT §6 POST /api/billing/checkout): where to pay. The payment itself
// reaches the site through the webhook (webhook-route.ts), never through a member's call.
import { TRPCError } from '@trpc/server';
import { BILLING_MESSAGES } from '../../shared/billing';
import { memberProcedure, router } from '../trpc/init';
import { checkoutUrl } from './checkout-url';

export const billingRouter = router({
  checkout: memberProcedure.mutation(async ({ ctx }) => {
    const payments = ctx.deps.config.payments;
    if (!payments) throw new TRPCError({ code: 'NOT_FOUND', message: BILLING_MESSAGES.notSetUp });
    // The session's user was read for this call, tier included.
    if (ctx.user.membershipTier === 'paid') throw new TRPCError({ code: 'CONFLICT', message: BILLING_MESSAGES.alreadyArchitect });
    return { url: checkoutUrl(payments.paymentLink, ctx.user) };
  }),
});
