// buildApp(config): a ready Fastify instance with everything registered. It never listens;
// server/main.ts does, and tests call app.inject().
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { fastifyTRPCPlugin, type FastifyTRPCPluginOptions } from '@trpc/server/adapters/fastify';
import type { Server } from 'node:http';
import Fastify, { type FastifyHttpOptions, type FastifyInstance, type onRouteHookHandler } from 'fastify';
import type { DestinationStream } from 'pino';
import { registerAccountExportRoute } from './account/export-route';
import { registerUnsubscribeRoutes } from './account/unsubscribe-route';
import { commentsExportSection } from './discussion/comments-export';
import { registerCommentEventsRoute } from './discussion/comment-events-route';
import { CommentStreams } from './discussion/comment-streams';
import type { AppDeps } from './app-deps';
import { startAuditSweeps } from './audit/sweep';
import { createAdminIfAbsent } from './auth/first-admin';
import { registerStripeWebhookRoute } from './billing/webhook-route';
import { loadOrCreateJwtSecret } from './auth/jwt-secret';
import { LOCK_TIMES, LoginLockout } from './auth/login-lockout';
import { recordSignInLock } from './auth/lockout-audit';
import { createMailer } from './lib/mailer';
import { createSessionTokens } from './auth/session-tokens';
import { loadOrCreateTwoFactorKey, moveTwoFactorSecretsToTheirKey, twoFactorBox } from './auth/two-factor-key';
import type { AppConfig } from './config';
import { openSiteDatabase } from './db/client';
import { registerBodyRules } from './http/body-rules';
import { registerClient } from './http/client';
import { registerErrorHandler } from './http/error-handler';
import { FrontDoor } from './http/front-door';
import { lingerAfterEarlyAnswers } from './http/lingering-close';
import { loggerOptions, OneLinePerRequest } from './http/logger';
import { registerSecurityHeaders } from './http/security-headers';
import { SLOW_CLIENT_LIMITS, slowHeaderOptions, watchBodyRate, type SlowClientLimits } from './http/slow-clients';
import { registerAddressLimits } from './limits/address-limits';
import type { CounterStore } from './limits/counter-store';
import { MemoryEventBus } from './events/memory-event-bus';
import { JobQueue } from './jobs/job-queue';
import { outboxSendJob } from './jobs/outbox-job';
import { UnsubscribeLinks } from './jobs/unsubscribe-links';
import { RedisEventBus } from './events/redis-event-bus';
import { MemoryCounterStore } from './limits/memory-counter-store';
import { RedisCounterStore } from './limits/redis-counter-store';
import { closeRedis, connectRedis } from './redis-client';
import { registerServeRoute } from './media/serve-route';
import { Thumbnails } from './media/thumbnails';
import { registerUploadRoute } from './media/upload-route';
import { registerApiReference } from './openapi/reference-routes';
import { clientDistDir } from './paths';
import { registerRestRoutes } from './rest/routes';
import { PublicSliderCache } from './slider/public-data';
import { CourseTreeCache } from './course/content/outline-cache';
import { coursesPageRenderer } from './courses-page';
import { registerCourseFileRoute } from './course/files/file-serve-route';
import { registerCourseFileUploadRoute } from './course/files/file-upload-route';
import { CourseFileUrls } from './course/files/file-urls';
import { prepareCourseFilesRoot } from './course/files/files-disk';
import { refreshLessonTexts } from './course/search/lesson-text-refresh';
import { backfillLessonGrams } from './course/search/search-grams';
import { startOrphanFileSweeps } from './course/files/orphan-sweep';
import { startUploadExpiry } from './course/files/tus-expiry';
import { RedisLocker } from './course/files/tus-redis-locker';
import { registerCourseUploadRoutes } from './course/files/tus-route';
import { createCourseUploads, LOCK_WAIT_MS } from './course/files/tus-uploads';
import { queueMissingTranscodes } from './course/stream/stream-data';
import { registerCourseStreamRoute } from './course/stream/stream-route';
import { StreamUrls } from './course/stream/stream-urls';
import { FFMPEG_MISSING, ffmpegRuns, transcodeJob } from './course/stream/transcode-job';
import { registerPublicSliderRoute } from './slider/public-route';
import { contextFactory } from './request-context';
import { registerExportRoute } from './users/export-route';
import { findMailRecipient } from './users/data';
import { startModuleOpenedPasses, moduleOpenedJob } from './course/mail/module-opened-job';
import { appRouter, type AppRouter } from './root-router';

export interface BuildOptions {
  /** Where the built client is; undefined serves no pages (API-only tests). */
  clientDir?: string | undefined;
  /** Where log lines go (tests capture them); default stdout. */
  logStream?: DestinationStream;
  /** Where the per-address limits and reset-mail caps count; default a fresh one in memory. */
  counters?: CounterStore;
  /** Shorter slow-client windows (tests). */
  slowClientLimits?: SlowClientLimits;
  /** The time two-factor sign-in reads; default Date.now (tests move their own). */
  clock?: () => number;
  /** Told of every route as it is added (tests check that the API reference covers them all). */
  onRoute?: onRouteHookHandler;
  /** Where the API reference reads Swagger UI's files; default swagger-ui-dist's folder (tests give one that lacks them). */
  swaggerUiDir?: string;
  /** The job queue's timing (tests make it short): how often it looks for due jobs (default 1 s), its lease (default JOB_LEASE_SECONDS). */
  jobs?: { pollMs?: number; leaseMs?: number };
}

export async function buildApp(config: AppConfig, options: BuildOptions = {}): Promise<FastifyInstance> {
  const serverOptions: FastifyHttpOptions<Server> = {
    logger: loggerOptions(config.logLevel, options.logStream),
    logController: new OneLinePerRequest(),
    trustProxy: config.trustProxy,
    // tRPC batches put several procedure names in one path segment.
    routerOptions: { maxParamLength: 5000 },
    // 0 turns the limit off; Fastify needs a number all the same.
    bodyLimit: config.limits.BODY_LIMIT_BYTES || Number.MAX_SAFE_INTEGER,
    http: slowHeaderOptions(options.slowClientLimits),
  };
  const app = Fastify(serverOptions);
  if (options.onRoute) app.addHook('onRoute', options.onRoute);
  // What the app opens, closed in reverse on close, or at once if the build fails half way (an
  // unreachable Redis must not leave the database open behind a clean error message).
  const closers: Array<() => unknown> = [];
  app.addHook('onClose', () => closeAll(closers));
  try {
    await assemble(app, config, options, closers);
  } catch (error) {
    await closeAll(closers);
    throw error;
  }
  await app.ready();
  return app;
}

async function closeAll(closers: Array<() => unknown>) {
  for (const close of closers.splice(0).reverse()) await close();
}

async function assemble(app: FastifyInstance, config: AppConfig, options: BuildOptions, closers: Array<() => unknown>) {
  // Only the site's own user may look into its data (the database, the secret, the media).
  mkdirSync(config.dataDir, { recursive: true, mode: 0o700 });
  mkdirSync(config.mediaRoot, { recursive: true });
  const courseFilesRoot = prepareCourseFilesRoot(config.courseFilesRoot, config.mediaRoot);
  const database = await openSiteDatabase(config.database, {
    onIdleError: (error) => app.log.warn({ err: error }, 'a PostgreSQL connection broke'),
    onCheckpointerError: (error) => app.log.error({ err: error }, 'the SQLite checkpoint thread died; commits checkpoint the WAL again'),
  });
  closers.push(() => database.close());
  const mailer = createMailer({ smtpUrl: config.smtpUrl, from: config.mailFrom, log: app.log });
  closers.push(() => mailer.close());
  const redis = config.redisUrl ? await connectRedis(config.redisUrl, app.log, { allowEviction: config.redisAllowEviction }) : undefined;
  if (redis) closers.push(() => closeRedis(redis));
  const shared = redis && new RedisCounterStore(redis);
  const counters = options.counters ?? shared ?? new MemoryCounterStore();
  // In memory, the sign-in lockout keeps a store of its own: a flood of cheap calls (forgot-password
  // from many addresses) that fills the other must not push a lock out of it. Redis, set to
  // noeviction (connectRedis refuses any other policy unless told), drops nothing.
  const lockoutCounters = shared ?? new MemoryCounterStore();
  const events = redis ? await RedisEventBus.connect(redis, app.log) : new MemoryEventBus();
  closers.push(() => events.close());
  // Real time, not the app's clock (tests freeze that one): leases must run out.
  const jobs = new JobQueue({
    db: database.db,
    events,
    log: app.log,
    pollMs: options.jobs?.pollMs ?? 1000,
    leaseMs: options.jobs?.leaseMs ?? config.jobLeaseSeconds * 1000,
  });
  // Before the events and the database close: it hands its running jobs back through them.
  closers.push(() => jobs.stop());
  const publicSlider = new PublicSliderCache(database.db, config.mediaRoot);
  events.subscribe('slider-data-changed', () => publicSlider.invalidate());
  const clock = options.clock ?? Date.now;
  const courseTree = new CourseTreeCache(database.db, clock);
  const { limits } = config;
  // Signs the tokens. The two-factor secrets have a key of their own, so that this can be rotated;
  // it is still what opens those sealed before that key existed, once, to seal them again.
  const serverSecret = config.jwtSecret ?? loadOrCreateJwtSecret(config.dataDir);
  const twoFactorSecrets = twoFactorBox(loadOrCreateTwoFactorKey(config.twoFactorKey, config.dataDir));
  await moveTwoFactorSecretsToTheirKey(database.db, serverSecret, twoFactorSecrets, app.log);

  // Its URLs are signed with a key of their own, derived from the same secret (course/files/file-urls.ts).
  const courseFileUrls = new CourseFileUrls(serverSecret, config.courseUrlTtlSeconds, clock);
  const deps: AppDeps = {
    config,
    db: database.db,
    bulkReadDb: database.bulkReadDb,
    tokens: createSessionTokens(serverSecret, config.jwtTtlSeconds),
    mailer,
    counters,
    loginLockout: new LoginLockout(
      lockoutCounters,
      { freeFailures: limits.LOGIN_FAILURES_FREE, accountFailuresPerHour: limits.LOGIN_ACCOUNT_FAILURES_PER_HOUR, ...LOCK_TIMES },
      app.log,
      (lock) => recordSignInLock(database.db, lock),
    ),
    addressLimit: await registerAddressLimits(app, counters, limits),
    events,
    jobs,
    // Signed with a key of their own, derived from the same secret (jobs/unsubscribe-links.ts).
    mailLinks: new UnsubscribeLinks(serverSecret, config.appUrl),
    publicSlider,
    courseTree,
    thumbnails: new Thumbnails(path.join(config.dataDir, 'thumbnails'), app.log),
    twoFactor: { db: database.db, box: twoFactorSecrets },
    courseFiles: { root: courseFilesRoot, urls: courseFileUrls },
    // Stream URLs sign a path prefix with the file URLs' key, over fields of their own (course/stream/stream-urls.ts).
    courseStreams: { urls: new StreamUrls(courseFileUrls.signer, config.courseUrlTtlSeconds, clock) },
    clock,
  };
  closers.push(() => deps.thumbnails.close());
  closers.push(await startAuditSweeps(database.db, config.auditDays, app.log));
  closers.push(await startOrphanFileSweeps(database.db, courseFilesRoot, app.log, { clock }));
  // Lessons searched by a text older than this version's making of it (raw Markdown from before it existed) are searched as members read them.
  await refreshLessonTexts(database.db, app.log);
  // Lessons from before the course search's letters index (or added by a tool without the site's writers) join it.
  const gramsIndexed = await backfillLessonGrams(database.db);
  if (gramsIndexed > 0) app.log.info({ lessons: gramsIndexed }, "lessons added to the course search's letters index");
  if (config.firstAdmin) await createAdminIfAbsent(deps.db, config.firstAdmin, app.log);
  // CONTRACT §7: media uploaded before this version (or added by a tool) is queued for its transcode, once.
  const transcodesQueued = await queueMissingTranscodes(database.db);
  if (transcodesQueued > 0) app.log.info({ files: transcodesQueued }, 'lesson media files queued for their transcode into HLS');
  // The transcode handler runs where ffmpeg does (decision 046); without it the site starts all the
  // same, members get the originals, and the jobs wait for a process that has it.
  if (await ffmpegRuns()) jobs.register(transcodeJob(deps));
  else app.log.warn(FFMPEG_MISSING);
  // CONTRACT §9: the outbox's sender, and the module.opened pass that writes to it (decision 052).
  jobs.register(
    outboxSendJob({
      db: database.db,
      mailer,
      links: deps.mailLinks,
      appUrl: config.appUrl,
      mailsPerDay: config.courseMailsPerDay,
      findRecipient: findMailRecipient,
    }),
  );
  const moduleOpenedDeps = { db: database.db, events, appUrl: config.appUrl };
  jobs.register(moduleOpenedJob(moduleOpenedDeps));

  registerSecurityHeaders(app, { https: config.appUrl.startsWith('https:') });
  registerBodyRules(app, limits.BODY_LIMIT_BYTES);
  lingerAfterEarlyAnswers(app, options.slowClientLimits ?? SLOW_CLIENT_LIMITS);
  watchBodyRate(app, options.slowClientLimits);
  registerErrorHandler(app);
  const createContext = contextFactory(deps);
  // First: it learns of the /api routes as they are added.
  registerApiReference(app, options.swaggerUiDir);

  app.get('/healthz', async () => ({ status: 'ok' }));
  await app.register(fastifyTRPCPlugin, {
    prefix: '/trpc',
    trpcOptions: {
      router: appRouter,
      createContext,
      // More calls in one request: a 400 before any runs (the client's batch link uses the same figure).
      ...(limits.TRPC_MAX_BATCH > 0 ? { maxBatchSize: limits.TRPC_MAX_BATCH } : {}),
      onError({ error, path }) {
        if (error.code === 'INTERNAL_SERVER_ERROR') app.log.error({ err: error, path }, 'procedure failed');
      },
    } satisfies FastifyTRPCPluginOptions<AppRouter>['trpcOptions'],
  });
  registerRestRoutes(app, createContext);
  registerExportRoute(app, createContext);
  registerAccountExportRoute(app, createContext, [commentsExportSection]);
  // CONTRACT §9: the lessons' discussion streams this process holds, fed by the event bus (decision 055).
  const commentStreams = new CommentStreams({ db: database.db, events, clock, log: app.log });
  // Before the server waits for requests in flight to end: a stream would never end by itself.
  app.addHook('preClose', (done) => {
    commentStreams.close();
    done();
  });
  registerCommentEventsRoute(app, createContext, commentStreams);
  await registerUploadRoute(app, createContext);
  await registerCourseFileUploadRoute(app, deps, createContext);
  // Resumable uploads (tus): their lock holds across processes when Redis joins them.
  const uploads = createCourseUploads(deps, redis && new RedisLocker(redis, app.log, LOCK_WAIT_MS));
  await registerCourseUploadRoutes(app, deps, createContext, uploads);
  closers.push(await startUploadExpiry(uploads.store, config.courseUploadExpiryHours, app.log, clock));
  await registerStripeWebhookRoute(app, deps);
  await registerUnsubscribeRoutes(app, deps);
  registerServeRoute(app, deps);
  registerCourseFileRoute(app, deps);
  registerCourseStreamRoute(app, deps);
  // The hottest answer, given before Fastify routes the request once it is built (http/front-door.ts).
  registerPublicSliderRoute(app, deps, FrontDoor.mountedOn(app));
  const pages = await registerClient(app, 'clientDir' in options ? options.clientDir : clientDistDir, { trpcMaxBatch: limits.TRPC_MAX_BATCH });
  const renderCoursesPage = coursesPageRenderer(courseTree, pages, deps.clock, app.log);
  events.subscribe('course-changed', () => {
    courseTree.invalidate();
    void renderCoursesPage();
  });
  courseTree.onMissedChange = () => void renderCoursesPage();
  // Before the first answer: after a restart too, the page shows the course as it is, not as the build had it.
  await renderCoursesPage();
  // Last: every job type is registered by now (deps.jobs.register above).
  await jobs.start();
  closers.push(await startModuleOpenedPasses(moduleOpenedDeps, { everyMinutes: config.dripMailCheckMinutes, log: app.log }));
}
