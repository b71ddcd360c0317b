// What the discussion knows of a member (comment_members; decision 053): their comment ban, and
// whether an admin has let one of their comments through (COMMENTS_REVIEW_FIRST holds the comments
// of a member until then). A member without a row has neither.
import { inArray, isNull } from 'drizzle-orm';
import type { Db, Tx } from '../db/client';
import { commentMembers } from '../db/schema';

export interface Standing {
  /** Milliseconds; null: no ban. */
  bannedUntil: number | null;
  /** Milliseconds: when an admin first let one of their comments through; null: never. */
  letThroughAt: number | null;
}

const NONE: Standing = { bannedUntil: null, letThroughAt: null };

export async function readStanding(db: Pick<Db, 'select'>, userId: string): Promise<Standing> {
  return (await readStandings(db, [userId])).get(userId) ?? NONE;
}

export async function readStandings(db: Pick<Db, 'select'>, userIds: string[]): Promise<Map<string, Standing>> {
  if (userIds.length === 0) return new Map();
  const rows = await db.select().from(commentMembers).where(inArray(commentMembers.userId, userIds));
  return new Map(rows.map(({ userId, ...standing }) => [userId, standing]));
}

export async function setBan(tx: Tx, userId: string, until: number | null): Promise<void> {
  await tx
    .insert(commentMembers)
    .values({ userId, bannedUntil: until, letThroughAt: null })
    .onConflictDoUpdate({ target: commentMembers.userId, set: { bannedUntil: until } });
}

/** Records that an admin let one of the member's comments through, the first time only. */
export async function markLetThrough(tx: Tx, userId: string, at: number): Promise<void> {
  await tx
    .insert(commentMembers)
    .values({ userId, bannedUntil: null, letThroughAt: at })
    .onConflictDoUpdate({ target: commentMembers.userId, set: { letThroughAt: at }, setWhere: isNull(commentMembers.letThroughAt) });
}
