import { randomBytes } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app';
import { loadConfig } from '../config';
import { openDatabase, type DatabaseHandle } from '../db/client';
import { runSeed } from '../db/seed/index';
import type { AppInstance } from '../lib/types';
import { guide, openChat, say, traveler } from '../modules/messaging/test-helpers';
import { TEST_SECRET } from '../test/guide-fixtures';
import type { TestApp } from '../test/test-app';
import { connect } from './test-socket';

/**
 * Two real app instances on one PostgreSQL database, fanning out through Redis: a message sent
 * through instance A reaches a socket connected to instance B. Needs DATABASE_URL and REDIS_URL
 * (skipped otherwise, like the other PostgreSQL-only suites).
 */
const serverUrl = process.env.DATABASE_URL;
const redisUrl = process.env.REDIS_URL;
describe.runIf(Boolean(serverUrl && redisUrl))(
  'real-time fan-out across two instances (Redis; skipped without DATABASE_URL and REDIS_URL, which CI sets)',
  () => {
    const name = `tabi_test_${randomBytes(6).toString('hex')}`;
    const instances: { app: AppInstance; database: DatabaseHandle; url: string }[] = [];

    beforeAll(async () => {
      const admin = new pg.Client({ connectionString: serverUrl });
      await admin.connect();
      await admin.query(`CREATE DATABASE ${name}`);
      await admin.end();
      const url = new URL(serverUrl!);
      url.pathname = `/${name}`;
      for (let i = 0; i < 2; i++) {
        const database = await openDatabase({ databaseUrl: url.toString(), dataDir: 'memory://' });
        if (i === 0) {
          await database.migrate();
          await runSeed(database.db, 'none');
        }
        const config = loadConfig({
          NODE_ENV: 'test',
          LOG_LEVEL: 'silent',
          REDIS_URL: redisUrl!,
          REDIS_KEY_PREFIX: `${name}:`,
        });
        const app = await buildApp({ config, database, jwtSecret: TEST_SECRET }, { logger: false });
        await app.listen({ port: 0, host: '127.0.0.1' });
        instances.push({ app, database, url: `ws://127.0.0.1:${(app.server.address() as AddressInfo).port}` });
      }
    });

    afterAll(async () => {
      for (const i of instances) {
        await i.app.close();
        await i.database.close();
      }
      const c = new pg.Client({ connectionString: serverUrl });
      await c.connect();
      await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await c.end();
    });

    it('delivers a message sent through one instance to a socket on the other', async () => {
      const [a, b] = instances as [(typeof instances)[0], (typeof instances)[0]];
      expect(a.app.realtime.hub.kind).toBe('redis');
      const ta = { app: a.app, database: a.database } as TestApp;
      const traveler1 = await traveler(ta);
      const g = await guide(ta);
      const c = await openChat(ta, traveler1, g.guideId);
      const onB = connect(`${b.url}/ws?token=${g.token}`);
      await onB.opened;
      expect(b.app.realtime.localCount(g.id)).toBe(1);
      expect(a.app.realtime.localCount(g.id)).toBe(0);
      await say(ta, traveler1, c, '从另一台服务器发来的消息');
      const got = await onB.next('new_message');
      expect(got.payload).toMatchObject({ conversationId: c, body: '从另一台服务器发来的消息' });

      // Logging out on instance A closes the session's socket on instance B.
      const onB2 = connect(`${b.url}/ws?token=${traveler1.token}`);
      await onB2.opened;
      await ta.app.inject({
        method: 'POST',
        url: '/api/auth/logout',
        headers: { authorization: `Bearer ${traveler1.token}` },
      });
      expect(await onB2.closed).toBe(4403);
      onB.ws.close();
    });
  },
);
