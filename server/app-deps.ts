// The app's services, built once by buildApp (app.ts). Every transport takes them from here: the
// tRPC context (trpc/context.ts), the REST façade through it, the routes of their own (upload,
// export, /media, the public slider data). This file holds the base layer's services; a domain
// that brings a service of its own adds its slot beside the service, by declaration merging
// (`declare module '../app-deps'`), so that the arrow points from the domain down to here and the
// base never names a domain (decision 016). app.ts, which builds the whole, sees every slot.
import type { AppConfig } from './config';
import type { Db } from './db/client';
import type { EventBus } from './events/event-bus';
import type { JobQueue } from './jobs/job-queue';
import type { UnsubscribeLinks } from './jobs/unsubscribe-links';
import type { Mailer } from './lib/mailer';
import type { AddressLimiter } from './limits/address-limits';
import type { CounterStore } from './limits/counter-store';

export interface AppDeps {
  config: AppConfig;
  db: Db;
  /** Read only, with a small page cache: for reads that sweep a whole table (server/db/client.ts). */
  bulkReadDb: Db;
  mailer: Mailer;
  /** Every limit's counts (CONTRACT §3). */
  counters: CounterStore;
  addressLimit: AddressLimiter;
  /** Tells every process of the site of a change; the data functions that make one publish it, after their commit (events/after-commit.ts). */
  events: EventBus;
  /**
   * The site's background work (server/jobs/, decision 045), for the composition: app.ts registers
   * each job type's handler here before the queue starts. Domains queue jobs with enqueueJob
   * (jobs/jobs-data.ts), in their own transactions, never through this.
   */
  jobs: JobQueue;
  /** The course mails' signed one-click unsubscribe links (CONTRACT §9): made by the outbox's sender, checked by their route. */
  mailLinks: UnsubscribeLinks;
  /** Milliseconds since the epoch: the time two-factor codes and sign-in challenges are read by (tests move it). */
  clock: () => number;
}
