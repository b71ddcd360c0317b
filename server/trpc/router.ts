// The root router: every domain's router, merged by hand.
import type { inferRouterContext } from '@trpc/server';
import type { FastifyRequest } from 'fastify';
import { auditRouter } from '../audit/router';
import { authRouter } from '../auth/router';
import { mediaRouter } from '../media/router';
import { playlistsRouter, sliderRouter } from '../slider/router';
import { usersRouter } from '../users/router';
import { createCallerFactory, router } from './init';

export const appRouter = router({
  auth: authRouter,
  users: usersRouter,
  media: mediaRouter,
  slider: sliderRouter,
  playlists: playlistsRouter,
  audit: auditRouter,
});

export type AppRouter = typeof appRouter;

export const createCaller = createCallerFactory(appRouter);

/**
 * How a route of its own (the upload, the export) gets the context procedures and their guards
 * take. Named through the router, so that domain code needs nothing from trpc/context.ts.
 */
export type ContextFactory = (opts: { req: FastifyRequest }) => inferRouterContext<AppRouter>;
