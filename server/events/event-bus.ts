// What one process tells every process of the site (DESIGN "Past one machine"): a change that
// others must act on. In this process's memory (memory-event-bus.ts), or through Redis when
// several processes serve the site (redis-event-bus.ts).

export type SiteEvent =
  /** The slider config, a playlist or the media library changed: the public slider answer is stale. */
  | 'slider-data-changed'
  /** A course module or lesson changed: the course outline is stale. */
  | 'course-changed'
  /** A job was queued (server/jobs/jobs-data.ts): every process's queue looks for work now, not at its next poll. */
  | 'jobs-queued'
  /** A job was cancelled or queued again while it may be running: the process running it stops it now. */
  | 'jobs-cancelled';

export interface EventBus {
  /** Tells every process, this one first and at once (before publish returns). */
  publish(event: SiteEvent): void;
  /** Calls `handler` on every publish of `event` by any process; returns the unsubscribe. */
  subscribe(event: SiteEvent, handler: () => void): () => void;
  close(): Promise<void>;
}
