// The root router: every domain's router, merged by hand.
import { outboxRouter } from './account/outbox-router';
import { accountRouter } from './account/router';
import { auditRouter } from './audit/router';
import { authRouter } from './auth/router';
import { billingRouter } from './billing/router';
import { courseRouter } from './course/router';
import { discussionRouter } from './discussion/discussion-router';
import { mediaRouter } from './media/router';
import { playlistsRouter, sliderRouter } from './slider/router';
import { usersRouter } from './users/router';
import { createCallerFactory, router } from './trpc/init';

export const appRouter = router({
  auth: authRouter,
  users: usersRouter,
  media: mediaRouter,
  slider: sliderRouter,
  playlists: playlistsRouter,
  audit: auditRouter,
  course: courseRouter,
  account: accountRouter,
  outbox: outboxRouter,
  billing: billingRouter,
  discussion: discussionRouter,
});

export type AppRouter = typeof appRouter;

export const createCaller = createCallerFactory(appRouter);
