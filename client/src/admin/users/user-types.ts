// The shapes the user list trades in, taken from the server's router types (never its code).
import type { inferRouterInputs, inferRouterOutputs } from '@trpc/server';
import type { MembershipTier, Role, UserStatus } from '@shared/constants';
import type { AppRouter } from '@/lib/trpc';

export type AdminUser = inferRouterOutputs<AppRouter>['users']['list']['data'][number];
export type UpdateUserInput = inferRouterInputs<AppRouter>['users']['update'];
export type CreateUserInput = inferRouterInputs<AppRouter>['users']['create'];

/** What the edit row holds: the editable fields only, and a new password (empty: unchanged). */
export interface UserDraft {
  name: string;
  email: string;
  role: Role;
  membershipTier: MembershipTier;
  status: UserStatus;
  password: string;
}

export function draftOf(user: AdminUser): UserDraft {
  return {
    name: user.name,
    email: user.email,
    role: user.role,
    membershipTier: user.membershipTier,
    status: user.status,
    password: '',
  };
}

/**
 * The update sent for an edited row (spec §3, §5): the id as `id`, never _id, createdAt,
 * updatedAt or __v, and no password at all when the field was left empty.
 */
export function updateInputOf(id: string, draft: UserDraft): UpdateUserInput {
  const { name, email, role, membershipTier, status, password } = draft;
  return { id, name, email, role, membershipTier, status, ...(password ? { password } : {}) };
}
