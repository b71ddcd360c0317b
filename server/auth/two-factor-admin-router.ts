// What an admin sees and does of others' two-factor sign-in (the users section): who has it on,
// and clearing it for a member who lost both the authenticator and the recovery codes.
import { TRPCError } from '@trpc/server';
import { MESSAGES } from '../../shared/messages';
import { userIdInput, userIdsInput } from '../../shared/user-schemas';
import { adminProcedure, router } from '../trpc/init';
import { findPublicUserById } from '../users/data';
import { noSuchUser } from '../users/refusals';
import { clearTwoFactor, usersWithTwoFactor } from './two-factor-data';

const refuse = (message: string) => new TRPCError({ code: 'BAD_REQUEST', message });

export const twoFactorAdminRouter = router({
  // Beside the user list rather than in it, so that the user object keeps CONTRACT's shape.
  amongUsers: adminProcedure.input(userIdsInput).query(({ ctx, input }) => usersWithTwoFactor(ctx.deps.db, input.ids)),

  // Their own panel, which asks for the password and a code, is the way for anyone else, the admin included.
  clear: adminProcedure.input(userIdInput).mutation(async ({ ctx, input }) => {
    const { db } = ctx.deps;
    const target = await findPublicUserById(db, input.id);
    if (!target) throw noSuchUser(input.id);
    if (input.id === ctx.user.id) throw refuse(MESSAGES.twoFactorOwnClear);
    if (!(await clearTwoFactor(db, ctx.user, { id: target._id, email: target.email }, ctx.deps.clock()))) throw refuse(MESSAGES.twoFactorNotOnForUser);
    ctx.log.info({ adminId: ctx.user.id, userId: input.id }, 'admin cleared a user’s two-factor sign-in');
    return { message: MESSAGES.twoFactorCleared };
  }),
});
