// buildApp(config): a ready Fastify instance with everything registered. It never listens;
// server/main.ts does, and tests call app.inject().
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { fastifyTRPCPlugin, type FastifyTRPCPluginOptions } from '@trpc/server/adapters/fastify';
import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify';
import type { DestinationStream } from 'pino';
import { createAdminIfAbsent } from './auth/first-admin';
import { loadOrCreateJwtSecret } from './auth/jwt-secret';
import { LoginThrottle, type ThrottlePolicy } from './auth/login-throttle';
import { createMailer } from './auth/mailer';
import { createSessionTokens } from './auth/session-tokens';
import type { AppConfig } from './config';
import { openDatabase } from './db/client';
import { registerClient } from './http/client';
import { registerErrorHandler } from './http/error-handler';
import { loggerOptions } from './http/logger';
import { registerSecurityHeaders } from './http/security-headers';
import { registerServeRoute } from './media/serve-route';
import { Thumbnails } from './media/thumbnails';
import { registerUploadRoute } from './media/upload-route';
import { clientDistDir } from './paths';
import { registerRestRoutes } from './rest/routes';
import { PublicSliderCache } from './slider/public-data';
import { registerPublicSliderRoute } from './slider/public-route';
import { contextFactory, type AppDeps } from './trpc/context';
import { appRouter, type AppRouter } from './trpc/router';

export interface BuildOptions {
  /** Where the built client is; undefined serves no pages (API-only tests). */
  clientDir?: string | undefined;
  /** Where log lines go (tests capture them); default stdout. */
  logStream?: DestinationStream;
  throttlePolicy?: ThrottlePolicy;
}

export async function buildApp(config: AppConfig, options: BuildOptions = {}): Promise<FastifyInstance> {
  const serverOptions: FastifyServerOptions = {
    logger: loggerOptions(config.logLevel, options.logStream),
    trustProxy: config.trustProxy,
    // tRPC batches put several procedure names in one path segment.
    routerOptions: { maxParamLength: 5000 },
  };
  const app = Fastify(serverOptions);

  mkdirSync(config.mediaRoot, { recursive: true });
  const database = openDatabase(config.databaseFile);
  const mailer = createMailer({ smtpUrl: config.smtpUrl, from: config.mailFrom, log: app.log });

  const deps: AppDeps = {
    config,
    db: database.db,
    tokens: createSessionTokens(config.jwtSecret ?? loadOrCreateJwtSecret(config.dataDir), config.jwtTtlSeconds),
    mailer,
    loginThrottle: new LoginThrottle(options.throttlePolicy),
    publicSlider: new PublicSliderCache(database.db, config.mediaRoot),
    thumbnails: new Thumbnails(path.join(config.dataDir, 'thumbnails'), app.log),
  };
  app.addHook('onClose', async () => {
    await deps.thumbnails.close();
    mailer.close();
    database.close();
  });
  if (config.firstAdmin) await createAdminIfAbsent(deps.db, config.firstAdmin, app.log);

  registerSecurityHeaders(app);
  registerErrorHandler(app);
  const createContext = contextFactory(deps);

  app.get('/healthz', async () => ({ status: 'ok' }));
  await app.register(fastifyTRPCPlugin, {
    prefix: '/trpc',
    trpcOptions: {
      router: appRouter,
      createContext,
      onError({ error, path }) {
        if (error.code === 'INTERNAL_SERVER_ERROR') app.log.error({ err: error, path }, 'procedure failed');
      },
    } satisfies FastifyTRPCPluginOptions<AppRouter>['trpcOptions'],
  });
  registerRestRoutes(app, createContext);
  await registerUploadRoute(app, createContext);
  registerServeRoute(app, deps);
  registerPublicSliderRoute(app, deps);
  await registerClient(app, 'clientDir' in options ? options.clientDir : clientDistDir);

  await app.ready();
  return app;
}
