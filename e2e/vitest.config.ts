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
    // Limits for a loaded 2-core machine (load average ~16 measured): journeys wait for conditions,
    // never for fixed times, and these bounds only stop a journey that is really stuck.
    testTimeout: 240000,
    expect: { poll: { timeout: 30000 } },
    hookTimeout: 180000,
  },
});
