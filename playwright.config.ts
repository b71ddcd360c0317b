import { defineConfig } from '@playwright/test';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from './scripts/chromium';

export default defineConfig({
  // e2e: the site in a real browser. scale: one site served by two processes sharing a database and
  // a redis-server (CONTRACT §3 "Past one machine"), checked from outside over HTTP.
  projects: [
    { name: 'e2e', testDir: 'tests/e2e' },
    { name: 'scale', testDir: 'tests/scale' },
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
    trace: 'retain-on-failure',
  },
});
