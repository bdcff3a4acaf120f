import type { FastifyInstance } from 'fastify';
import { Redis, type RedisOptions } from 'ioredis';
import { REDIS_CALL_TIMEOUT_MS, RedisGuard, withinDeadline } from '../lib/redis-guard';

declare module 'fastify' {
  interface FastifyInstance {
    /**
     * With REDIS_URL: one command connection for the counters every instance must share (rate limits,
     * the login throttle), its keys under REDIS_KEY_PREFIX. Absent: each instance counts in memory.
     */
    redis?: Redis;
    /** With REDIS_URL: the breaker every use of Redis goes through (decision 101). */
    redisGuard?: RedisGuard;
  }
}

/**
 * A connection that gives up (decision 101): a command queued while Redis is away fails after one
 * failed reconnection, and any command after ten deadlines, so none waits forever on a Redis
 * that hangs. Requests do not wait that long: RedisGuard's deadline is REDIS_CALL_TIMEOUT_MS; this
 * only clears what Redis never answered. Commands still queue before the first connection, so a
 * fresh instance does not skip Redis.
 */
export const REDIS_COMMAND_OPTIONS: RedisOptions = {
  commandTimeout: 10 * REDIS_CALL_TIMEOUT_MS,
  maxRetriesPerRequest: 1,
  connectTimeout: 2_000,
};

/**
 * While Redis is away every reconnection attempt fails, every second or two: only the first error
 * after each time the connection was ready is reported.
 */
export function reportConnectionErrors(redis: Redis, report: (err: unknown) => void): void {
  let quiet = false;
  redis.on('ready', () => (quiet = false));
  redis.on('error', (err) => {
    if (!quiet) report(err);
    quiet = true;
  });
}

export function registerRedis(app: FastifyInstance): void {
  const { redisUrl, redisKeyPrefix } = app.ctx.config;
  if (!redisUrl) return;
  const redis = new Redis(redisUrl, { ...REDIS_COMMAND_OPTIONS, keyPrefix: redisKeyPrefix });
  reportConnectionErrors(redis, (err) => app.log.warn({ err }, 'redis connection error'));
  const guard = new RedisGuard({
    onDown: (err) =>
      app.log.warn(
        { err },
        'Redis is not answering: limits count on this instance, real-time events reach this instance only',
      ),
    onUp: () => app.log.info('Redis answers again: limits and real-time events are shared again'),
  });
  app.decorate('redis', redis);
  app.decorate('redisGuard', guard);
  app.addHook('onClose', async () => closeRedis(redis));
}

/** QUIT within one deadline, or else drop the connection: a Redis that hangs does not hold up a shutdown. */
export async function closeRedis(redis: Redis): Promise<void> {
  await withinDeadline(redis.quit(), REDIS_CALL_TIMEOUT_MS).catch(() => redis.disconnect());
}
