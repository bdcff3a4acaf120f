import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll } from 'vitest';
import { buildApp } from '../app';
import { loadConfig } from '../config';
import type { AppInstance } from '../lib/types';
import { TEST_SECRET } from './guide-fixtures';
import { createTestApp, type TestApp } from './test-app';

/**
 * Two instances on one database and one Redis, for the suites proving a limit holds for all instances
 * together (decision 101). Call inside a `describe` that runs only with REDIS_URL; the keys of the run
 * have their own prefix and go with it.
 */
export function twoInstancesOnRedis(
  redisUrl: string,
  extraEnv: Record<string, string> | (() => Record<string, string>) = {},
) {
  const env = { REDIS_URL: redisUrl, REDIS_KEY_PREFIX: `tabi-test-${randomBytes(6).toString('hex')}:` };
  const made: { t?: TestApp; b?: AppInstance } = {};
  beforeAll(async () => {
    // Settings both instances share (a function: read once the suite's own servers have started).
    Object.assign(env, typeof extraEnv === 'function' ? extraEnv() : extraEnv);
    made.t = await createTestApp({ env });
    made.b = await buildApp(
      {
        config: loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', ...env }),
        database: made.t.database,
        jwtSecret: TEST_SECRET,
      },
      { logger: false },
    );
    await made.b.ready();
  });
  afterAll(async () => {
    // Nothing left behind: this run's keys go with it.
    const redis = made.t?.app.redis;
    const keys = redis ? await redis.keys(`${env.REDIS_KEY_PREFIX}*`) : [];
    if (keys.length > 0) await redis!.del(...keys.map((k) => k.slice(env.REDIS_KEY_PREFIX.length)));
    await made.b?.close();
    await made.t?.close();
  });
  return {
    keyPrefix: env.REDIS_KEY_PREFIX,
    /** The first instance (with its test helpers). */
    get t(): TestApp {
      return made.t!;
    },
    /** The second instance. */
    get b(): AppInstance {
      return made.b!;
    },
  };
}
