import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';

// Three projects: pure rules in shared (node), web components (jsdom), and the API through
// app.inject() on in-memory PGlite (or a fresh PostgreSQL database when DATABASE_URL is set).
export default defineConfig({
  test: {
    // Vitest's default is one worker fewer than the cores: on a two-core machine (CI) that is one,
    // and the test files ran one after another on one core. The main process mostly waits, so two
    // workers there; elsewhere the default. Every file has its own database (PGlite in memory, or its
    // own PostgreSQL database), temporary directories and port 0, so files do not meet.
    maxWorkers: Math.max(2, availableParallelism() - 1),
    projects: [
      { test: { name: 'shared', include: ['src/shared/**/*.test.ts'], environment: 'node' } },
      { test: { name: 'web', include: ['src/web/**/*.test.{ts,tsx}'], environment: 'jsdom' } },
      {
        test: {
          name: 'api',
          include: ['src/server/**/*.test.ts'],
          environment: 'node',
          globalSetup: ['src/server/test/global-setup.ts'],
          // Files share a worker's imported modules (the app's import graph took two of the suite's
          // eight minutes when each file imported it again); each file still has its own database.
          isolate: false,
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
    ],
  },
});
