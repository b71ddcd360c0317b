// The one place initTRPC is called: the procedure builders and the authorization middleware that
// both transports share.
import { initTRPC, TRPCError } from '@trpc/server';
import { MESSAGES } from '../../shared/messages';
import type { Context, SessionToken, SessionUser } from './context';
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

/** The user and token behind the call, active or not, or a 401. */
async function requireSession(ctx: Context): Promise<{ user: SessionUser; token: SessionToken }> {
  const session = await ctx.session();
  if ('failure' in session) {
    const message = session.failure === 'missing' ? MESSAGES.notSignedIn : MESSAGES.sessionExpired;
    throw new TRPCError({ code: 'UNAUTHORIZED', message });
  }
  return session;
}

/** The session of a signed-in, active user, or a 401/403. */
async function requireActiveSession(ctx: Context): Promise<{ user: SessionUser; token: SessionToken }> {
  const session = await requireSession(ctx);
  if (session.user.status !== 'active') throw new TRPCError({ code: 'FORBIDDEN', message: MESSAGES.accountSuspended });
  return session;
}

/** The signed-in, active user behind the call, or a 401/403 (both transports and the upload route). */
export async function requireMember(ctx: Context): Promise<SessionUser> {
  return (await requireActiveSession(ctx)).user;
}

async function requireAdminSession(ctx: Context): Promise<{ user: SessionUser; token: SessionToken }> {
  const session = await requireActiveSession(ctx);
  if (session.user.role !== 'admin') throw new TRPCError({ code: 'FORBIDDEN', message: MESSAGES.adminOnly });
  return session;
}

export async function requireAdmin(ctx: Context): Promise<SessionUser> {
  return (await requireAdminSession(ctx)).user;
}

/** Any valid session, suspended or not: signing out must work for everyone. */
export const sessionProcedure = t.procedure.use(async ({ ctx, next }) => next({ ctx: await requireSession(ctx) }));

// These two carry the token as well: a course file URL is signed for the session it is handed to (course/files/file-urls.ts).
export const memberProcedure = t.procedure.use(async ({ ctx, next }) => next({ ctx: await requireActiveSession(ctx) }));

export const adminProcedure = t.procedure.use(async ({ ctx, next }) => next({ ctx: await requireAdminSession(ctx) }));
