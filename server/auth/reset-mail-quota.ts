// At most RESET_MAILS_PER_HOUR reset mails to one account an hour (CONTRACT §3). Past it no mail
// goes and no new link replaces the last one mailed, while the answer stays the same: the cap must
// not tell a stranger whether the account exists, nor let one fill its owner's inbox.
import type { FastifyBaseLogger } from 'fastify';
import type { AppDeps } from '../app-deps';

const HOUR = 60 * 60_000;

export async function mayMailReset(deps: AppDeps, userId: string, log: FastifyBaseLogger): Promise<boolean> {
  const max = deps.config.limits.RESET_MAILS_PER_HOUR;
  if (max === 0) return true;
  const mails = await deps.counters.increment(`reset-mails:${userId}`, HOUR);
  if (mails.value === max + 1) {
    log.warn({ userId, retryAfterSeconds: Math.ceil(mails.expiresInMs / 1000) }, 'limit reached: no more reset mails to this account this hour');
  }
  return mails.value <= max;
}
