import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app';
import { loadConfig } from '../../config';
import type { AppInstance } from '../../lib/types';
import { nextAddress, signUp } from '../../test/accounts';
import { TEST_SECRET } from '../../test/guide-fixtures';
import { createTestApp, type TestApp } from '../../test/test-app';

/**
 * With REDIS_URL, two instances on one Redis share the login throttle and the rate limits,
 * so a guesser spreading tries over instances gets 10, not 10 per instance. Needs REDIS_URL (skipped
 * otherwise, like the other Redis suites); the keys of this run have their own prefix.
 */
const redisUrl = process.env.REDIS_URL;
describe.runIf(Boolean(redisUrl))('limits shared by instances through Redis (skipped without REDIS_URL, which CI sets)', () => {
  const env = { REDIS_URL: redisUrl!, REDIS_KEY_PREFIX: `tabi-test-${randomBytes(6).toString('hex')}:` };
  let t: TestApp;
  let b: AppInstance;
  beforeAll(async () => {
    t = await createTestApp({ env });
    b = await buildApp({ config: loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', ...env }), database: t.database, jwtSecret: TEST_SECRET }, { logger: false });
    await b.ready();
  });
  afterAll(async () => {
    // Nothing left behind: this run's keys go with it.
    const keys = await t.app.redis!.keys(`${env.REDIS_KEY_PREFIX}*`);
    if (keys.length > 0) await t.app.redis!.del(...keys.map((k) => k.slice(env.REDIS_KEY_PREFIX.length)));
    await b?.close();
    await t?.close();
  });

  const login = (app: AppInstance, username: string, password: string, remoteAddress: string) =>
    app.inject({ method: 'POST', url: '/api/auth/login', payload: { username, password }, remoteAddress });

  it('pauses an account and address after 10 failed logins spread over both instances: the 11th is 429 on either', async () => {
    const victim = await signUp(t);
    const attacker = nextAddress();
    for (let i = 0; i < 10; i++) {
      const res = await login(i % 2 === 0 ? t.app : b, victim.username, `guess-${i}-x`, attacker);
      expect(res.statusCode, `try ${i + 1}`).toBe(401);
    }
    for (const app of [t.app, b]) {
      const res = await login(app, victim.username, victim.password, attacker);
      expect(res.statusCode).toBe(429);
      expect(res.json().code).toBe('rate_limited');
      expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
    }
    // The owner from their own address still logs in, on either instance.
    expect((await login(b, victim.username, victim.password, nextAddress())).statusCode).toBe(200);
  });

  it('counts a route rate limit once for all instances', async () => {
    // GET /api/auth/check-username allows 120 a minute per address.
    const address = nextAddress();
    const check = (app: AppInstance) => app.inject({ url: '/api/auth/check-username?username=someone', remoteAddress: address });
    for (let i = 0; i < 120; i++) expect((await check(i % 2 === 0 ? t.app : b)).statusCode).toBe(200);
    expect((await check(t.app)).statusCode).toBe(429);
    expect((await check(b)).statusCode).toBe(429);
    expect((await t.app.inject({ url: '/api/auth/check-username?username=someone', remoteAddress: nextAddress() })).statusCode).toBe(200);
    // The counts are this deployment's: under its prefix (KEYS is not prefixed by the connection).
    expect(await t.app.redis!.keys(`${env.REDIS_KEY_PREFIX}rate-limit:*`)).not.toHaveLength(0);
  });
});
