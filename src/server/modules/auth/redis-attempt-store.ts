import type { Redis } from 'ioredis';
import type { AttemptEntry, AttemptStore } from './login-throttle';

/** Adds one and starts the window on the first hit, in one step (two instances may count at once). */
const HIT = `
local count = redis.call('INCR', KEYS[1])
local ttl = redis.call('PTTL', KEYS[1])
if ttl < 0 then
  redis.call('PEXPIRE', KEYS[1], ARGV[1])
  ttl = tonumber(ARGV[1])
end
return {count, ttl}
`;

type WithHit = Redis & { loginAttemptHit(key: string, windowMs: number): Promise<[number, number]> };

/**
 * Login failure counts in Redis, shared by every instance: one key per count (under the
 * connection's REDIS_KEY_PREFIX), expiring with its window, so Redis forgets them on its own.
 */
export class RedisAttemptStore implements AttemptStore {
  private readonly redis: WithHit;

  constructor(
    redis: Redis,
    private readonly prefix = 'login:',
  ) {
    if (!('loginAttemptHit' in redis)) redis.defineCommand('loginAttemptHit', { numberOfKeys: 1, lua: HIT });
    this.redis = redis as WithHit;
  }

  async hit(key: string, windowMs: number): Promise<AttemptEntry> {
    const [count, ttl] = await this.redis.loginAttemptHit(this.prefix + key, windowMs);
    return { count, resetAt: Date.now() + ttl };
  }

  async peek(key: string): Promise<AttemptEntry | undefined> {
    const replies =
      (await this.redis
        .multi()
        .get(this.prefix + key)
        .pttl(this.prefix + key)
        .exec()) ?? [];
    for (const [err] of replies) if (err) throw err;
    const count = replies[0]?.[1] as string | null | undefined;
    const ttl = replies[1]?.[1] as number | undefined;
    if (!count || !ttl || ttl <= 0) return undefined;
    return { count: Number(count), resetAt: Date.now() + ttl };
  }

  async reset(key: string): Promise<void> {
    await this.redis.del(this.prefix + key);
  }
}
