import { randomBytes } from 'node:crypto';
import { Redis } from 'ioredis';
import { afterAll, describe, expect, it } from 'vitest';
import { LoginThrottle, MemoryAttemptStore, type AttemptStore } from './login-throttle';
import { RedisAttemptStore } from './redis-attempt-store';

const limits = { perAccountAndAddress: 3, perAddress: 5, perAccount: 6, windowMs: 60_000, trustMs: 3_600_000 };
const refused = async (throttle: LoginThrottle, account: string, address: string) => {
  try {
    await throttle.assertAllowed(account, address);
    return false;
  } catch (err) {
    expect((err as { code?: string }).code).toBe('rate_limited');
    return true;
  }
};

// The same rules on the in-process store and, with REDIS_URL, on Redis (keys of this run under their own prefix).
const redisPrefix = `tabi-test-${randomBytes(6).toString('hex')}:`;
const redis = process.env.REDIS_URL ? new Redis(process.env.REDIS_URL, { keyPrefix: redisPrefix }) : undefined;
afterAll(async () => {
  if (!redis) return;
  const keys = await redis.keys(`${redisPrefix}*`);
  if (keys.length > 0) await redis.del(...keys.map((k) => k.slice(redisPrefix.length)));
  await redis.quit();
});
let n = 0;
const stores: [string, () => AttemptStore][] = [
  ['memory', () => new MemoryAttemptStore()],
  ...(redis ? [['redis', () => new RedisAttemptStore(redis, `login${++n}:`)] as [string, () => AttemptStore]] : []),
];

describe.each(stores)('LoginThrottle on the %s store', (_name, store) => {
  it('pauses one address guessing one account, not the account', async () => {
    const t = new LoginThrottle(limits, store());
    for (let i = 0; i < 3; i++) await t.recordFailure('mei', 'attacker');
    expect(await refused(t, 'mei', 'attacker')).toBe(true);
    expect(await refused(t, 'Mei ', 'attacker')).toBe(true); // the account name is normalised
    expect(await refused(t, 'mei', 'home')).toBe(false);
  });

  it('pauses one address spraying many accounts', async () => {
    const t = new LoginThrottle(limits, store());
    for (let i = 0; i < 5; i++) await t.recordFailure(`user${i}`, 'sprayer');
    expect(await refused(t, 'someone-else', 'sprayer')).toBe(true);
    expect(await refused(t, 'someone-else', 'elsewhere')).toBe(false);
  });

  it('stops many addresses guessing one account at the ceiling, except where the owner logged in before', async () => {
    const t = new LoginThrottle(limits, store());
    await t.recordSuccess('mei', 'home');
    for (let i = 0; i < 6; i++) await t.recordFailure('mei', `bot${i}`);
    expect(await refused(t, 'mei', 'new-bot')).toBe(true);
    expect(await refused(t, 'mei', 'home')).toBe(false);
  });

  it('a successful login clears that address’s count for the account', async () => {
    const t = new LoginThrottle(limits, store());
    for (let i = 0; i < 2; i++) await t.recordFailure('mei', 'home');
    await t.recordSuccess('mei', 'home');
    for (let i = 0; i < 2; i++) await t.recordFailure('mei', 'home');
    expect(await refused(t, 'mei', 'home')).toBe(false);
  });
});
