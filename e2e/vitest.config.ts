import path from 'node:path';
import { defineConfig } from 'vitest/config';

// Browser journeys: one real server (globalSetup), files in sequence to stay light on a 2-core machine.
export default defineConfig({
  root: path.resolve(import.meta.dirname, '..'),
  test: {
    include: ['e2e/**/*.test.ts'],
    globalSetup: ['e2e/support/global-setup.ts'],
    pool: 'forks',
    fileParallelism: false,
    testTimeout: 60000,
    hookTimeout: 180000,
  },
});
