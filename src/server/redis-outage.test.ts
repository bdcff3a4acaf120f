/**
 * Redis failing (decision 101), with a real redis-server of the test's own made to hang (SIGSTOP) or
 * refuse (SIGKILL): two instances on one database and that Redis keep answering every route within
 * about a second, count rate limits and login failures on their own, deliver chat between people on
 * the same instance, say `degraded` (200) on /readyz, and fan out between instances again by
 * themselves once Redis is back. Skipped without a redis-server binary (CI has one).
 */
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from './app';
import { loadConfig } from './config';
import type { AppInstance } from './lib/types';
import { guide, openChat, say, traveler, type Who } from './modules/messaging/test-helpers';
import { connect } from './realtime/test-socket';
import { nextAddress, signUp, type SignedUp } from './test/accounts';
import { TEST_SECRET } from './test/guide-fixtures';
import { hasRedisServer, startRedisProcess, type ServiceProcess } from './test/processes';
import { createTestApp, type TestApp } from './test/test-app';

/**
 * "Within about a second": at most one Redis deadline (500 ms) plus the request's own work (a login
 * hashes a password), with room for a CI machine whose two cores run other test files meanwhile.
 * Before decision 101 a login waited as long as Redis hung (past the test's 30 s).
 */
const PROMPT_MS = 1_500;

describe.runIf(hasRedisServer)('Redis hanging or refusing (skipped without a redis-server binary)', () => {
  let redis: ServiceProcess & { url: string };
  let t: TestApp;
  let b: AppInstance;
  const wsUrl = (app: AppInstance) => `ws://127.0.0.1:${(app.server.address() as AddressInfo).port}/ws`;
  let account: SignedUp;
  let from: Who;
  let to: Who & { guideId: number };
  let conversation: number;

  beforeAll(async () => {
    redis = await startRedisProcess();
    const env = { REDIS_URL: redis.url, REDIS_KEY_PREFIX: 'outage:' };
    t = await createTestApp({ env });
    b = await buildApp(
      {
        config: loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', ...env }),
        database: t.database,
        jwtSecret: TEST_SECRET,
      },
      { logger: false },
    );
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    await b.listen({ port: 0, host: '127.0.0.1' });
    account = await signUp(t);
    from = await traveler(t);
    to = await guide(t);
    conversation = await openChat(t, from, to.guideId);
    await say(t, to, conversation, 'Welcome!'); // the guide has replied: the traveler's messages are unlimited
  });
  afterAll(async () => {
    redis?.resume();
    await b?.close();
    await t?.close();
    await redis?.close();
  });

  const timed = async <T>(work: () => Promise<T>): Promise<[T, number]> => {
    const started = performance.now();
    const value = await work();
    return [value, performance.now() - started];
  };
  const login = (app: AppInstance, password: string, remoteAddress = nextAddress()) =>
    app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { username: account.username, password },
      remoteAddress,
    });
  const readyz = (app: AppInstance) => app.inject({ url: '/readyz' });

  /** Says something through instance A until a socket of the guide's on instance B hears it. */
  async function fanOutResumes(within: number) {
    const onB = connect(`${wsUrl(b)}?token=${to.token}`);
    await onB.opened;
    const until = Date.now() + within;
    try {
      for (let i = 0; ; i++) {
        const body = `after the outage ${i}`;
        expect((await say(t, from, conversation, body)).statusCode).toBe(201);
        const heard = await onB.next('new_message', 500).catch(() => undefined);
        if (heard) return expect(heard.payload).toMatchObject({ conversationId: conversation });
        if (Date.now() > until)
          throw new Error(
            `no message crossed to instance B within ${within} ms ${JSON.stringify(onB.events)} ${b.realtime.localCount(to.id)}`,
          );
      }
    } finally {
      onB.ws.close();
    }
  }

  it('while Redis hangs: login, rate limits, chat on one instance and /readyz answer at once; fan-out resumes after SIGCONT', async () => {
    expect((await readyz(t.app)).json()).toMatchObject({ status: 'ready', redis: 'ready' });
    await fanOutResumes(2_000); // it works before the outage

    redis.hang();
    const onA = connect(`${wsUrl(t.app)}?token=${to.token}`);
    await onA.opened;

    // Login: a wrong password is 401, the right one 200, each within about a second.
    const [wrong, wrongMs] = await timed(() => login(t.app, 'not-the-password'));
    expect(wrong.statusCode).toBe(401);
    expect(wrongMs).toBeLessThan(PROMPT_MS);
    const [right, rightMs] = await timed(() => login(t.app, account.password));
    expect(right.statusCode, right.body).toBe(200);
    expect(rightMs).toBeLessThan(PROMPT_MS);

    // A rate-limited route (120 a minute per address) answers at once and counts on this instance.
    const address = nextAddress();
    const check = () => t.app.inject({ url: '/api/auth/check-username?username=someone', remoteAddress: address });
    for (let i = 0; i < 120; i++) {
      const [res, ms] = await timed(check);
      expect(res.statusCode, `check ${i + 1}`).toBe(200);
      expect(ms).toBeLessThan(PROMPT_MS);
    }
    expect((await check()).statusCode).toBe(429);

    // Chat between two people on instance A: saved and delivered live.
    const [sent, sentMs] = await timed(() => say(t, from, conversation, '雷迪斯停了也能聊天'));
    expect(sent.statusCode).toBe(201);
    expect(sentMs).toBeLessThan(PROMPT_MS);
    expect((await onA.next('new_message', 1_000)).payload).toMatchObject({
      conversationId: conversation,
      body: '雷迪斯停了也能聊天',
    });
    onA.ws.close();

    // Degraded, not down: the balancer keeps the instance.
    for (const app of [t.app, b]) {
      const [ready, readyMs] = await timed(() => readyz(app));
      expect(ready.statusCode).toBe(200);
      expect(ready.json()).toMatchObject({ status: 'degraded', redis: 'unreachable' });
      expect(readyMs).toBeLessThan(PROMPT_MS);
    }

    redis.resume();
    await fanOutResumes(5_000);
    await expect
      .poll(async () => (await readyz(t.app)).json(), { timeout: 5_000, interval: 200 })
      .toMatchObject({ status: 'ready', redis: 'ready' });
  });

  it('while Redis refuses (killed): login and /readyz answer at once; started again, fan-out resumes', async () => {
    await redis.kill();
    const [right, rightMs] = await timed(() => login(b, account.password));
    expect(right.statusCode, right.body).toBe(200);
    expect(rightMs).toBeLessThan(PROMPT_MS);
    const [ready, readyMs] = await timed(() => readyz(b));
    expect(ready.json()).toMatchObject({ status: 'degraded', redis: 'unreachable' });
    expect(readyMs).toBeLessThan(PROMPT_MS);

    await redis.restart();
    await fanOutResumes(8_000);
    await expect
      .poll(async () => (await readyz(b)).json(), { timeout: 5_000, interval: 200 })
      .toMatchObject({ status: 'ready', redis: 'ready' });
  });
});
