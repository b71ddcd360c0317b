// The event bus of a site served by one process: events go to this process's subscribers at once.
import { EventEmitter } from 'node:events';
import type { EventBus, SiteEvent } from './event-bus';

export class MemoryEventBus implements EventBus {
  private readonly emitter = new EventEmitter();

  publish(event: SiteEvent): void {
    this.emitter.emit(event);
  }

  subscribe(event: SiteEvent, handler: () => void): () => void {
    this.emitter.on(event, handler);
    return () => this.emitter.off(event, handler);
  }

  close(): Promise<void> {
    this.emitter.removeAllListeners();
    return Promise.resolve();
  }
}
