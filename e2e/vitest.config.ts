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
    // A journey drives a real browser: on a loaded 2-core machine a click can land while an antd popup is still
    // animating and be lost. Such a journey runs again (at most twice); one that fails three times fails the run,
    // and scripts/test.mjs lists every journey that needed a second go (docs/decisions.md, 2026-11-26).
    retry: 2,
  },
});
