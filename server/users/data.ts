// The users table's data functions. Other domains go through these, never through the table.
import { randomUUID } from 'node:crypto';
import { and, count, eq, gte, inArray, lt, ne, sql } from 'drizzle-orm';
import type { MembershipTier, PaidVia, Role, UserStatus } from '../../shared/constants';
import { apiRecord } from '../db/api-record';
import type { Db, Tx } from '../db/client';
import { isUniqueViolation } from '../db/errors';
import { preparedAs, preparedPerDatabase } from '../db/prepared';
import { inValueList, valueList } from '../db/value-list';
import { holdWrites, transaction } from '../db/transaction';
import { users, userSearchGrams } from '../db/schema';
import { deleteAccountTokens } from './account-tokens';
import { deleteResetToken } from './reset-tokens';
import { tokenIsRevoked } from './sessions';
import { indexUser, searchKey, unindexUser } from './search-index';

/** A user as every API answers it: never a password or a hash (CONTRACT "Users (admin)"). */
export interface PublicUser {
  _id: string;
  name: string;
  email: string;
  role: Role;
  membershipTier: MembershipTier;
  status: UserStatus;
  /** Whether a mailed link proved the address (CONTRACT §5). */
  emailVerified: boolean;
  createdAt: string;
  updatedAt: string;
  /** When the tier last became paid (CONTRACT §4); null while free. */
  paidSince: string | null;
  /** How: an admin's hand, or a Stripe payment (CONTRACT §6); null while free. */
  paidVia: PaidVia | null;
  /** The Stripe Checkout Session of that payment; null unless paidVia is stripe. */
  checkoutSessionId: string | null;
}

/** The columns of what the admin's CSV export lists (CONTRACT §3 "Operators"), in its order. */
export const exportedColumns = {
  id: users.id,
  name: users.name,
  email: users.email,
  role: users.role,
  membershipTier: users.membershipTier,
  status: users.status,
  createdAt: users.createdAt,
};

export const publicColumns = {
  id: users.id,
  name: users.name,
  email: users.email,
  role: users.role,
  membershipTier: users.membershipTier,
  status: users.status,
  emailVerified: users.emailVerified,
  createdAt: users.createdAt,
  updatedAt: users.updatedAt,
  paidSince: users.paidSince,
  paidVia: users.paidVia,
  paidReference: users.paidReference,
};

type ColumnValue<C extends { _: { data: unknown; notNull: boolean } }> = C['_']['notNull'] extends true ? C['_']['data'] : C['_']['data'] | null;
type PublicRow = { [K in keyof typeof publicColumns]: ColumnValue<(typeof publicColumns)[K]> };
type RecordRow = Omit<PublicRow, 'paidSince' | 'paidReference'>;

export function toPublicUser(row: PublicRow): PublicUser {
  const { paidSince, paidReference, ...record } = row;
  return {
    ...apiRecord<Omit<PublicUser, 'paidSince' | 'checkoutSessionId'>, RecordRow>(record),
    paidSince: paidSince === null ? null : new Date(paidSince).toISOString(),
    checkoutSessionId: row.paidVia === 'stripe' ? paidReference : null,
  };
}

export class EmailInUseError extends Error {
  override name = 'EmailInUseError';
}

const isUniqueEmailViolation = (error: unknown) => isUniqueViolation(error, 'users_email_unique');

export interface NewUser {
  name: string;
  email: string;
  passwordHash: string;
  role?: Role;
  membershipTier?: MembershipTier;
  status?: UserStatus;
}

/**
 * First in a transaction that adds, removes or renames a user: every such write adds to the same
 * search gram counts (the "every user" row at least), and on PostgreSQL two at once end one of them
 * with a serialization failure (kept-counts.test.ts's 36 deletions at once, on a loaded machine,
 * ran through all ten tries of transaction()).
 * Holding the counts' table first makes them take turns, as quiz submits do (decision 054).
 */
const holdSearchCounts = (tx: Tx) => holdWrites(tx, userSearchGrams);

/** Inserts a user (and its search entry); a taken email (in any letter case) throws EmailInUseError. */
export async function insertUser(db: Db, input: NewUser): Promise<PublicUser> {
  const now = Date.now();
  try {
    return await transaction(db, async (tx) => {
      await holdSearchCounts(tx);
      const [inserted] = await tx
        .insert(users)
        .values({
          id: randomUUID(),
          name: input.name,
          email: input.email.toLowerCase(),
          role: input.role ?? 'user',
          membershipTier: input.membershipTier ?? 'free',
          status: input.status ?? 'active',
          passwordHash: input.passwordHash,
          passwordChangedAt: now,
          createdAt: now,
          updatedAt: now,
          ...paidByHand(input.membershipTier === 'paid', now),
        })
        .returning({ ...publicColumns, key: searchKey });
      const { key, ...row } = inserted!;
      await indexUser(tx, { key, name: row.name, email: row.email });
      return toPublicUser(row);
    });
  } catch (error) {
    if (isUniqueEmailViolation(error)) throw new EmailInUseError();
    throw error;
  }
}

export interface UserChanges {
  name?: string | undefined;
  email?: string | undefined;
  role?: Role | undefined;
  membershipTier?: MembershipTier | undefined;
  status?: UserStatus | undefined;
  passwordHash?: string | undefined;
  emailVerified?: boolean | undefined;
}

/**
 * Applies the given changes and returns the user, or undefined if there is no such user. A new
 * password or email also ends the user's sessions and removes a pending reset link and email change
 * (CONTRACT §3, §5): whoever held the account before the change must not keep it. A new email is
 * unproved unless the change says it is verified (the member's own confirmation through its link).
 */
export async function updateUser(db: Db, id: string, changes: UserChanges): Promise<PublicUser | undefined> {
  const now = Date.now();
  const { passwordHash, ...fields } = changes;
  const email = fields.email?.toLowerCase();
  try {
    return await transaction(db, async (tx) => {
      if (fields.name !== undefined || email !== undefined) await holdSearchCounts(tx);
      const [before] = await tx
        .select({ key: searchKey, name: users.name, email: users.email, membershipTier: users.membershipTier })
        .from(users)
        .where(eq(users.id, id));
      if (!before) return undefined;
      const takenOver = passwordHash !== undefined || (email !== undefined && email !== before.email);
      const set = {
        ...tierChangeByHand(before.membershipTier, fields.membershipTier, now),
        ...Object.fromEntries(Object.entries(fields).filter(([, value]) => value !== undefined)),
        ...(email ? { email } : {}),
        ...(email !== undefined && email !== before.email ? { emailVerified: fields.emailVerified ?? false } : {}),
        ...(passwordHash ? { passwordHash, passwordChangedAt: now } : {}),
        ...(takenOver ? { sessionsValidFrom: endOfSessionsNow(now) } : {}),
        updatedAt: now,
      };
      const [updated] = await tx
        .update(users)
        .set(set)
        .where(eq(users.id, id))
        .returning({ ...publicColumns, key: searchKey });
      const { key, ...row } = updated!;
      if (row.name !== before.name || row.email !== before.email) {
        await unindexUser(tx, before);
        await indexUser(tx, { key, name: row.name, email: row.email });
      }
      if (takenOver) {
        await deleteResetToken(tx, id);
        await deleteAccountTokens(tx, id, ['change-email']);
      }
      return toPublicUser(row);
    });
  } catch (error) {
    if (isUniqueEmailViolation(error)) throw new EmailInUseError();
    throw error;
  }
}

/** What a tier made paid (or not) by an admin's hand stores: since now, by hand (CONTRACT §4, §6). */
function paidByHand(paid: boolean, now: number) {
  return paid ? { paidSince: now, paidVia: 'hand' as const, paidReference: null } : { paidSince: null, paidVia: null, paidReference: null };
}

/**
 * When an admin makes the tier paid, paidSince is now (the course's drip counts from it, CONTRACT
 * §4) and it is paid by hand; when free, all three are null; a paid member staying paid keeps theirs.
 */
function tierChangeByHand(before: MembershipTier, after: MembershipTier | undefined, now: number) {
  if (after === undefined || after === before) return {};
  return paidByHand(after === 'paid', now);
}

/**
 * Makes the member paid through a payment (CONTRACT §6), inside the caller's transaction: paidSince
 * now unless they are paid already (a second payment keeps their drip), and the payment noted as
 * how. Undefined if there is no such user; else whether the tier changed.
 */
export async function markPaidThroughPayment(tx: Tx, id: string, reference: string, now: number): Promise<{ upgraded: boolean } | undefined> {
  const [before] = await tx.select({ membershipTier: users.membershipTier }).from(users).where(eq(users.id, id));
  if (!before) return undefined;
  if (before.membershipTier === 'paid') return { upgraded: false };
  await tx.update(users).set({ membershipTier: 'paid', paidSince: now, paidVia: 'stripe', paidReference: reference, updatedAt: now }).where(eq(users.id, id));
  return { upgraded: true };
}

/**
 * Makes the member free again after their payment was refunded, inside the caller's transaction,
 * if that payment is what made them paid (not an admin's hand, nor another payment). Whether it did.
 */
export async function unmarkPaidThroughPayment(tx: Tx, id: string, reference: string, now: number): Promise<boolean> {
  const changed = await tx
    .update(users)
    .set({ membershipTier: 'free', paidSince: null, paidVia: null, paidReference: null, updatedAt: now })
    .where(and(eq(users.id, id), eq(users.membershipTier, 'paid'), eq(users.paidVia, 'stripe'), eq(users.paidReference, reference)))
    .returning({ id: users.id });
  return changed.length > 0;
}

// Tokens are refused when issued before sessionsValidFrom; one millisecond on, so that a token
// issued in this very millisecond ends too.
const endOfSessionsNow = (now: number) => now + 1;

/**
 * Ends every session of the user issued so far ("Sign out everywhere"). The time from which tokens
 * count again (a fresh token for the caller must not be issued before it), or undefined if there
 * is no such user.
 */
export async function endSessions(db: Db, id: string): Promise<number | undefined> {
  const [ended] = await db
    .update(users)
    .set({ sessionsValidFrom: endOfSessionsNow(Date.now()) })
    .where(eq(users.id, id))
    .returning({ validFrom: users.sessionsValidFrom });
  return ended?.validFrom;
}

/** Deletes the user (and its search entry; every row that references it goes by cascade); false if there was none. */
export function deleteUser(db: Db, id: string): Promise<boolean> {
  return transaction(db, async (tx) => {
    await holdSearchCounts(tx);
    const [deleted] = await tx.delete(users).where(eq(users.id, id)).returning({ key: searchKey, name: users.name, email: users.email });
    if (deleted) await unindexUser(tx, deleted);
    return deleted !== undefined;
  });
}

/** Active admins other than `exceptId`: the panel must never lose its last one. */
export async function countOtherActiveAdmins(db: Db, exceptId: string): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(users)
    .where(and(eq(users.role, 'admin'), eq(users.status, 'active'), ne(users.id, exceptId)));
  return row!.n;
}

export async function userStats(db: Db) {
  const [row] = await db
    .select({
      totalUsers: count(),
      paidMembers: sql<number>`count(*) filter (where ${users.membershipTier} = 'paid')`.mapWith(Number),
      freeMembers: sql<number>`count(*) filter (where ${users.membershipTier} = 'free')`.mapWith(Number),
    })
    .from(users);
  return row!;
}

// Matches the unique index on lower(email), so a lookup by email is one index probe.
const emailIs = (email: string) => eq(sql`lower(${users.email})`, email.toLowerCase());

// What sign-in needs: the hash, the status, the email and password generation the lockout counts
// by, and since when the account's sessions (and sign-ins waiting for a second factor) count.
const credentialColumns = {
  id: users.id,
  email: users.email,
  role: users.role,
  status: users.status,
  passwordHash: users.passwordHash,
  passwordChangedAt: users.passwordChangedAt,
  sessionsValidFrom: users.sessionsValidFrom,
  emailVerified: users.emailVerified,
};

export async function findCredentialsByEmail(db: Db, email: string) {
  const [row] = await db.select(credentialColumns).from(users).where(emailIs(email));
  return row;
}

export async function findCredentialsById(db: Db, id: string) {
  const [row] = await db.select(credentialColumns).from(users).where(eq(users.id, id));
  return row;
}

/**
 * What every authenticated call re-reads, in one query: existence, email (what the audit trail
 * names an actor by), role, status, tier and paidSince (what the course's access rule asks), since
 * when its tokens count, and whether this token was signed out. Every authenticated call reads its
 * user, so the statement is prepared once per database.
 */
const sessionUserQuery = preparedPerDatabase((db) =>
  preparedAs(
    db
      .select({
        id: users.id,
        email: users.email,
        role: users.role,
        status: users.status,
        membershipTier: users.membershipTier,
        paidSince: users.paidSince,
        sessionsValidFrom: users.sessionsValidFrom,
        revoked: tokenIsRevoked(sql.placeholder('tokenId')),
      })
      .from(users)
      .where(eq(users.id, sql.placeholder('id'))),
    'session-user',
  ),
);

export async function findSessionUser(db: Db, id: string, tokenId: string) {
  const [row] = await sessionUserQuery(db, '').execute({ id, tokenId });
  return row;
}

export async function findPublicUserById(db: Db, id: string): Promise<PublicUser | undefined> {
  const [row] = await db.select(publicColumns).from(users).where(eq(users.id, id));
  return row && toPublicUser(row);
}

/** What the course's access rule needs of a member: their tier and since when it is paid (CONTRACT §4). */
export async function findMembership(db: Db, id: string): Promise<{ membershipTier: MembershipTier; paidSince: number | null } | undefined> {
  const [row] = await db.select({ membershipTier: users.membershipTier, paidSince: users.paidSince }).from(users).where(eq(users.id, id));
  return row;
}

/**
 * What the course's access rule reads of a user now, with role and status, and since when their
 * sessions count: for the signed file and stream URLs, which carry no session token, only its
 * issue time. Columns, not a query: those routes read them in the same statement as the file
 * (course/files/files-data.ts), one query a request.
 */
export interface MemberStanding {
  role: Role;
  status: UserStatus;
  membershipTier: MembershipTier;
  paidSince: number | null;
  sessionsValidFrom: number;
}

export const memberStandingColumns = {
  role: users.role,
  status: users.status,
  membershipTier: users.membershipTier,
  paidSince: users.paidSince,
  sessionsValidFrom: users.sessionsValidFrom,
};

const memberStandingsQuery = preparedPerDatabase((db) =>
  db
    .select({ id: users.id, ...memberStandingColumns })
    .from(users)
    .where(inValueList(users.id, 'ids'))
    .prepare(),
);

/**
 * The standing of each of these users now, in one query: what open event streams check their
 * readers against (discussion/comment-streams.ts), at every event of a lesson, for hundreds of
 * readers. So the ids are one parameter and the statement is prepared once.
 */
export async function findMemberStandings(db: Db, ids: string[]): Promise<Map<string, MemberStanding>> {
  if (ids.length === 0) return new Map();
  const rows = await memberStandingsQuery(db, '').execute({ ids: valueList(ids) });
  return new Map(rows.map(({ id, ...standing }) => [id, standing]));
}

export async function findUserIdByEmail(db: Db, email: string): Promise<string | undefined> {
  const [row] = await db.select({ id: users.id }).from(users).where(emailIs(email));
  return row?.id;
}

/** The user whose address is this one and proven theirs (the verification or change link): a mere sign-up with it is no claim to it. */
export async function findVerifiedUserIdByEmail(db: Db, email: string): Promise<string | undefined> {
  const [row] = await db
    .select({ id: users.id })
    .from(users)
    .where(and(emailIs(email), eq(users.emailVerified, true)));
  return row?.id;
}

/** Replaces the hash, which ends every session so far (updateUser); undefined if there is no such user. */
export function setPasswordHash(db: Db, id: string, passwordHash: string): Promise<PublicUser | undefined> {
  return updateUser(db, id, { passwordHash });
}

/** What the mail outbox reads of a member at each send (jobs/outbox-job.ts): where, and whether they may still be mailed. */
export async function findMailRecipient(db: Db, id: string): Promise<{ email: string; status: UserStatus; membershipTier: MembershipTier } | undefined> {
  const [row] = await db.select({ email: users.email, status: users.status, membershipTier: users.membershipTier }).from(users).where(eq(users.id, id));
  return row;
}

/**
 * The Architects (paid, active, not admins: drip does not apply to them) whose tier became paid in
 * [from, to): those a module dripped by whole days opens for on one day (course/mail/).
 */
export function findArchitectsPaidBetween(db: Db, from: number, to: number): Promise<Array<{ id: string; name: string }>> {
  return db
    .select({ id: users.id, name: users.name })
    .from(users)
    .where(and(eq(users.membershipTier, 'paid'), eq(users.status, 'active'), eq(users.role, 'user'), gte(users.paidSince, from), lt(users.paidSince, to)));
}

/** The addresses of the users of `ids` (the admin's outbox list names each mail's member); a gone user is absent. */
export async function findUserEmails(db: Db, ids: string[]): Promise<Map<string, string>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .select({ id: users.id, email: users.email })
    .from(users)
    .where(inArray(users.id, [...new Set(ids)]));
  return new Map(rows.map((row) => [row.id, row.email]));
}
