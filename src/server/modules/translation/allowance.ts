import type { Redis } from 'ioredis';
import type { RedisGuard } from '../../lib/redis-guard';

/**
 * Each account's translated characters per UTC day (decision 184), counted for the writer of a text
 * and for the reader who asked for it. In this process without REDIS_URL; with it in Redis, shared
 * by every instance, and in this process again while Redis fails (the login throttle's pattern,
 * decision 101: RedisAttemptStore behind GuardedAttemptStore).
 */
export interface AllowanceStore {
  /** The characters each key has been given so far (0 for a key never counted). */
  used(keys: string[]): Promise<number[]>;
  /** Adds `n` to every key if every one stays within `limit`, in one step; false (nothing added) otherwise. */
  take(keys: string[], n: number, limit: number, ttlMs: number): Promise<boolean>;
  /** Takes `n` back from every key (a call that failed), never below 0. */
  giveBack(keys: string[], n: number): Promise<void>;
}

export class MemoryAllowanceStore implements AllowanceStore {
  private readonly counts = new Map<string, { n: number; expiresAt: number }>();

  async used(keys: string[]): Promise<number[]> {
    const now = Date.now();
    return keys.map((k) => {
      const c = this.counts.get(k);
      return c && c.expiresAt > now ? c.n : 0;
    });
  }

  async take(keys: string[], n: number, limit: number, ttlMs: number): Promise<boolean> {
    const now = Date.now();
    this.prune(now);
    const used = await this.used(keys);
    if (used.some((u) => u + n > limit)) return false;
    keys.forEach((k, i) =>
      this.counts.set(k, { n: used[i]! + n, expiresAt: this.counts.get(k)?.expiresAt ?? now + ttlMs }),
    );
    return true;
  }

  async giveBack(keys: string[], n: number): Promise<void> {
    for (const k of keys) {
      const c = this.counts.get(k);
      if (c) c.n = Math.max(0, c.n - n);
    }
  }

  private prune(now: number) {
    if (this.counts.size < 10_000) return;
    for (const [k, v] of this.counts) if (v.expiresAt <= now) this.counts.delete(k);
  }
}

/** All the keys or none: two instances taking at once never pass the limit together. */
const TAKE = `
for _, k in ipairs(KEYS) do
  if tonumber(redis.call('GET', k) or '0') + tonumber(ARGV[1]) > tonumber(ARGV[2]) then return 0 end
end
for _, k in ipairs(KEYS) do
  redis.call('INCRBY', k, ARGV[1])
  if redis.call('PTTL', k) < 0 then redis.call('PEXPIRE', k, ARGV[3]) end
end
return 1
`;
const GIVE_BACK = `
for _, k in ipairs(KEYS) do
  local v = tonumber(redis.call('GET', k) or '0')
  if v > 0 then redis.call('DECRBY', k, math.min(v, tonumber(ARGV[1]))) end
end
return 1
`;

type WithScripts = Redis & {
  translationAllowanceTake(...args: (string | number)[]): Promise<number>;
  translationAllowanceGiveBack(...args: (string | number)[]): Promise<number>;
};

/** The counts in Redis under the connection's REDIS_KEY_PREFIX, each key expiring on its own. */
export class RedisAllowanceStore implements AllowanceStore {
  private readonly redis: WithScripts;

  constructor(
    redis: Redis,
    private readonly prefix = 'translation-allowance:',
  ) {
    if (!('translationAllowanceTake' in redis)) {
      redis.defineCommand('translationAllowanceTake', { lua: TAKE });
      redis.defineCommand('translationAllowanceGiveBack', { lua: GIVE_BACK });
    }
    this.redis = redis as WithScripts;
  }

  async used(keys: string[]): Promise<number[]> {
    if (keys.length === 0) return [];
    const values = await this.redis.mget(keys.map((k) => this.prefix + k));
    return values.map((v) => Number(v ?? 0));
  }

  async take(keys: string[], n: number, limit: number, ttlMs: number): Promise<boolean> {
    if (keys.length === 0) return true;
    return (
      (await this.redis.translationAllowanceTake(keys.length, ...keys.map((k) => this.prefix + k), n, limit, ttlMs)) ===
      1
    );
  }

  async giveBack(keys: string[], n: number): Promise<void> {
    if (keys.length === 0) return;
    await this.redis.translationAllowanceGiveBack(keys.length, ...keys.map((k) => this.prefix + k), n);
  }
}

/** Redis through the instance's breaker, this process's counts while it fails (decision 101). */
export class GuardedAllowanceStore implements AllowanceStore {
  private readonly local = new MemoryAllowanceStore();

  constructor(
    private readonly shared: AllowanceStore,
    private readonly guard: RedisGuard,
  ) {}

  used(keys: string[]): Promise<number[]> {
    return this.guard.run(
      () => this.shared.used(keys),
      () => this.local.used(keys),
    );
  }

  take(keys: string[], n: number, limit: number, ttlMs: number): Promise<boolean> {
    return this.guard.run(
      () => this.shared.take(keys, n, limit, ttlMs),
      () => this.local.take(keys, n, limit, ttlMs),
    );
  }

  giveBack(keys: string[], n: number): Promise<void> {
    return this.guard.run(
      () => this.shared.giveBack(keys, n),
      () => this.local.giveBack(keys, n),
    );
  }
}
