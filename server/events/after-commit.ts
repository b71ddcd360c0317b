// A write tells every process of its change itself (DESIGN "Past one machine"), but only once its
// transaction has committed: a change that is refused or rolled back tells no one. The
// events wait in PendingEvents until the commit returns.
import type { Db, Tx } from '../db/client';
import { transaction } from '../db/transaction';
import type { EventBus, PayloadArgs, SiteEvent } from './event-bus';

/**
 * The events of one transaction. A data function that changes what others must know of takes
 * this, not the EventBus (which does not fit it), so that it cannot publish before the commit.
 */
export class PendingEvents {
  /** By event and payload, as JSON: the same event with the same payload is one. */
  private readonly events = new Map<string, { event: SiteEvent; payload: unknown[] }>();

  /** Published once, at the commit, however many writes of the transaction publish it (with the same payload). */
  publish<E extends SiteEvent>(event: E, ...payload: PayloadArgs<E>): void {
    this.events.set(JSON.stringify([event, ...payload]), { event, payload });
  }

  /** @internal for commitThenPublish: after the commit. */
  flushTo(bus: EventBus): void {
    const publish = bus.publish.bind(bus) as (event: SiteEvent, ...payload: unknown[]) => void;
    for (const { event, payload } of this.events.values()) publish(event, ...payload);
    this.events.clear();
  }
}

/** Runs `work` in one transaction, then publishes what its writes published, if it committed. */
export async function commitThenPublish<T>(deps: { db: Db; events: EventBus }, work: (tx: Tx, events: PendingEvents) => Promise<T>): Promise<T> {
  let pending = new PendingEvents();
  const result = await transaction(deps.db, (tx) => {
    // A fresh list for each attempt: PostgreSQL may run a transaction again (server/db/transaction.ts).
    pending = new PendingEvents();
    return work(tx, pending);
  });
  pending.flushTo(deps.events);
  return result;
}
