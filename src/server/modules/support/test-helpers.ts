import { afterAll, beforeAll, expect } from 'vitest';
import { sessionFor } from '../../test/accounts';
import { createTestApp, type TestApp } from '../../test/test-app';

/**
 * Test-only helpers of the support suites (support.test.ts, support-inbox.test.ts): one demo app each, and a visitor's
 * first message.
 */
export type Who = 'traveler' | 'guide' | 'admin';

/**
 * Call at a file's top: the demo app (made before the file's tests, closed after) with a session for
 * its traveler, guide and admin, a fresh address per request and an anonymous visitor's new thread.
 * The state lives in this call, not in the module: the API files share a worker's modules (vitest.config.ts).
 */
export function supportSuite() {
  let testApp: TestApp | undefined;
  const app = {
    get t(): TestApp {
      if (!testApp) throw new Error('the support suite is read before its beforeAll built the app');
      return testApp;
    },
  };
  const tokens: Record<Who, string> = { traveler: '', guide: '', admin: '' };
  let ip = 0;
  /** Each test writes from its own address so the per-address rate limits never leak between tests. */
  const nextIp = () => `10.1.0.${++ip}`;

  // Seeding the demo takes most of a minute on a busy two-core machine, and the suites' two files seed at once there.
  beforeAll(async () => {
    testApp = await createTestApp({ seed: 'demo' });
    for (const name of Object.keys(tokens) as Who[]) tokens[name] = (await sessionFor(testApp, name)).token;
  }, 120_000);
  afterAll(() => testApp?.close());

  const auth = (who: Who) => ({ authorization: `Bearer ${tokens[who]}` });

  async function startAnonymous(remoteAddress = nextIp(), payload: Record<string, unknown> = {}) {
    const res = await app.t.app.inject({
      method: 'POST',
      url: '/api/support/threads',
      remoteAddress,
      payload: {
        message: '我的付款失败了，请帮我看看。',
        topic: 'payment_failure',
        locale: 'zh-CN',
        pageUrl: '/checkout/3',
        ...payload,
      },
    });
    expect(res.statusCode, res.body).toBe(201);
    return res.json() as { thread: { id: number }; visitorKey: string | null; messages: { body: string }[] };
  }

  return { app, nextIp, auth, startAnonymous };
}
