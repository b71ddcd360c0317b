// The one place initTRPC is called: the procedure builders and the authorization middleware that
// both transports share.
import { initTRPC, TRPCError } from '@trpc/server';
import { MESSAGES } from '../../shared/messages';
import type { Context, SessionUser } from './context';
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

/** The signed-in, active user behind the call, or a 401/403 (both transports and the upload route). */
export async function requireMember(ctx: Context): Promise<SessionUser> {
  const session = await ctx.session();
  if ('failure' in session) {
    const message = session.failure === 'missing' ? MESSAGES.notSignedIn : MESSAGES.sessionExpired;
    throw new TRPCError({ code: 'UNAUTHORIZED', message });
  }
  if (session.user.status !== 'active') throw new TRPCError({ code: 'FORBIDDEN', message: MESSAGES.accountSuspended });
  return session.user;
}

export async function requireAdmin(ctx: Context): Promise<SessionUser> {
  const user = await requireMember(ctx);
  if (user.role !== 'admin') throw new TRPCError({ code: 'FORBIDDEN', message: MESSAGES.adminOnly });
  return user;
}

export const memberProcedure = t.procedure.use(async ({ ctx, next }) => next({ ctx: { user: await requireMember(ctx) } }));

export const adminProcedure = t.procedure.use(async ({ ctx, next }) => next({ ctx: { user: await requireAdmin(ctx) } }));
