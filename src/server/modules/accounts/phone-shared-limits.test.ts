import { describe, expect, it } from 'vitest';
import type { AppInstance } from '../../lib/types';
import { twoInstancesOnRedis } from '../../test/redis-instances';
import { nextAddress } from '../../test/accounts';
import { nextPhone } from '../../test/phone';

/**
 * With REDIS_URL, two instances on one Redis count the codes sent together (decision 147): the
 * number's minute and the address's hour hold whichever instance answers. Needs REDIS_URL (skipped
 * otherwise, like the other Redis suites); the keys of this run have their own prefix.
 */
const redisUrl = process.env.REDIS_URL;
describe.runIf(Boolean(redisUrl))(
  'phone code limits shared by instances through Redis (skipped without REDIS_URL, which CI sets)',
  () => {
    const instances = twoInstancesOnRedis(redisUrl!);

    const start = (app: AppInstance, phone: string, remoteAddress = nextAddress()) =>
      app.inject({ method: 'POST', url: '/api/auth/phone/start', payload: { phone }, remoteAddress });

    it('pauses a number a minute on both instances after a code from either', async () => {
      const phone = nextPhone();
      expect((await start(instances.t.app, phone)).statusCode).toBe(202);
      const other = await start(instances.b, phone);
      expect(other.statusCode).toBe(429);
      expect(other.json().code).toBe('retry_later');
    });

    it("counts an address's 10 an hour over both instances", async () => {
      const address = nextAddress();
      for (let i = 0; i < 10; i++)
        expect((await start(i % 2 === 0 ? instances.t.app : instances.b, nextPhone(), address)).statusCode).toBe(202);
      expect((await start(instances.t.app, nextPhone(), address)).statusCode).toBe(429);
      expect((await start(instances.b, nextPhone(), address)).statusCode).toBe(429);
    });
  },
);
