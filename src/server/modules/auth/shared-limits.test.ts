import { describe, expect, it } from 'vitest';
import type { AppInstance } from '../../lib/types';
import { twoInstancesOnRedis } from '../../test/redis-instances';
import { nextAddress, signUp } from '../../test/accounts';

/**
 * With REDIS_URL, two instances on one Redis share the login throttle and the rate limits,
 * so a guesser spreading tries over instances gets 10, not 10 per instance. Needs REDIS_URL (skipped
 * otherwise, like the other Redis suites); the keys of this run have their own prefix.
 */
const redisUrl = process.env.REDIS_URL;
describe.runIf(Boolean(redisUrl))(
  'limits shared by instances through Redis (skipped without REDIS_URL, which CI sets)',
  () => {
    const instances = twoInstancesOnRedis(redisUrl!);

    const login = (app: AppInstance, username: string, password: string, remoteAddress: string) =>
      app.inject({ method: 'POST', url: '/api/auth/login', payload: { username, password }, remoteAddress });

    it('pauses an account and address after 10 failed logins spread over both instances: the 11th is 429 on either', async () => {
      const victim = await signUp(instances.t);
      const attacker = nextAddress();
      for (let i = 0; i < 10; i++) {
        const res = await login(i % 2 === 0 ? instances.t.app : instances.b, victim.username, `guess-${i}-x`, attacker);
        expect(res.statusCode, `try ${i + 1}`).toBe(401);
      }
      for (const app of [instances.t.app, instances.b]) {
        const res = await login(app, victim.username, victim.password, attacker);
        expect(res.statusCode).toBe(429);
        expect(res.json().code).toBe('rate_limited');
        expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
      }
      // The owner from their own address still logs in, on either instance.
      expect((await login(instances.b, victim.username, victim.password, nextAddress())).statusCode).toBe(200);
    });

    it('counts a route rate limit once for all instances', async () => {
      // GET /api/auth/check-username allows 120 a minute per address.
      const address = nextAddress();
      const check = (app: AppInstance) =>
        app.inject({ url: '/api/auth/check-username?username=someone', remoteAddress: address });
      for (let i = 0; i < 120; i++)
        expect((await check(i % 2 === 0 ? instances.t.app : instances.b)).statusCode).toBe(200);
      expect((await check(instances.t.app)).statusCode).toBe(429);
      expect((await check(instances.b)).statusCode).toBe(429);
      expect(
        (
          await instances.t.app.inject({
            url: '/api/auth/check-username?username=someone',
            remoteAddress: nextAddress(),
          })
        ).statusCode,
      ).toBe(200);
      // The counts are this deployment's: under its prefix (KEYS is not prefixed by the connection).
      expect(await instances.t.app.redis!.keys(`${instances.keyPrefix}rate-limit:*`)).not.toHaveLength(0);
    });
  },
);
