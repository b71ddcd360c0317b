// The root router: every domain's router, merged by hand.
import { authRouter } from '../auth/router';
import { createCallerFactory, router } from './init';

export const appRouter = router({
  auth: authRouter,
});

export type AppRouter = typeof appRouter;

export const createCaller = createCallerFactory(appRouter);
