import type { FastifyInstance } from 'fastify';
import { Redis } from 'ioredis';

declare module 'fastify' {
  interface FastifyInstance {
    /**
     * With REDIS_URL: one command connection for the counters every instance must share (rate limits,
     * the login throttle), its keys under REDIS_KEY_PREFIX. Absent: each instance counts in memory.
     */
    redis?: Redis;
  }
}

export function registerRedis(app: FastifyInstance): void {
  const { redisUrl, redisKeyPrefix } = app.ctx.config;
  if (!redisUrl) return;
  // A few retries, then the command fails: a request waits seconds at most while Redis is away, not minutes.
  const redis = new Redis(redisUrl, { keyPrefix: redisKeyPrefix, maxRetriesPerRequest: 3 });
  redis.on('error', (err) => app.log.warn({ err }, 'redis error'));
  app.decorate('redis', redis);
  app.addHook('onClose', async () => {
    await redis.quit().catch(() => redis.disconnect());
  });
}
