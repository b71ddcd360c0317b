// The admin's user management (CONTRACT "Users (admin)"): stats, list, create, update, delete, and
// clearing a member's two-factor sign-in (CONTRACT §3). The member export's batches (CONTRACT §3
// "Operators") are a router of their own, for the CSV route alone (server/users/export-route.ts).
import { transaction } from '../db/transaction';
import { TRPCError } from '@trpc/server';
import { MESSAGES } from '../../shared/messages';
import { createUserInput, exportBatchInput, listUsersInput, updateUserInput, userIdInput } from '../../shared/user-schemas';
import { recordAudit } from '../audit/record';
import { hashPassword } from './passwords';
import { adminProcedure, router } from '../trpc/init';
import { countOtherActiveAdmins, deleteUser, EmailInUseError, findPublicUserById, insertUser, updateUser, userStats, type PublicUser } from './data';
import { exportBatch } from './export-query';
import { listUsers } from './list-query';
import { noSuchUser } from './refusals';
import { userCreatedSummary, userDeletedSummary, userTarget, userUpdatedSummary } from './user-audit';

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

  create: adminProcedure.input(createUserInput).mutation(async ({ ctx, input }) => {
    const { password, ...fields } = input;
    const passwordHash = await hashPassword(password);
    try {
      const user = await transaction(ctx.deps.db, async (tx) => {
        const user = await insertUser(tx, { ...fields, passwordHash });
        await recordAudit(tx, { actor: ctx.user, action: 'user.create', target: userTarget(user._id), summary: userCreatedSummary(user) });
        return user;
      });
      ctx.log.info({ adminId: ctx.user.id, userId: user._id, role: user.role }, 'admin created a user');
      return user;
    } catch (error) {
      if (error instanceof EmailInUseError) throw emailInUse();
      throw error;
    }
  }),

  update: adminProcedure.input(updateUserInput).mutation(async ({ ctx, input }) => {
    const { id, password, ...changes } = input;
    const passwordHash = password ? await hashPassword(password) : undefined;
    try {
      // Read, check and write in one transaction: two admins demoting each other at once cannot
      // leave none, and the entry says what the change was.
      const user = await transaction(ctx.deps.db, async (tx) => {
        const target = await findPublicUserById(tx, id);
        if (!target) throw noSuchUser(id);
        if (losesAdmin(target, changes)) {
          if (id === ctx.user.id) throw refuse('You cannot demote or suspend your own account');
          if ((await countOtherActiveAdmins(tx, id)) === 0) throw refuse('The last active admin cannot be demoted or suspended');
        }
        const user = await updateUser(tx, id, { ...changes, passwordHash });
        if (!user) throw noSuchUser(id);
        const summary = userUpdatedSummary(target, user, passwordHash !== undefined);
        await recordAudit(tx, { actor: ctx.user, action: 'user.update', target: userTarget(id), summary });
        return user;
      });
      ctx.log.info({ adminId: ctx.user.id, userId: id, fields: [...Object.keys(changes), ...(passwordHash ? ['password'] : [])] }, 'admin updated a user');
      return user;
    } catch (error) {
      if (error instanceof EmailInUseError) throw emailInUse();
      throw error;
    }
  }),

  delete: adminProcedure.input(userIdInput).mutation(async ({ ctx, input }) => {
    const { id } = input;
    const target = await transaction(ctx.deps.db, async (tx) => {
      const target = await findPublicUserById(tx, id);
      if (!target) throw noSuchUser(id);
      if (id === ctx.user.id) throw refuse('You cannot delete your own account');
      if (losesAdmin(target, 'delete') && (await countOtherActiveAdmins(tx, id)) === 0) {
        throw refuse('The last active admin cannot be deleted');
      }
      if (!(await deleteUser(tx, id))) throw noSuchUser(id);
      await recordAudit(tx, { actor: ctx.user, action: 'user.delete', target: userTarget(id), summary: userDeletedSummary(target) });
      return target;
    });
    ctx.log.info({ adminId: ctx.user.id, userId: id, email: target.email }, 'admin deleted a user');
    return { message: 'User deleted' };
  }),
});

/**
 * The CSV export's batches, called only by its route (export-route.ts), which records the export in
 * the audit trail when it ends. Never merged into the root router: over /trpc the same rows would go
 * out with no user.export entry (issue 33). A procedure still, so each batch passes the admin guard.
 */
export const usersExportRouter = router({
  batch: adminProcedure.input(exportBatchInput).query(({ ctx, input }) => {
    const { search, sortBy, sortOrder } = input;
    if (!input.after) ctx.log.info({ adminId: ctx.user.id, search, sortBy, sortOrder }, 'admin began a user export');
    return exportBatch(ctx.deps.bulkReadDb, input);
  }),
});
