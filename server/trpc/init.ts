// The one place initTRPC is called: the procedure builders and the authorization middleware that
// both transports share.
import { initTRPC, TRPCError } from '@trpc/server';
import { MESSAGES } from '../../shared/messages';
import type { Context } from './context';
import { publicMessage, retryAfterOf } from './errors';

const t = initTRPC.context<Context>().create({
  errorFormatter({ shape, error }) {
    return {
      ...shape,
      message: publicMessage(error),
      data: { code: shape.data.code, httpStatus: shape.data.httpStatus, retryAfterSeconds: retryAfterOf(error) },
    };
  },
});

export const router = t.router;
export const createCallerFactory = t.createCallerFactory;
export const publicProcedure = t.procedure;

export const memberProcedure = t.procedure.use(async ({ ctx, next }) => {
  const session = await ctx.session();
  if ('failure' in session) {
    const message = session.failure === 'missing' ? MESSAGES.notSignedIn : MESSAGES.sessionExpired;
    throw new TRPCError({ code: 'UNAUTHORIZED', message });
  }
  if (session.user.status !== 'active') throw new TRPCError({ code: 'FORBIDDEN', message: MESSAGES.accountSuspended });
  return next({ ctx: { user: session.user } });
});

export const adminProcedure = memberProcedure.use(({ ctx, next }) => {
  if (ctx.user.role !== 'admin') throw new TRPCError({ code: 'FORBIDDEN', message: MESSAGES.adminOnly });
  return next();
});
