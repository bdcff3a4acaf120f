/**
 * @fastify/rate-limit's own two stores, which it ships without types. guarded-rate-limit.ts puts them
 * behind the Redis breaker (decision 101): the same counting, shared or per instance.
 */
declare module '@fastify/rate-limit/store/RedisStore.js' {
  import type { Redis } from 'ioredis';
  export interface RateLimitStore {
    incr(
      key: string,
      callback: (error: Error | null, result: { current: number; ttl: number } | null) => void,
      timeWindow: number,
      max: number,
    ): void;
    child(routeOptions: object): RateLimitStore;
  }
  const RedisStore: new (
    continueExceeding: boolean,
    exponentialBackoff: boolean,
    redis: Redis,
    key?: string,
  ) => RateLimitStore;
  export default RedisStore;
}

declare module '@fastify/rate-limit/store/LocalStore.js' {
  import type { RateLimitStore } from '@fastify/rate-limit/store/RedisStore.js';
  const LocalStore: new (continueExceeding: boolean, exponentialBackoff: boolean, cache?: number) => RateLimitStore;
  export default LocalStore;
}
