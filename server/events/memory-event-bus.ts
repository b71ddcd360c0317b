// The event bus of a site served by one process: events go to this process's subscribers at once.
import { EventEmitter } from 'node:events';
import type { EventBus, PayloadArgs, SiteEvent, SiteEvents } from './event-bus';

export class MemoryEventBus implements EventBus {
  private readonly emitter = new EventEmitter();

  publish<E extends SiteEvent>(event: E, ...payload: PayloadArgs<E>): void {
    this.emitter.emit(event, ...payload);
  }

  subscribe<E extends SiteEvent>(event: E, handler: (payload: SiteEvents[E]) => void): () => void {
    this.emitter.on(event, handler);
    return () => this.emitter.off(event, handler);
  }

  close(): Promise<void> {
    this.emitter.removeAllListeners();
    return Promise.resolve();
  }
}
