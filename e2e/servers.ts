/**
 * The browser tests run in E2E_WORKERS parallel Playwright workers (default 2), each against its own
 * server with its own fresh demo-seeded database: worker n (its parallel index, 0…workers-1, which a
 * restarted worker keeps) uses port E2E_PORT + n and data directory test-results/e2e-data/<n>.
 * Within one worker the tests run one at a time, as they did with a single worker, so a spec never
 * meets another spec's requests in flight on its database.
 */
export const E2E_PORT = Number(process.env.E2E_PORT ?? 3999);
export const E2E_WORKERS = Math.max(1, Number(process.env.E2E_WORKERS ?? 2));

export const e2eServer = (parallelIndex: number) => ({
  port: E2E_PORT + parallelIndex,
  baseURL: `http://127.0.0.1:${E2E_PORT + parallelIndex}`,
  dataDir: `test-results/e2e-data/${parallelIndex}`,
});

/** The local WeChat every worker's server logs in with (src/server/test/wechat-cli.ts, decision 148). */
export const WECHAT_TEST_PORT = E2E_PORT + 91;
/** The app id and secret the local WeChat knows the servers by. */
export const WECHAT_E2E_APP = {
  WECHAT_APP_ID: 'wxe2e0123456789abc',
  WECHAT_APP_SECRET: 'e2e-wechat-secret-0123456789abcdef',
};

/** The local calendar server (src/server/test/ics-cli.ts) a guide's other calendar is read from (decision 200). */
export const ICS_TEST_PORT = E2E_PORT + 92;
export const ICS_E2E_URL = `http://127.0.0.1:${ICS_TEST_PORT}/calendar/ical/e2e/private-0a1b2c3d/basic.ics`;
