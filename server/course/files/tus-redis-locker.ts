// The lock of a resumable upload when several processes serve the site (REDIS_URL): two PATCHes
// of one upload, on any processes, never write at once (CONTRACT §7). A lock is a Redis key set
// with NX and an expiry (PX) to a token of its holder's own; the holder renews the expiry while it
// holds it and releases it by a compare-and-delete (Lua), so a lock never outlives a dead process
// by more than LEASE_MS and a slow holder never deletes a lock that has passed to another.
//
// A request that finds the lock taken asks its holder to let go, as @tus/server's MemoryLocker
// does (the holder is most likely a PATCH whose client has gone and come back), when that holder
// is in this process; then it tries again every RETRY_MS, and after the acquire timeout the
// request is refused (tus-route.ts answers 423), which tus clients retry. A holder in another
// process is not asked: it lets go when its request ends (decision 047).
import { randomUUID } from 'node:crypto';
import { ERRORS, type Lock, type Locker, type RequestRelease } from '@tus/utils';
import type { FastifyBaseLogger } from 'fastify';
import type { Redis } from 'ioredis';

const KEY_PREFIX = 'qc:tus-lock:';
/** How long a lock outlives its holder's last renewal (a killed process's locks go after this). */
export const LEASE_MS = 10_000;
const RENEW_MS = LEASE_MS / 3;
const RETRY_MS = 100;

// Only the holder, known by its token, may extend or delete the key.
const RENEW = `if redis.call('get', KEYS[1]) == ARGV[1] then return redis.call('pexpire', KEYS[1], ARGV[2]) else return 0 end`;
const RELEASE = `if redis.call('get', KEYS[1]) == ARGV[1] then return redis.call('del', KEYS[1]) else return 0 end`;

export class RedisLocker implements Locker {
  /** The locks this process holds, by upload id: who to ask to let go. */
  readonly held = new Map<string, RequestRelease>();

  constructor(
    readonly redis: Redis,
    readonly log: FastifyBaseLogger,
    readonly acquireTimeoutMs: number,
  ) {}

  newLock(id: string): Lock {
    return new RedisLock(this, id);
  }
}

class RedisLock implements Lock {
  private readonly token = randomUUID();
  private renewal: NodeJS.Timeout | undefined;

  constructor(
    private readonly locker: RedisLocker,
    private readonly id: string,
  ) {}

  private get key() {
    return KEY_PREFIX + this.id;
  }

  async lock(stopSignal: AbortSignal, requestRelease: RequestRelease): Promise<void> {
    const { redis, held, acquireTimeoutMs } = this.locker;
    const deadline = Date.now() + acquireTimeoutMs;
    for (;;) {
      if (stopSignal.aborted) throw ERRORS.ABORTED;
      if ((await redis.set(this.key, this.token, 'PX', LEASE_MS, 'NX')) === 'OK') break;
      if (Date.now() >= deadline) throw ERRORS.ERR_LOCK_TIMEOUT;
      await held.get(this.id)?.();
      await new Promise((resolve) => setTimeout(resolve, RETRY_MS));
    }
    held.set(this.id, requestRelease);
    this.renewal = setInterval(() => void this.renew(requestRelease), RENEW_MS);
    this.renewal.unref();
  }

  private async renew(requestRelease: RequestRelease) {
    try {
      if ((await this.locker.redis.eval(RENEW, 1, this.key, this.token, LEASE_MS)) === 1) return;
      // Lost (Redis was away longer than the lease): stop writing before another holder starts.
      this.locker.log.warn({ uploadId: this.id }, 'an upload lock was lost; its request is stopped');
    } catch (error) {
      this.locker.log.warn({ err: error, uploadId: this.id }, 'an upload lock could not be renewed; its request is stopped');
    }
    clearInterval(this.renewal);
    await requestRelease();
  }

  async unlock(): Promise<void> {
    clearInterval(this.renewal);
    this.locker.held.delete(this.id);
    try {
      await this.locker.redis.eval(RELEASE, 1, this.key, this.token);
    } catch (error) {
      // It runs out by itself within LEASE_MS.
      this.locker.log.warn({ err: error, uploadId: this.id }, 'an upload lock could not be released');
    }
  }
}
