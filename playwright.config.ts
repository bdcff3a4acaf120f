import { defineConfig, devices } from '@playwright/test';
import { E2E_WORKERS, e2eServer, ICS_E2E_URL, ICS_TEST_PORT, WECHAT_E2E_APP, WECHAT_TEST_PORT } from './e2e/servers';

const wechatUrl = `http://127.0.0.1:${WECHAT_TEST_PORT}`;

const chrome = process.env.CHROME_PATH || '/usr/bin/chromium';

/**
 * Browser tests drive the system Chromium (never a downloaded browser) against the built app,
 * served by the real server on a fresh embedded database with the demo seed — one server and one
 * database per worker (e2e/servers.ts; the `baseURL` fixture in e2e/fixtures.ts picks the worker's
 * server). Each file runs whole in one worker, its tests in order; two workers share no state.
 */
export default defineConfig({
  testDir: 'e2e',
  fullyParallel: false,
  workers: E2E_WORKERS,
  forbidOnly: !!process.env.CI,
  retries: 0,
  // Two workers, two servers and two browsers share two cores: a long journey can take 30 s there.
  timeout: 45_000,
  expect: { timeout: 7_000 },
  reporter: process.env.CI ? [['list']] : [['list']],
  use: {
    baseURL: e2eServer(0).baseURL,
    trace: 'off',
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: chrome,
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    },
  },
  projects: [{ name: 'chromium', use: { ...devices['Desktop Chrome'], channel: undefined } }],
  webServer: [
    // WeChat's login as the project's own local server speaks it: no browser test reaches WeChat (decision 148).
    {
      command: 'node --import tsx src/server/test/wechat-cli.ts',
      url: `${wechatUrl}/`,
      reuseExistingServer: false,
      timeout: 60_000,
      stdout: 'ignore' as const,
      stderr: 'pipe' as const,
      env: { WECHAT_TEST_PORT: String(WECHAT_TEST_PORT), ...WECHAT_E2E_APP },
    },
    // A guide's other calendar, published by the project's own local server (decision 200).
    {
      command: 'node --import tsx src/server/test/ics-cli.ts',
      url: ICS_E2E_URL,
      reuseExistingServer: false,
      timeout: 60_000,
      stdout: 'ignore' as const,
      stderr: 'pipe' as const,
      env: { ICS_TEST_PORT: String(ICS_TEST_PORT) },
    },
    ...Array.from({ length: E2E_WORKERS }, (_, n) => ({
      // The server itself, not `npm start` (scripts/start.mjs): scripts/e2e.mjs has just built the app
      // once, and two start.mjs seeing sources edited since would both rebuild dist/web at once. It runs
      // the server compiled there; a direct `npx playwright test` runs the sources, never a stale build.
      command: process.env.E2E_COMPILED_SERVER
        ? 'node --enable-source-maps dist/server/server.js'
        : 'node --import tsx src/server/server.ts',
      url: `${e2eServer(n).baseURL}/readyz`,
      reuseExistingServer: false,
      timeout: 120_000,
      stdout: 'ignore' as const,
      stderr: 'pipe' as const,
      env: {
        PORT: String(e2eServer(n).port),
        HOST: '127.0.0.1',
        DATA_DIR: e2eServer(n).dataDir,
        SEED: 'demo',
        LOG_LEVEL: 'warn',
        NODE_ENV: 'test',
        // The browser tests settle payouts one by one; the weekly batches (decision 130) would take
        // them into a batch whenever a run crosses the week's first business day at 10:00 in Japan.
        PAYOUT_WEEKLY_BATCH: 'off',
        // WeChat's redirect_uri is APP_URL's page: the address the browser uses, so the state's cookie comes back with
        // it.
        APP_URL: e2eServer(n).baseURL,
        ...WECHAT_E2E_APP,
        WECHAT_OPEN_URL: wechatUrl,
        WECHAT_API_URL: wechatUrl,
        // The local calendar server is on loopback: named here, it may be read (decision 200).
        CALENDAR_IMPORT_ALLOW_HOSTS: `127.0.0.1:${ICS_TEST_PORT}`,
      },
    })),
  ],
});
