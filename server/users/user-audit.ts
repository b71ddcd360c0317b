// What the audit trail says about a change to a user (user.create, user.update, user.delete), and
// about the member export (user.export).
import type { ListUsersInput } from '../../shared/user-schemas';
import { changesSummary, count, quoted } from '../audit/summary';
import type { PublicUser } from './data';

export const userTarget = (id: string) => ({ type: 'user', id }) as const;

/** An export is about the users its search matched, not one of them: '*', qualified by the summary. */
export const EXPORT_TARGET = { type: 'user', id: '*' } as const;

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

/** How an export ended: the rows that became part of the file, and whether they were all of them. */
export interface ExportEnd {
  rows: number;
  complete: boolean;
}

/**
 * "exported 1204 users (search “mart”, sorted by name asc)". The criteria and a count, never a
 * user: the search is the admin's own text, which may be an email, but no list of who matched. A
 * cut export counts the rows that had left the database for the client, some perhaps still in
 * buffers when it went away: "at most".
 */
export function userExportSummary(criteria: Pick<ListUsersInput, 'search' | 'sortBy' | 'sortOrder'>, end: ExportEnd): string {
  const search = criteria.search.trim();
  const how = `${search ? `search ${quoted(search)}` : 'no search'}, sorted by ${criteria.sortBy} ${criteria.sortOrder}`;
  return end.complete
    ? `exported ${count(end.rows, 'user')} (${how})`
    : `exported at most ${count(end.rows, 'user')}, then the export stopped before its end (${how})`;
}
