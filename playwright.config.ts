import { defineConfig } from '@playwright/test';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from './scripts/chromium';
import type { SharedDatabase } from './tests/scale/two-processes';

export default defineConfig<object, { database: SharedDatabase }>({
  // e2e: the site in a real browser. scale: one site served by two processes sharing a database and
  // a redis-server (CONTRACT §3 "Past one machine"), checked from outside over HTTP: once sharing an
  // SQLite file, once a throwaway PostgreSQL, into which db:copy also moves an SQLite install.
  projects: [
    { name: 'e2e', testDir: 'tests/e2e' },
    { name: 'scale', testDir: 'tests/scale', testMatch: ['one-site.spec.ts', 'transcodes.spec.ts', 'comment-events.spec.ts'], use: { database: 'sqlite' } },
    { name: 'scale-postgres', testDir: 'tests/scale', use: { database: 'postgres' } },
  ],
  // Each worker starts its own server, database and SMTP catcher (tests/e2e/fixtures.ts).
  workers: 2,
  timeout: 30_000,
  expect: { timeout: 7_000 },
  reporter: [['list']],
  forbidOnly: true,
  use: {
    browserName: 'chromium',
    launchOptions: { executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS },
    // The trace of a failed test, with its DOM snapshots (the page at each step) but without the
    // screencast: encoding a frame of every repaint in software made the longest tests 8 to 15 %
    // slower, one at a time (decision 063).
    trace: { mode: 'retain-on-failure', screenshots: false },
    // As a visitor who prefers reduced motion: no twinkling sky, no cross-fades. Chromium renders in
    // software here, so an endless animation repaints the whole page every frame, and the trace
    // recorder captures every one of those frames; with two workers on two cores that made each
    // action three times slower and pushed tests past their time. The tests of the slideshow's
    // motion turn it back on for their visitor (admin-backgrounds.spec.ts).
    reducedMotion: 'reduce',
  },
});
