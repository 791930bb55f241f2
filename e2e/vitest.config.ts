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
    // a loaded 2-core CI machine can take more than vitest's default 1 s for a re-render
    expect: { poll: { timeout: 5000 } },
    hookTimeout: 180000,
  },
});
