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
} from './constants';
import { blankAsAbsent, pageField } from './query-fields';

export const listUsersInput = z.object({
  page: pageField,
  search: z
    .string({ error: 'search must be text' })
    .max(USER_SEARCH_MAX_LENGTH, `search must be at most ${USER_SEARCH_MAX_LENGTH} characters`)
    .default(''),
  sortBy: z.preprocess(
    blankAsAbsent,
    z.enum(USER_SORT_FIELDS, { error: `sortBy must be one of ${USER_SORT_FIELDS.join(', ')}` }).default('createdAt'),
  ),
  sortOrder: z.preprocess(blankAsAbsent, z.enum(SORT_ORDERS, { error: 'sortOrder must be asc or desc' }).default('desc')),
});
export type ListUsersInput = z.infer<typeof listUsersInput>;

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

const userId = z.string({ error: 'id is required' }).min(1, 'id is required').max(100, 'id is too long');

// Every field may be left out; unknown keys (createdAt, updatedAt, __v, _id) are dropped by zod.
// An empty password means "unchanged" (spec §5).
export const updateUserInput = z.object({
  id: userId,
  name: nameSchema.optional(),
  email: emailSchema.optional(),
  role: roleSchema.optional(),
  membershipTier: tierSchema.optional(),
  status: statusSchema.optional(),
  password: z.union([z.literal(''), newPasswordSchema], {
    error: `Password must be ${PASSWORD_MIN_LENGTH} to ${PASSWORD_MAX_LENGTH} characters, or empty to keep it`,
  }).optional(),
});

export const userIdInput = z.object({ id: userId });

// A page's worth of ids and then some: the panel asks about the users it shows.
export const userIdsInput = z.object({ ids: z.array(userId, { error: 'ids must be a list of user ids' }).max(100, 'ids may hold at most 100 ids') });
