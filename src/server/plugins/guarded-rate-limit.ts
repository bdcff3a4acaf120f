import type { FastifyRateLimitOptions, FastifyRateLimitStore, FastifyRateLimitStoreCtor } from '@fastify/rate-limit';
import LocalStore from '@fastify/rate-limit/store/LocalStore.js';
import RedisStore, { type RateLimitStore } from '@fastify/rate-limit/store/RedisStore.js';
import type { Redis } from 'ioredis';
import type { RedisGuard } from '../lib/redis-guard';

type Count = { current: number; ttl: number };

/**
 * A store for @fastify/rate-limit that counts in Redis through the breaker and, while Redis fails,
 * in this instance's memory (decision 101): a limit of 30 is 30 for all instances while Redis
 * answers, and 30 per instance while it does not, instead of no limit (or a request waiting seconds
 * for a Redis that hangs). Both counts are the plugin's own stores; the memory one keeps counting
 * only the requests Redis missed, so it starts from nothing at each outage.
 */
export function guardedRateLimitStore(redis: Redis, guard: RedisGuard, nameSpace: string): FastifyRateLimitStoreCtor {
  class GuardedStore implements FastifyRateLimitStore {
    constructor(
      private readonly shared: RateLimitStore,
      private readonly local: RateLimitStore,
    ) {}

    // The plugin's type names only incr's first two arguments; it passes the window and the maximum too.
    incr(
      key: string,
      callback: (error: Error | null, result?: Count) => void,
      timeWindow?: number,
      max?: number,
    ): void {
      if (timeWindow === undefined || max === undefined)
        return callback(new Error('the rate limit store needs the window and the maximum'));
      const count = (store: RateLimitStore) =>
        new Promise<Count>((resolve, reject) =>
          store.incr(
            key,
            (err, res) => (err || !res ? reject(err ?? new Error('no count')) : resolve(res)),
            timeWindow,
            max,
          ),
        );
      guard
        .run(
          () => count(this.shared),
          () => count(this.local),
        )
        .then(
          (res) => callback(null, res),
          (err: Error) => callback(err),
        );
    }

    child(routeOptions: object): FastifyRateLimitStore {
      return new GuardedStore(this.shared.child(routeOptions), this.local.child(routeOptions));
    }
  }
  // The plugin makes the root store with its global options; each route's store is a child of it.
  class RootStore extends GuardedStore {
    constructor(options: FastifyRateLimitOptions) {
      const { continueExceeding = false, exponentialBackoff = false } = options as {
        continueExceeding?: boolean;
        exponentialBackoff?: boolean;
      };
      super(
        new RedisStore(continueExceeding, exponentialBackoff, redis, nameSpace),
        new LocalStore(continueExceeding, exponentialBackoff),
      );
    }
  }
  return RootStore;
}
