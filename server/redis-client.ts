// The connection to Redis (REDIS_URL), shared by what several processes of the site must agree on.
// Calls fail at once while Redis is away (no queue, one retry), so a limit that cannot be counted
// refuses the call (a 500) instead of letting it through or holding it; the client reconnects by
// itself.
import type { FastifyBaseLogger } from 'fastify';
import { Redis } from 'ioredis';
import { ConfigError } from './config';

export async function connectRedis(url: string, log: FastifyBaseLogger): Promise<Redis> {
  const redis = new Redis(url, { lazyConnect: true, enableOfflineQueue: false, maxRetriesPerRequest: 1, connectTimeout: 5000 });
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
  return redis;
}
