import { randomBytes } from 'node:crypto';
import { Redis } from 'ioredis';
import { afterAll, describe, expect, it } from 'vitest';
import { realtimeChannel, RedisHub, type HubMessage } from './hub';

/**
 * Two deployments on one Redis (REDIS_KEY_PREFIX apart) do not hear each other's events; two instances
 * of one deployment do. Needs REDIS_URL (CI sets it for the PostgreSQL pass; skipped otherwise).
 */
const redisUrl = process.env.REDIS_URL;
describe.runIf(Boolean(redisUrl))(
  'the real-time channel on a shared Redis (skipped without REDIS_URL, which CI sets)',
  () => {
    const hubs: RedisHub[] = [];
    const errors: unknown[] = [];
    const hub = (prefix: string) => {
      const h = new RedisHub(redisUrl!, (err) => errors.push(err), realtimeChannel(prefix));
      hubs.push(h);
      return h;
    };
    afterAll(() => Promise.all(hubs.map((h) => h.close())));

    it('reaches the instances of its own deployment and no other', async () => {
      const run = randomBytes(4).toString('hex');
      const [a1, a2, b] = [hub(`a-${run}:`), hub(`a-${run}:`), hub(`b-${run}:`)];
      const heard = { a2: [] as HubMessage[], b: [] as HubMessage[] };
      a2.subscribe((m) => heard.a2.push(m));
      b.subscribe((m) => heard.b.push(m));
      await Promise.all([a1.ready(), a2.ready(), b.ready()]);
      await a1.publish({ revalidate: 7 });
      await expect.poll(() => heard.a2).toEqual([{ revalidate: 7 }]);
      // Published after a1's, on b's own channel: once b hears it, a1's message would have come first.
      await hub(`b-${run}:`).publish({ revalidate: 8 });
      await expect.poll(() => heard.b).toEqual([{ revalidate: 8 }]);
      expect(heard.a2).toEqual([{ revalidate: 7 }]);
      expect(errors).toEqual([]);
    });

    it('delivers its own message once, and still reads a message with its origin last (an earlier release)', async () => {
      const run = randomBytes(4).toString('hex');
      const [a1, a2] = [hub(`c-${run}:`), hub(`c-${run}:`)];
      const heard = { a1: [] as HubMessage[], a2: [] as HubMessage[] };
      a1.subscribe((m) => heard.a1.push(m));
      a2.subscribe((m) => heard.a2.push(m));
      await Promise.all([a1.ready(), a2.ready()]);
      await a1.publish({ revalidate: 1 });
      await expect.poll(() => heard.a2).toEqual([{ revalidate: 1 }]);
      // Redis hands a1 its own message back before the next one: once a1 hears that, a second copy would be there.
      const plain = new Redis(redisUrl!);
      await plain.publish(
        realtimeChannel(`c-${run}:`),
        JSON.stringify({ revalidate: 2, origin: 'an-instance-of-the-release-before' }),
      );
      plain.disconnect();
      await expect.poll(() => heard.a1).toEqual([{ revalidate: 1 }, { revalidate: 2 }]);
      expect(heard.a2).toEqual([{ revalidate: 1 }, { revalidate: 2 }]);
      expect(errors).toEqual([]);
    });
  },
);
