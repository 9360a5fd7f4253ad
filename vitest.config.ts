import { defineConfig } from 'vitest/config';

// Two projects: `unit` calls modules and handlers in process; `e2e` runs against one real local
// Netlify stack (started once by the global setup) and real Chromium, Redis and an OpenID provider.
export default defineConfig({
  test: {
    projects: [
      { test: { name: 'unit', include: ['test/unit/**/*.test.ts'], testTimeout: 30_000 } },
      {
        test: {
          name: 'e2e',
          include: ['test/e2e/**/*.test.ts'],
          globalSetup: ['test/support/global-stack.ts'],
          testTimeout: 120_000,
          hookTimeout: 300_000,
        },
      },
    ],
  },
});
