// The event bus of a site served by several processes: an event reaches this process's subscribers
// at once, as in memory, and the other processes through a Redis channel (their own subscriber
// connection; a connection that subscribes can do nothing else). Redis pub/sub keeps nothing for a
// process that is away: one that reconnects treats every event as possibly missed.
import { randomUUID } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import type { Redis } from 'ioredis';
import { ConfigError } from '../config';
import { BARE_EVENTS, SHARED_EVENTS, type EventBus, type PayloadArgs, type SiteEvent, type SiteEvents } from './event-bus';
import { MemoryEventBus } from './memory-event-bus';

const CHANNEL = 'qc:events';

export class RedisEventBus implements EventBus {
  private readonly local = new MemoryEventBus();
  // Tells this process's own messages, which it has delivered already, from the others'.
  private readonly origin = randomUUID();

  private constructor(
    private readonly publisher: Redis,
    private readonly subscriber: Redis,
    private readonly log: FastifyBaseLogger,
  ) {}

  /** Subscribes before it resolves, so that no event published after start is missed. */
  static async connect(redis: Redis, log: FastifyBaseLogger): Promise<RedisEventBus> {
    // No command timeout: a subscribing connection waits for messages by design.
    const subscriber = redis.duplicate({ enableOfflineQueue: true, maxRetriesPerRequest: null, commandTimeout: undefined });
    // Outages of Redis itself are logged by the publisher's connection (server/redis-client.ts);
    // what only this one meets (a refused SUBSCRIBE, say) is logged here, once until it recovers.
    let failing = false;
    subscriber.on('error', (error: Error) => {
      if (!failing && redis.status === 'ready') log.error({ err: error }, 'the site event subscription failed');
      failing = true;
    });
    const bus = new RedisEventBus(redis, subscriber, log);
    subscriber.on('message', (_channel: string, message: string) => bus.receive(message));
    let subscribedBefore = false;
    // After a reconnect (ioredis subscribes again by itself), events may have been missed meanwhile:
    // a bare one is as good as published again; those with a payload cannot be, so their
    // followers hear that some may be missing.
    subscriber.on('ready', () => {
      failing = false;
      if (subscribedBefore) {
        for (const event of BARE_EVENTS) bus.local.publish(event);
        bus.local.publish('events-missed');
      }
      subscribedBefore = true;
    });
    try {
      await subscriber.subscribe(CHANNEL);
    } catch (error) {
      subscriber.disconnect();
      // A Redis 7 user without channel rights, typically.
      throw new ConfigError(`Invalid environment:\n  REDIS_URL: cannot subscribe to ${CHANNEL} (${(error as Error).message})`);
    }
    return bus;
  }

  private receive(message: string): void {
    try {
      const { origin, event, payload } = JSON.parse(message) as { origin: string; event: SiteEvent; payload?: unknown };
      if (origin === this.origin || !SHARED_EVENTS.includes(event)) return;
      // As it came: the message is this bus's own JSON, written by publish below.
      const publish = this.local.publish.bind(this.local) as (event: SiteEvent, ...payload: unknown[]) => void;
      publish(event, ...(payload === undefined ? [] : [payload]));
    } catch (error) {
      this.log.warn({ err: error }, 'ignoring a malformed site event');
    }
  }

  publish<E extends SiteEvent>(event: E, ...payload: PayloadArgs<E>): void {
    this.local.publish(event, ...payload);
    this.publisher.publish(CHANNEL, JSON.stringify({ origin: this.origin, event, payload: payload[0] })).catch((error: unknown) => {
      // The other processes see the change after Redis is back (they treat a reconnect as a change).
      this.log.error({ err: error, event }, 'could not tell the other processes of a change');
    });
  }

  subscribe<E extends SiteEvent>(event: E, handler: (payload: SiteEvents[E]) => void): () => void {
    return this.local.subscribe(event, handler);
  }

  async close(): Promise<void> {
    await this.local.close();
    // Nothing in flight to wait for on a subscribing connection.
    this.subscriber.disconnect();
  }
}
