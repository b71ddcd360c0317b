// What one process tells every process of the site (DESIGN "Past one machine"): a change that
// others must act on. In this process's memory (memory-event-bus.ts), or through Redis when
// several processes serve the site (redis-event-bus.ts). Most events are bare (something changed,
// read it again); a few carry a small JSON payload naming what changed, typed per event here.

export interface SiteEvents {
  /** The slider config, a playlist or the media library changed: the public slider answer is stale. */
  'slider-data-changed': undefined;
  /** A course module or lesson changed: the course outline is stale. */
  'course-changed': undefined;
  /** A job was queued (server/jobs/jobs-data.ts): every process's queue looks for work now, not at its next poll. */
  'jobs-queued': undefined;
  /** A job was cancelled or queued again while it may be running: the process running it stops it now. */
  'jobs-cancelled': undefined;
  /**
   * Events may have been missed (the Redis subscription came back after a gap): whoever follows
   * payload events, which cannot be replayed, reads again what they show. Only ever published locally.
   */
  'events-missed': undefined;
  /** A comment of this top-level thread, or a reply of it, was posted, changed or deleted (CONTRACT §9). */
  'comment-changed': { lessonId: string; threadId: string };
  /** A user signed out, one session or all: their open event streams check theirs now. */
  'sessions-ended': { userId: string };
}

export type SiteEvent = keyof SiteEvents;

/** Events that carry nothing: what a process publishes again to itself after a gap in the Redis subscription. */
export const BARE_EVENTS = ['slider-data-changed', 'course-changed', 'jobs-queued', 'jobs-cancelled'] as const satisfies readonly SiteEvent[];

/** Every event that travels between processes. */
export const SHARED_EVENTS: readonly SiteEvent[] = [...BARE_EVENTS, 'comment-changed', 'sessions-ended'];

/** The arguments after the event's name: none for a bare event, its payload otherwise. */
export type PayloadArgs<E extends SiteEvent> = SiteEvents[E] extends undefined ? [] : [payload: SiteEvents[E]];

export interface EventBus {
  /** Tells every process, this one first and at once (before publish returns). */
  publish<E extends SiteEvent>(event: E, ...payload: PayloadArgs<E>): void;
  /** Calls `handler` on every publish of `event` by any process; returns the unsubscribe. */
  subscribe<E extends SiteEvent>(event: E, handler: (payload: SiteEvents[E]) => void): () => void;
  close(): Promise<void>;
}
