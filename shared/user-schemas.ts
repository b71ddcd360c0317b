// Input schemas of the admin's user management (CONTRACT "Users (admin)"), shared with the panel.
import { z } from 'zod';
import { emailSchema, nameSchema, newPasswordSchema } from './auth-schemas';
import {
  MEMBERSHIP_TIERS,
  PASSWORD_MAX_LENGTH,
  PASSWORD_MIN_LENGTH,
  ROLES,
  SORT_ORDERS,
  USER_SEARCH_MAX_LENGTH,
  USER_SORT_FIELDS,
  USER_STATUSES,
  USERS_EXPORT_BATCH,
  USERS_EXPORT_BATCH_MAX,
} from './constants';
import { blankAsAbsent, pageField } from './query-fields';
import { plainText } from './text';

export const listUsersInput = z.object({
  page: pageField,
  search: z
    .string({ error: 'search must be text' })
    .check(plainText('search'))
    .max(USER_SEARCH_MAX_LENGTH, `search must be at most ${USER_SEARCH_MAX_LENGTH} characters`)
    .default(''),
  sortBy: z.preprocess(blankAsAbsent, z.enum(USER_SORT_FIELDS, { error: `sortBy must be one of ${USER_SORT_FIELDS.join(', ')}` }).default('createdAt')),
  sortOrder: z.preprocess(blankAsAbsent, z.enum(SORT_ORDERS, { error: 'sortOrder must be asc or desc' }).default('desc')),
});
export type ListUsersInput = z.infer<typeof listUsersInput>;

// Where a batch of the export goes on from: the last position the one before it walked past
// (a user's sort value and id). Names, emails and the enums are text; createdAt is milliseconds.
const exportPosition = z.object({
  sortValue: z.union([z.string().check(plainText('after.sortValue')).max(1000, 'after.sortValue is too long'), z.number().int()], {
    error: 'after.sortValue must be text or a whole number',
  }),
  id: z.string({ error: 'after.id must be text' }).check(plainText('after.id')).min(1, 'after.id is required').max(100, 'after.id is too long'),
});

/** One batch of the member export: the list's criteria (no page), and where to go on from. */
export const exportBatchInput = listUsersInput
  .omit({ page: true })
  .extend({
    after: exportPosition.optional(),
    limit: z
      .number({ error: `limit must be a whole number from 1 to ${USERS_EXPORT_BATCH_MAX}` })
      .int(`limit must be a whole number from 1 to ${USERS_EXPORT_BATCH_MAX}`)
      .min(1, `limit must be a whole number from 1 to ${USERS_EXPORT_BATCH_MAX}`)
      .max(USERS_EXPORT_BATCH_MAX, `limit must be a whole number from 1 to ${USERS_EXPORT_BATCH_MAX}`)
      .default(USERS_EXPORT_BATCH),
  })
  .refine((input) => !input.after || (typeof input.after.sortValue === 'number') === (input.sortBy === 'createdAt'), {
    message: 'after.sortValue must be a whole number when sortBy is createdAt, and text otherwise',
    path: ['after', 'sortValue'],
  });
export type ExportBatchInput = z.infer<typeof exportBatchInput>;

const roleSchema = z.enum(ROLES, { error: `role must be one of ${ROLES.join(', ')}` });
const tierSchema = z.enum(MEMBERSHIP_TIERS, { error: `membershipTier must be one of ${MEMBERSHIP_TIERS.join(', ')}` });
const statusSchema = z.enum(USER_STATUSES, { error: `status must be one of ${USER_STATUSES.join(', ')}` });

export const createUserInput = z.object({
  name: nameSchema,
  email: emailSchema,
  password: newPasswordSchema,
  role: roleSchema.default('user'),
  membershipTier: tierSchema.default('free'),
  status: statusSchema.default('active'),
});

const userId = z.string({ error: 'id is required' }).check(plainText('id')).min(1, 'id is required').max(100, 'id is too long');

// Every field may be left out; unknown keys (createdAt, updatedAt, __v, _id) are dropped by zod.
// An empty password means "unchanged" (spec §5).
export const updateUserInput = z.object({
  id: userId,
  name: nameSchema.optional(),
  email: emailSchema.optional(),
  role: roleSchema.optional(),
  membershipTier: tierSchema.optional(),
  status: statusSchema.optional(),
  password: z
    .union([z.literal(''), newPasswordSchema], {
      error: `Password must be ${PASSWORD_MIN_LENGTH} to ${PASSWORD_MAX_LENGTH} characters, or empty to keep it`,
    })
    .optional(),
});

export const userIdInput = z.object({ id: userId });

// A page's worth of ids and then some: the panel asks about the users it shows.
export const userIdsInput = z.object({ ids: z.array(userId, { error: 'ids must be a list of user ids' }).max(100, 'ids may hold at most 100 ids') });
