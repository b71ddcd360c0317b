// Signing out (CONTRACT §3 "Limits and sessions"): one token by its id (revoked_tokens), or every
// token of a user at once (users.sessions_valid_from, moved by users/data.ts). Both live in the
// database, so they survive a restart, and are checked inside the user row read every
// authenticated call already makes: no query of their own. See docs/decisions/007-limits-and-sessions.md.
import { lt, sql, type Placeholder } from 'drizzle-orm';
import type { Db } from '../db/client';
import { preparedPerDatabase } from '../db/prepared';
import { transaction } from '../db/transaction';
import { revokedTokens } from '../db/schema';
import { inValueList, valueList } from '../db/value-list';

/** A column for the session read: whether this token was signed out. */
export const tokenIsRevoked = (tokenId: Placeholder) =>
  sql<boolean>`exists (select 1 from ${revokedTokens} where ${revokedTokens.tokenId} = ${tokenId})`.mapWith(Boolean);

export interface TokenToRevoke {
  tokenId: string;
  userId: string;
  expiresAtMs: number;
}

/** Ends one token. Rows of tokens that have expired anyway go at the same time, so the table stays small. */
export function revokeToken(db: Db, token: TokenToRevoke, now = Date.now()): Promise<void> {
  return transaction(db, async (tx) => {
    await tx.delete(revokedTokens).where(lt(revokedTokens.expiresAt, now));
    await tx.insert(revokedTokens).values({ tokenId: token.tokenId, userId: token.userId, expiresAt: token.expiresAtMs }).onConflictDoNothing();
  });
}

const revokedAmongQuery = preparedPerDatabase((db) =>
  db.select({ tokenId: revokedTokens.tokenId }).from(revokedTokens).where(inValueList(revokedTokens.tokenId, 'ids')).prepare(),
);

/**
 * Of these tokens, those signed out one by one: with the users' sessionsValidFrom, whether
 * long-lived streams' sessions still hold (at every event of a lesson, for hundreds of streams: the
 * ids are one parameter, the statement prepared once).
 */
export async function revokedAmong(db: Db, tokenIds: string[]): Promise<Set<string>> {
  if (tokenIds.length === 0) return new Set();
  const rows = await revokedAmongQuery(db, '').execute({ ids: valueList(tokenIds) });
  return new Set(rows.map((row) => row.tokenId));
}
