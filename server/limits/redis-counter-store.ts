// The counter store in Redis (REDIS_URL), shared by every process of the site: each method is one
// atomic step there, a short Lua script where it takes more than one command. See
// docs/decisions/009-redis-for-shared-counters.md.
import type { Redis, Result } from 'ioredis';
import type { Counter, CounterStore } from './counter-store';

// Returns {value, ms to expiry}. A give-back (by < 0) on a counter that is gone does nothing.
const INCREMENT = `
local by = tonumber(ARGV[2])
if by < 0 and redis.call('EXISTS', KEYS[1]) == 0 then return {0, 0} end
local value = redis.call('INCRBY', KEYS[1], by)
if ARGV[3] == '1' or redis.call('PTTL', KEYS[1]) < 0 then redis.call('PEXPIRE', KEYS[1], ARGV[1]) end
return {value, redis.call('PTTL', KEYS[1])}`;

const GET = `
local value = redis.call('GET', KEYS[1])
if not value then return nil end
return {tonumber(value), redis.call('PTTL', KEYS[1])}`;

// Returns 1 if it set the counter, 0 if it already held the value or more.
const RAISE = `
if (tonumber(redis.call('GET', KEYS[1])) or 0) >= tonumber(ARGV[1]) then return 0 end
redis.call('SET', KEYS[1], ARGV[1], 'PX', ARGV[2])
return 1`;

declare module 'ioredis' {
  interface RedisCommander<Context> {
    counterIncrement(key: string, windowMs: number, by: number, sliding: 0 | 1): Result<[number, number], Context>;
    counterGet(key: string): Result<[number, number] | null, Context>;
    counterRaise(key: string, value: number, ttlMs: number): Result<0 | 1, Context>;
  }
}

export class RedisCounterStore implements CounterStore {
  /** `prefix` keeps the site's keys apart from anything else in the same Redis. */
  constructor(
    private readonly redis: Redis,
    private readonly prefix = 'qc:',
  ) {
    redis.defineCommand('counterIncrement', { numberOfKeys: 1, lua: INCREMENT });
    redis.defineCommand('counterGet', { numberOfKeys: 1, lua: GET, readOnly: true });
    redis.defineCommand('counterRaise', { numberOfKeys: 1, lua: RAISE });
  }

  async increment(key: string, windowMs: number, { by = 1, sliding = false }: { by?: number; sliding?: boolean } = {}): Promise<Counter> {
    const [value, expiresInMs] = await this.redis.counterIncrement(this.prefix + key, Math.max(1, Math.ceil(windowMs)), by, sliding ? 1 : 0);
    return { value, expiresInMs };
  }

  async get(key: string): Promise<Counter | undefined> {
    const found = await this.redis.counterGet(this.prefix + key);
    return found ? { value: found[0], expiresInMs: found[1] } : undefined;
  }

  async set(key: string, value: number, ttlMs: number): Promise<void> {
    await this.redis.set(this.prefix + key, value, 'PX', Math.max(1, Math.ceil(ttlMs)));
  }

  async raise(key: string, value: number, ttlMs: number): Promise<boolean> {
    return (await this.redis.counterRaise(this.prefix + key, value, Math.max(1, Math.ceil(ttlMs)))) === 1;
  }

  async delete(...keys: string[]): Promise<void> {
    if (keys.length > 0) await this.redis.del(...keys.map((key) => this.prefix + key));
  }
}
