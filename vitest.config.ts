import { defineConfig } from 'vitest/config';

// Three projects: pure rules in shared (node), web components (jsdom), and the API through
// app.inject() on in-memory PGlite (or a fresh PostgreSQL database when DATABASE_URL is set).
export default defineConfig({
  test: {
    projects: [
      { test: { name: 'shared', include: ['src/shared/**/*.test.ts'], environment: 'node' } },
      { test: { name: 'web', include: ['src/web/**/*.test.{ts,tsx}'], environment: 'jsdom' } },
      {
        test: {
          name: 'api',
          include: ['src/server/**/*.test.ts'],
          environment: 'node',
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
    ],
  },
});
