import { defineConfig } from 'vitest/config';
import { sourceAliases } from './vite.config';

export default defineConfig({
  resolve: { alias: sourceAliases },
  test: {
    include: ['server/**/*.test.ts', 'shared/**/*.test.ts', 'scripts/**/*.test.ts', 'client/**/*.test.{ts,tsx}'],
    globalSetup: ['tests/support/global-setup.ts'],
    setupFiles: ['tests/support/fail-on-console-error.ts'],
    // argon2 at full strength takes a while on two cores.
    testTimeout: 20_000,
    hookTimeout: 20_000,
  },
});
