import { defineConfig } from 'vitest/config';

// One process, files in sequence: the database suites share one database per engine (see harness.ts).
export default defineConfig({
  test: {
    include: ['apps/server/src/**/__tests__/**/*.test.ts', 'packages/*/src/**/__tests__/**/*.test.ts'],
    pool: 'forks',
    fileParallelism: false,
    isolate: false,
    testTimeout: 30000,
    hookTimeout: 60000,
  },
});
