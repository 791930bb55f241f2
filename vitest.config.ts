import { defineConfig } from 'vitest/config';

// One process, files in sequence: the database suites share one database per engine (see harness.ts).
export default defineConfig({
  test: {
    include: ['apps/server/src/**/__tests__/**/*.test.ts', 'packages/*/src/**/__tests__/**/*.test.ts'],
    pool: 'forks',
    fileParallelism: false,
    isolate: false,
    // Limits for a loaded 2-core machine (tests that open a fresh PGlite database or start a server took over 30 s
    // at load average ~12): tests wait for conditions, and these bounds only stop one that is really stuck.
    testTimeout: 180000,
    hookTimeout: 300000,
    expect: { poll: { timeout: 30000 } },
  },
});
