// The admin's user management (CONTRACT "Users (admin)"): stats, list, create, update, delete, and the
// member export's batches (CONTRACT §3 "Operators"; the CSV route is server/users/export-route.ts).
import { TRPCError } from '@trpc/server';
import { MESSAGES } from '../../shared/messages';
import { createUserInput, exportBatchInput, listUsersInput, updateUserInput, userIdInput } from '../../shared/user-schemas';
import { hashPassword } from '../auth/passwords';
import { adminProcedure, router } from '../trpc/init';
import {
  countOtherActiveAdmins,
  deleteUser,
  EmailInUseError,
  findPublicUserById,
  insertUser,
  updateUser,
  userStats,
  type PublicUser,
} from './data';
import { exportBatch } from './export-query';
import { listUsers } from './list-query';

const notFound = (id: string) => new TRPCError({ code: 'NOT_FOUND', message: `No user with id '${id}'` });
const refuse = (message: string) => new TRPCError({ code: 'BAD_REQUEST', message });
const emailInUse = () => new TRPCError({ code: 'CONFLICT', message: MESSAGES.emailInUse });

/** Would the change leave the target without admin power (demoted, suspended or gone)? */
const losesAdmin = (target: PublicUser, change: { role?: string | undefined; status?: string | undefined } | 'delete') =>
  target.role === 'admin' &&
  target.status === 'active' &&
  (change === 'delete' || (change.role ?? target.role) !== 'admin' || (change.status ?? target.status) !== 'active');

export const usersRouter = router({
  stats: adminProcedure.query(({ ctx }) => userStats(ctx.deps.db)),

  list: adminProcedure.input(listUsersInput).query(({ ctx, input }) => listUsers(ctx.deps.db, input)),

  exportBatch: adminProcedure.input(exportBatchInput).query(({ ctx, input }) => {
    const { search, sortBy, sortOrder } = input;
    if (!input.after) ctx.log.info({ adminId: ctx.user.id, search, sortBy, sortOrder }, 'admin began a user export');
    return exportBatch(ctx.deps.bulkReadDb, input);
  }),

  create: adminProcedure.input(createUserInput).mutation(async ({ ctx, input }) => {
    const { password, ...fields } = input;
    try {
      const user = insertUser(ctx.deps.db, { ...fields, passwordHash: await hashPassword(password) });
      ctx.log.info({ adminId: ctx.user.id, userId: user._id, role: user.role }, 'admin created a user');
      return user;
    } catch (error) {
      if (error instanceof EmailInUseError) throw emailInUse();
      throw error;
    }
  }),

  update: adminProcedure.input(updateUserInput).mutation(async ({ ctx, input }) => {
    const { db } = ctx.deps;
    const { id, password, ...changes } = input;
    const passwordHash = password ? await hashPassword(password) : undefined;
    // Nothing awaits from here to the write, so no other request can change the admins in between
    // (two admins demoting each other at once must not leave none).
    const target = findPublicUserById(db, id);
    if (!target) throw notFound(id);
    if (losesAdmin(target, changes)) {
      if (id === ctx.user.id) throw refuse('You cannot demote or suspend your own account');
      if (countOtherActiveAdmins(db, id) === 0) throw refuse('The last active admin cannot be demoted or suspended');
    }
    try {
      const user = updateUser(db, id, { ...changes, passwordHash });
      if (!user) throw notFound(id);
      ctx.log.info(
        { adminId: ctx.user.id, userId: id, fields: [...Object.keys(changes), ...(passwordHash ? ['password'] : [])] },
        'admin updated a user',
      );
      return user;
    } catch (error) {
      if (error instanceof EmailInUseError) throw emailInUse();
      throw error;
    }
  }),

  delete: adminProcedure.input(userIdInput).mutation(({ ctx, input }) => {
    const { db } = ctx.deps;
    const target = findPublicUserById(db, input.id);
    if (!target) throw notFound(input.id);
    if (input.id === ctx.user.id) throw refuse('You cannot delete your own account');
    if (losesAdmin(target, 'delete') && countOtherActiveAdmins(db, input.id) === 0) {
      throw refuse('The last active admin cannot be deleted');
    }
    if (!deleteUser(db, input.id)) throw notFound(input.id);
    ctx.log.info({ adminId: ctx.user.id, userId: input.id, email: target.email }, 'admin deleted a user');
    return { message: 'User deleted' };
  }),
});
