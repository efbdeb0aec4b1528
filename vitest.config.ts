import { defineConfig } from 'vitest/config';

/**
 * Three kinds of tests, one command: API and server tests through the real HTTP stack, web unit and
 * component tests in jsdom, and end-to-end tests driving Debian's Chromium against the built server.
 */
export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'server',
          include: ['src/server/**/*.test.ts', 'src/shared/**/*.test.ts', 'bench/**/*.test.ts'],
          // The run's own prefix for its PostgreSQL databases, and the drop of any left at its end.
          globalSetup: ['src/server/testing/global-setup.ts'],
          environment: 'node',
          pool: 'forks',
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      {
        test: {
          name: 'web',
          include: ['src/web/**/*.test.ts', 'src/web/**/*.test.tsx'],
          environment: 'jsdom',
          setupFiles: ['src/web/dom-test-setup.ts'],
          testTimeout: 30_000,
        },
      },
      {
        test: {
          name: 'e2e',
          include: ['src/e2e/**/*.e2e.test.ts'],
          environment: 'node',
          pool: 'forks',
          fileParallelism: false,
          testTimeout: 120_000,
          hookTimeout: 120_000,
          // A browser waiting on the server (a sign-in hashes its password) can take more than
          // expect.poll's default second while the rest of the suite loads the machine; a poll
          // still ends as soon as what it waits for is there.
          expect: { poll: { timeout: 10_000 } },
        },
      },
    ],
  },
});
