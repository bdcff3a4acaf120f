import { readdirSync, readFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import path from 'node:path';
import { defineConfig } from 'vitest/config';

/** Web test files that replace a module with vi.mock: they run isolated (see the web projects). */
const WEB_MOCKING = readdirSync('src/web', { recursive: true, encoding: 'utf8' })
  .filter((f) => /\.test\.tsx?$/.test(f) && /\bvi\.mock\(/.test(readFileSync(path.join('src/web', f), 'utf8')))
  .map((f) => path.posix.join('src/web', f.split(path.sep).join('/')));

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
      // Web component files share a worker's jsdom and modules (a fresh jsdom per file was most of
      // the project's time); the few files that replace a module with vi.mock run isolated, since a
      // module another file already imported would not be replaced.
      // A test waits up to 5 s for each findBy (src/web/test/setup.ts); a test of several such steps
      // on a loaded CI machine once passed its 5 s default while every step was still within its own
      // wait, so a test has 20 s, and a step that never comes still fails at its own 5 s.
      {
        test: {
          name: 'web',
          include: ['src/web/**/*.test.{ts,tsx}'],
          exclude: WEB_MOCKING,
          environment: 'jsdom',
          setupFiles: ['src/web/test/setup.ts'],
          isolate: false,
          testTimeout: 20_000,
        },
      },
      {
        test: {
          name: 'web-mocks',
          include: WEB_MOCKING,
          environment: 'jsdom',
          setupFiles: ['src/web/test/setup.ts'],
          testTimeout: 20_000,
        },
      },
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
