import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app';
import { loadConfig } from '../../config';
import type { AppInstance } from '../../lib/types';
import { nextAddress } from '../../test/accounts';
import { TEST_SECRET } from '../../test/guide-fixtures';
import { nextPhone } from '../../test/phone';
import { createTestApp, type TestApp } from '../../test/test-app';

/**
 * With REDIS_URL, two instances on one Redis count the codes sent together (decision 147): the
 * number's minute and the address's hour hold whichever instance answers. Needs REDIS_URL (skipped
 * otherwise, like the other Redis suites); the keys of this run have their own prefix.
 */
const redisUrl = process.env.REDIS_URL;
describe.runIf(Boolean(redisUrl))('phone code limits shared by instances through Redis (skipped without REDIS_URL, which CI sets)', () => {
  const env = { REDIS_URL: redisUrl!, REDIS_KEY_PREFIX: `tabi-test-${randomBytes(6).toString('hex')}:` };
  let t: TestApp;
  let b: AppInstance;
  beforeAll(async () => {
    t = await createTestApp({ env });
    b = await buildApp({ config: loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', ...env }), database: t.database, jwtSecret: TEST_SECRET }, { logger: false });
    await b.ready();
  });
  afterAll(async () => {
    const keys = await t.app.redis!.keys(`${env.REDIS_KEY_PREFIX}*`);
    if (keys.length > 0) await t.app.redis!.del(...keys.map((k) => k.slice(env.REDIS_KEY_PREFIX.length)));
    await b?.close();
    await t?.close();
  });

  const start = (app: AppInstance, phone: string, remoteAddress = nextAddress()) =>
    app.inject({ method: 'POST', url: '/api/auth/phone/start', payload: { phone }, remoteAddress });

  it('pauses a number a minute on both instances after a code from either', async () => {
    const phone = nextPhone();
    expect((await start(t.app, phone)).statusCode).toBe(202);
    const other = await start(b, phone);
    expect(other.statusCode).toBe(429);
    expect(other.json().code).toBe('retry_later');
  });

  it('counts an address\'s 10 an hour over both instances', async () => {
    const address = nextAddress();
    for (let i = 0; i < 10; i++) expect((await start(i % 2 === 0 ? t.app : b, nextPhone(), address)).statusCode).toBe(202);
    expect((await start(t.app, nextPhone(), address)).statusCode).toBe(429);
    expect((await start(b, nextPhone(), address)).statusCode).toBe(429);
  });
});
