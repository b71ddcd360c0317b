import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';
import { sourceAliases } from './vite.config';

// The integration suite: every test that runs the whole app (tests/support/test-app.ts). It runs a
// second time on PostgreSQL, the same files unchanged (issue 10; decision 020).
const INTEGRATION = [
  'server/account/account-rest.test.ts',
  'server/account/mail-rest.test.ts',
  'server/jobs/outbox.test.ts',
  'server/audit/audit-rest.test.ts',
  'server/audit/audit-trail.test.ts',
  'server/audit/sweep.test.ts',
  'server/db/uncommitted-writes.test.ts',
  'server/auth/auth-rest.test.ts',
  'server/auth/first-admin.test.ts',
  'server/auth/limits-rest.test.ts',
  'server/auth/login-challenges.test.ts',
  'server/auth/session-auth.test.ts',
  'server/auth/sessions-rest.test.ts',
  'server/auth/two-factor-failures.test.ts',
  'server/auth/two-factor-key.test.ts',
  'server/auth/two-factor-login.test.ts',
  'server/auth/two-factor-rest.test.ts',
  'server/auth/two-factor-unverified-rest.test.ts',
  'server/course/progress/course-progress-rest.test.ts',
  'server/course/quiz/quiz-rest.test.ts',
  'server/course/quiz/quiz-parallel-submits.test.ts',
  'server/discussion/discussion-rest.test.ts',
  'server/discussion/comment-events.test.ts',
  'server/discussion/comment-mails.test.ts',
  'server/course/search/course-search-rest.test.ts',
  'server/course/files/file-url-sessions.test.ts',
  'server/course/files/caption-controls.test.ts',
  'server/course/search/search-grams-rest.test.ts',
  'server/course/files/course-files-rest.test.ts',
  'server/course/files/tus-uploads.test.ts',
  'server/course/insights/course-insights-rest.test.ts',
  'server/billing/billing-rest.test.ts',
  'server/billing/event-cases-rest.test.ts',
  'server/course/content/course-rest.test.ts',
  'server/course/content/lesson-html-cache.test.ts',
  'server/course/files/lesson-images-rest.test.ts',
  'server/course/files/orphan-sweep.test.ts',
  'server/course/stream/transcode-job.test.ts',
  'server/course/stream/stream-rest.test.ts',
  'server/course/stream/transcode-through-queue.test.ts',
  'server/course/content/outline-staleness.test.ts',
  'server/events/shared-events.test.ts',
  'server/http/app.test.ts',
  'server/jobs/job-queue.test.ts',
  'server/http/body-rules.test.ts',
  'server/http/lingering-close.test.ts',
  'server/http/logged-secrets.test.ts',
  'server/limits/shared-limits.test.ts',
  'server/media/media-rest.test.ts',
  'server/openapi/contract.test.ts',
  'server/openapi/document.test.ts',
  'server/openapi/reference-routes.test.ts',
  'server/rest/control-characters.test.ts',
  'server/slider/slider-rest.test.ts',
  'server/account/deletion-addresses-rest.test.ts',
  'server/account/export-batches-rest.test.ts',
  'server/users/export-rest.test.ts',
  'server/users/export-streaming.test.ts',
  'server/users/kept-counts.test.ts',
  'server/users/list-query.test.ts',
  'server/users/users-rest.test.ts',
];

// Tests of PostgreSQL alone, whose SQLite twins run in the sqlite project.
const POSTGRES_ONLY = ['server/**/*.postgres.test.ts'];

export default defineConfig({
  resolve: { alias: sourceAliases },
  test: {
    globalSetup: ['tests/support/global-setup.ts'],
    setupFiles: ['tests/support/fail-on-console-error.ts'],
    // One worker per core, at least two: a test mostly waits on PostgreSQL, ffmpeg or argon2's own
    // threads, so vitest's default of cores − 1 (one worker here) left a core idle (decision 060).
    maxWorkers: Math.max(2, availableParallelism()),
    // argon2 at full strength takes a while on two cores.
    testTimeout: 20_000,
    hookTimeout: 20_000,
    projects: [
      {
        extends: true,
        test: {
          name: 'sqlite',
          include: ['server/**/*.test.ts', 'shared/**/*.test.ts', 'scripts/**/*.test.ts', 'client/**/*.test.{ts,tsx}'],
          // PostgreSQL's own tests (an upgrade of its schema, say) need the postgres project's server.
          exclude: [...POSTGRES_ONLY],
        },
      },
      {
        extends: true,
        test: {
          name: 'postgres',
          include: [...INTEGRATION, ...POSTGRES_ONLY],
          globalSetup: ['tests/support/postgres-setup.ts'],
          // Chooses the dialect (server/db/dialect.ts) in the workers; each test app gets its own
          // database's URL (tests/support/test-app.ts).
          env: { DATABASE_URL: 'postgres://each-test-app-has-its-own' },
        },
      },
    ],
  },
});
