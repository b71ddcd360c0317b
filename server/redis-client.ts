// The connection to Redis (REDIS_URL), shared by what several processes of the site must agree on.
// Calls fail at once while Redis is away (no queue, one retry) and after COMMAND_TIMEOUT_MS when it
// stalls, so a limit that cannot be counted refuses the call (a 500) instead of letting it through
// or holding it; the client reconnects by itself.
import type { FastifyBaseLogger } from 'fastify';
import type { Redis } from 'ioredis';
import { ConfigError } from './config';

const COMMAND_TIMEOUT_MS = 2000;
const QUIT_TIMEOUT_MS = 1000;

export async function connectRedis(url: string, log: FastifyBaseLogger, { allowEviction = false } = {}): Promise<Redis> {
  // Loaded only when REDIS_URL is set: a single-process site never needs it.
  const { Redis } = await import('ioredis');
  const redis = new Redis(url, {
    lazyConnect: true,
    enableOfflineQueue: false,
    maxRetriesPerRequest: 1,
    connectTimeout: 5000,
    commandTimeout: COMMAND_TIMEOUT_MS,
  });
  // Logged once per outage, not once per reconnect attempt. (The URL may hold a password: never logged.)
  let down = false;
  let lastError: Error | undefined;
  redis.on('error', (error: Error) => {
    if (!down) log.error({ err: error }, 'Redis unreachable: calls that need it fail until it is back');
    down = true;
    lastError = error;
  });
  redis.on('ready', () => {
    if (down) log.info('Redis reachable again');
    down = false;
  });
  try {
    await redis.connect();
    await redis.ping();
  } catch (error) {
    redis.disconnect();
    // The socket's own error (ECONNREFUSED, a bad password) says more than "Connection is closed".
    throw new ConfigError(`Invalid environment:\n  REDIS_URL: could not connect (${(lastError ?? (error as Error)).message})`);
  }
  try {
    await requireNoEviction(redis, log, allowEviction);
  } catch (error) {
    redis.disconnect();
    throw error;
  }
  return redis;
}

const OVERRIDE = 'REDIS_ALLOW_EVICTION=1';

/**
 * Every counter carries an expiry, so a Redis that evicts under memory pressure (volatile-* or
 * allkeys-*) would drop sign-in locks and limits first: a guesser who fills its memory would
 * lift the locks on the account they guess at. So the start is refused unless the policy is
 * noeviction, or the operator takes the risk with REDIS_ALLOW_EVICTION=1 (then a warning). A
 * Redis that refuses CONFIG (hosted services often disable or rename it) cannot be checked, and
 * is refused in those words: the operator checks the service's settings, then sets the override.
 */
async function requireNoEviction(redis: Redis, log: FastifyBaseLogger, allowEviction: boolean) {
  let policy: string;
  try {
    const [, value] = (await redis.config('GET', 'maxmemory-policy')) as [string?, string?];
    if (!value) throw new Error('no value in the answer');
    policy = value;
  } catch (error) {
    const reason = (error as Error).message;
    if (allowEviction) {
      log.warn(
        { reason },
        `Redis's maxmemory-policy could not be read (CONFIG refused), and ${OVERRIDE} starts the site anyway: if Redis evicts keys, sign-in locks and limits may be dropped`,
      );
      return;
    }
    throw new ConfigError(
      `Invalid environment:\n  REDIS_URL: could not read Redis's maxmemory-policy (CONFIG GET maxmemory-policy: ${reason}). ` +
        "Hosted Redis services often disable or rename CONFIG: check in the service's settings that the policy is noeviction, " +
        `then set ${OVERRIDE} to start without this check`,
    );
  }
  if (policy === 'noeviction') return;
  if (allowEviction) {
    log.warn(
      { policy },
      `Redis evicts keys under memory pressure (maxmemory-policy ${policy}), and ${OVERRIDE} starts the site anyway: sign-in locks and limits may be dropped`,
    );
    return;
  }
  throw new ConfigError(
    `Invalid environment:\n  REDIS_URL: Redis's maxmemory-policy is ${policy}: under memory pressure it deletes keys, sign-in locks and limits among them. ` +
      'Set it to noeviction (maxmemory-policy noeviction in redis.conf, or CONFIG SET maxmemory-policy noeviction), ' +
      `or set ${OVERRIDE} to start anyway and accept that risk`,
  );
}

/** Closes the connection, waiting a moment for replies in flight, not for a Redis that has stalled or gone. */
export async function closeRedis(redis: Redis): Promise<void> {
  const quit = redis.quit().catch(() => undefined);
  const timeout = new Promise((resolve) => setTimeout(resolve, QUIT_TIMEOUT_MS).unref());
  await Promise.race([quit, timeout]);
  redis.disconnect();
}
