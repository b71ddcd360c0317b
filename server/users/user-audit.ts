// What the audit trail says about a change to a user (user.create, user.update, user.delete).
import { changesSummary, quoted } from '../audit/summary';
import type { PublicUser } from './data';

export const userTarget = (id: string) => ({ type: 'user', id }) as const;

const profile = (user: PublicUser) => `${quoted(user.name)}, role ${user.role}, tier ${user.membershipTier}, status ${user.status}`;

/** "created ann@example.com (“Ann”, role user, tier free, status active)" */
export const userCreatedSummary = (user: PublicUser) => `created ${user.email} (${profile(user)})`;

/** The deleted user's email and profile: the entry's target id will lead nowhere. */
export const userDeletedSummary = (user: PublicUser) => `deleted ${user.email} (${profile(user)})`;

/** "ann@example.com: changed tier free → paid, role user → admin"; a new password is "password", never its value. */
export function userUpdatedSummary(before: PublicUser, after: PublicUser, passwordChanged: boolean): string {
  const changes = changesSummary([
    { label: 'name', before: quoted(before.name), after: quoted(after.name) },
    { label: 'email', before: before.email, after: after.email },
    { label: 'tier', before: before.membershipTier, after: after.membershipTier },
    { label: 'role', before: before.role, after: after.role },
    { label: 'status', before: before.status, after: after.status },
    ...(passwordChanged ? ['password'] : []),
  ]);
  return `${before.email}: ${changes}`;
}
