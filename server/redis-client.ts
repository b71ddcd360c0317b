// The connection to Redis (REDIS_URL), shared by what several processes of the site must agree on.
// Calls fail at once while Redis is away (no queue, one retry) and after COMMAND_TIMEOUT_MS when it
// stalls, so a limit that cannot be counted refuses the call (a 500) instead of letting it through
// or holding it; the client reconnects by itself.
import type { FastifyBaseLogger } from 'fastify';
import type { Redis } from 'ioredis';
import { ConfigError } from './config';

const COMMAND_TIMEOUT_MS = 2000;
const QUIT_TIMEOUT_MS = 1000;

export async function connectRedis(url: string, log: FastifyBaseLogger): Promise<Redis> {
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
  await warnUnlessNoEviction(redis, log);
  return redis;
}

/**
 * Every counter carries an expiry, so a Redis that evicts under memory pressure (volatile-* or
 * allkeys-*) would drop sign-in locks first. Said at start; managed services that refuse CONFIG
 * are left alone.
 */
async function warnUnlessNoEviction(redis: Redis, log: FastifyBaseLogger) {
  try {
    const [, policy] = (await redis.config('GET', 'maxmemory-policy')) as [string, string];
    if (policy && policy !== 'noeviction') {
      log.warn({ policy }, 'Redis evicts keys under memory pressure (maxmemory-policy): set it to noeviction, or sign-in locks may be dropped');
    }
  } catch {
    // CONFIG is often disabled on hosted Redis.
  }
}

/** Closes the connection, waiting a moment for replies in flight, not for a Redis that has stalled or gone. */
export async function closeRedis(redis: Redis): Promise<void> {
  const quit = redis.quit().catch(() => undefined);
  const timeout = new Promise((resolve) => setTimeout(resolve, QUIT_TIMEOUT_MS).unref());
  await Promise.race([quit, timeout]);
  redis.disconnect();
}
