// The key two-factor secrets are sealed with (CONTRACT §3 "Two-factor sign-in"): a secret of its
// own, TWO_FACTOR_KEY or the one generated once in DATA_DIR/two-factor-key, so that the site secret
// (JWT_SECRET) can be rotated after a leak without breaking every member's app codes. Versions
// before it sealed them with a key derived from the site secret; the first start of this one
// seals them again with the new key (see docs/decisions/012-two-factor-sign-in.md).
import { and, eq, isNull, like, or } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../db/client';
import { transaction } from '../db/transaction';
import { twoFactor } from '../db/schema';
import { loadOrCreateSecretFile } from './jwt-secret';
import { createSecretBox, type SecretBox } from './secret-box';
import { sealContext } from './two-factor-data';

const PURPOSE = 'two-factor secrets';

/** The two-factor key: TWO_FACTOR_KEY, or generated once and kept in DATA_DIR (mode 0600). */
export const loadOrCreateTwoFactorKey = (configured: string | undefined, dataDir: string): string =>
  configured ?? loadOrCreateSecretFile(dataDir, 'two-factor-key');

/** The box two-factor secrets are sealed in: its values start with `v2.`. */
export const twoFactorBox = (twoFactorKey: string): SecretBox => createSecretBox(twoFactorKey, PURPOSE, 'v2');

/** The box of the versions before TWO_FACTOR_KEY, under a key derived from the site secret: `v1.` values. Read only by the re-seal below. */
export const siteSecretTwoFactorBox = (siteSecret: string): SecretBox => createSecretBox(siteSecret, PURPOSE, 'v1');

export interface Reseal {
  /** Rows whose secrets now open with the new key. */
  resealed: number;
  /** Rows with a value the old box could not open: the site secret changed before this version. Left as they are. */
  unreadable: number;
}

/**
 * Seals every secret still sealed by `from` again with `to`, in one transaction: all of them or
 * none. Idempotent: a second run finds nothing left of `from`'s. Several processes starting at
 * once take turns (SQLite's write lock; PostgreSQL runs the loser again, which then finds nothing),
 * and each update also asks that the value be the one it read. A value `from` cannot open is
 * left as it is: should the right site secret come back, a later start still seals it again.
 */
export function resealTwoFactorSecrets(db: Db, from: SecretBox, to: SecretBox): Promise<Reseal> {
  const old = `${from.tag}.%`;
  return transaction(db, async (tx) => {
    const rows = await tx
      .select({ userId: twoFactor.userId, secret: twoFactor.secret, pendingSecret: twoFactor.pendingSecret })
      .from(twoFactor)
      .where(or(like(twoFactor.secret, old), like(twoFactor.pendingSecret, old)));
    const result: Reseal = { resealed: 0, unreadable: 0 };
    for (const row of rows) {
      const context = sealContext(row.userId);
      const again = (value: string | null) => {
        if (value === null || !value.startsWith(`${from.tag}.`)) return value;
        const plain = from.open(value, context);
        return plain === undefined ? undefined : to.seal(plain, context);
      };
      const [secret, pendingSecret] = [again(row.secret), again(row.pendingSecret)];
      if (secret === undefined || pendingSecret === undefined) {
        result.unreadable++;
        continue;
      }
      const unchanged = (column: typeof twoFactor.secret | typeof twoFactor.pendingSecret, value: string | null) =>
        value === null ? isNull(column) : eq(column, value);
      await tx
        .update(twoFactor)
        .set({ secret, pendingSecret })
        .where(and(eq(twoFactor.userId, row.userId), unchanged(twoFactor.secret, row.secret), unchanged(twoFactor.pendingSecret, row.pendingSecret)));
      result.resealed++;
    }
    return result;
  });
}

/** At start: the re-seal, told to the log when it did something or found what it cannot do. */
export async function moveTwoFactorSecretsToTheirKey(db: Db, siteSecret: string, to: SecretBox, log: FastifyBaseLogger): Promise<void> {
  const { resealed, unreadable } = await resealTwoFactorSecrets(db, siteSecretTwoFactorBox(siteSecret), to);
  if (resealed > 0) log.info({ resealed }, 'two-factor secrets sealed again with the two-factor key');
  if (unreadable > 0) {
    log.warn(
      { unreadable },
      'two-factor secrets sealed with an earlier site secret could not be opened: those members sign in with a recovery code, or an admin clears theirs',
    );
  }
}
