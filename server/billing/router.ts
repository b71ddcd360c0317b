// The billing procedure (CONTRACT §6 POST /api/billing/checkout): where to pay. The payment itself
// reaches the site through the webhook (webhook-route.ts), never through a member's call.
import { TRPCError } from '@trpc/server';
import { BILLING_MESSAGES } from '../../shared/billing';
import { MESSAGES } from '../../shared/messages';
import { memberProcedure, router } from '../trpc/init';
import { findMembership } from '../users/data';
import { checkoutUrl } from './checkout-url';

export const billingRouter = router({
  checkout: memberProcedure.mutation(async ({ ctx }) => {
    const payments = ctx.deps.config.payments;
    if (!payments) throw new TRPCError({ code: 'NOT_FOUND', message: BILLING_MESSAGES.notSetUp });
    const membership = await findMembership(ctx.deps.db, ctx.user.id);
    if (!membership) throw new TRPCError({ code: 'UNAUTHORIZED', message: MESSAGES.sessionExpired });
    if (membership.membershipTier === 'paid') throw new TRPCError({ code: 'CONFLICT', message: BILLING_MESSAGES.alreadyArchitect });
    return { url: checkoutUrl(payments.paymentLink, ctx.user) };
  }),
});
