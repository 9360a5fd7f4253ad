import { defineConfig } from 'vitest/config';

// Three projects: `unit` calls modules and handlers in process (it starts no child process: no
// git, build, script or server; test/support/in-process.ts fails a test that does); `integration`
// runs what does (git repositories, builds, the project's scripts, redis-server, Prism's mock of
// GitHub, Decap's proxy, `npm start`); `e2e` runs against one real local Netlify stack (started once
// by the global setup) and real Chromium, Redis and an OpenID provider.
export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'unit',
          include: ['test/unit/**/*.test.ts'],
          setupFiles: ['test/support/in-process.ts'],
          // A worker per core (vitest's default leaves one core free: half the speed on two cores),
          // and the files of a worker share their imports instead of loading every module again
          // for each file (12 s instead of 24 s here): a unit test leaves no state behind (a spy is
          // restored, a stubbed global unstubbed, an environment variable put back).
          maxWorkers: '100%',
          isolate: false,
          testTimeout: 30_000,
        },
      },
      {
        test: {
          name: 'integration',
          include: ['test/integration/**/*.test.ts'],
          // A folder for the run's shared builds of the fixture catalog (test/support/build-site.ts).
          globalSetup: ['test/support/fixture-builds.ts'],
          testTimeout: 30_000,
        },
      },
      {
        test: {
          name: 'e2e',
          include: ['test/e2e/**/*.test.ts'],
          globalSetup: ['test/support/global-stack.ts'],
          testTimeout: 120_000,
          hookTimeout: 300_000,
          // What an e2e test polls for is drawn by a real browser or written by a real stack: the
          // default second was too short beside a 10,000-product build (Decap's preview at load 10).
          expect: { poll: { timeout: 30_000 } },
        },
      },
    ],
  },
});
