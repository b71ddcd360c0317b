// The app's services, built once by buildApp (app.ts). Every transport takes them from here: the
// tRPC context (trpc/context.ts), the REST façade through it, the routes of their own (upload,
// export, /media, the public slider data); so does domain code that needs them. It lives at the
// root of server/ so that each of them imports it downward, never from a transport.
import type { AppConfig } from './config';
import type { Db } from './db/client';
import type { LoginLockout } from './auth/login-lockout';
import type { Mailer } from './auth/mailer';
import type { SessionTokens } from './auth/session-tokens';
import type { TwoFactorStore } from './auth/two-factor-data';
import type { EventBus } from './events/event-bus';
import type { AddressLimiter } from './limits/address-limits';
import type { CounterStore } from './limits/counter-store';
import type { Thumbnails } from './media/thumbnails';
import type { PublicSliderCache } from './slider/public-data';

export interface AppDeps {
  config: AppConfig;
  db: Db;
  /** Read only, with a small page cache: for reads that sweep a whole table (server/db/client.ts). */
  bulkReadDb: Db;
  tokens: SessionTokens;
  mailer: Mailer;
  /** Every limit's counts (CONTRACT §3). */
  counters: CounterStore;
  loginLockout: LoginLockout;
  addressLimit: AddressLimiter;
  /** Tells every process of the site of a change; the data functions that make one publish it, after their commit (events/after-commit.ts). */
  events: EventBus;
  /** The public slider answer, rebuilt after every 'slider-data-changed'. */
  publicSlider: PublicSliderCache;
  thumbnails: Thumbnails;
  /** Two-factor sign-in's data: the database and the box its secrets are sealed in. */
  twoFactor: TwoFactorStore;
  /** Milliseconds since the epoch: the time two-factor codes and sign-in challenges are read by (tests move it). */
  clock: () => number;
}
