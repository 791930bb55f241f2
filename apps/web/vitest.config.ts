import { defineConfig } from 'vitest/config';

// Pure logic of the web app (formats, paging, form rules, document money): no browser, no server.
export default defineConfig({
  test: {
    root: import.meta.dirname,
    include: ['src/**/__tests__/**/*.test.ts'],
    environment: 'node',
  },
});
