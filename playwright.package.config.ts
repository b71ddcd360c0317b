// The packed and installed package (tests/package, `npm run test:package`): the e2e settings, run
// apart from the e2e suite and after it, since its install compiles better-sqlite3 and would starve
// the e2e workers; its steps run in order, on one worker. Each step starts fresh processes from the
// installed package, so a step gets minutes rather than the e2e half-minute on a busy machine.
import { defineConfig } from '@playwright/test';
import e2e from './playwright.config';

export default defineConfig({ ...e2e, projects: [{ name: 'package', testDir: 'tests/package' }], workers: 1, timeout: 180_000 });
