import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { buildApp, type BuildOptions } from '../app';
import { loadConfig } from '../config';
import { openDatabase, type DatabaseHandle } from '../db/client';
import { runSeed } from '../db/seed/index';
import type { AppInstance } from '../lib/types';

export interface TestApp {
  app: AppInstance;
  database: DatabaseHandle;
  close(): Promise<void>;
}

/**
 * A fresh, migrated database and the whole app for one test file: in-memory PGlite by default, or a
 * brand-new database on the PostgreSQL server named by DATABASE_URL (dropped again on close), so
 * the same suite proves both drivers and files never see each other's rows.
 */
export async function createTestApp(opts: { seed?: 'demo' | 'none'; env?: Record<string, string>; build?: BuildOptions; now?: Date } = {}): Promise<TestApp> {
  const serverUrl = process.env.DATABASE_URL;
  let dropDatabase: (() => Promise<void>) | undefined;
  let databaseUrl: string | undefined;
  if (serverUrl) {
    const name = `tabi_test_${randomBytes(6).toString('hex')}`;
    const admin = new pg.Client({ connectionString: serverUrl });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${name}`);
    await admin.end();
    const url = new URL(serverUrl);
    url.pathname = `/${name}`;
    databaseUrl = url.toString();
    dropDatabase = async () => {
      const c = new pg.Client({ connectionString: serverUrl });
      await c.connect();
      await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await c.end();
    };
  }
  const database = await openDatabase({ databaseUrl, dataDir: 'memory://' });
  await database.migrate();
  await runSeed(database.db, opts.seed ?? 'none', opts.now);
  const config = loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', ...opts.env });
  const app = await buildApp({ config, database, jwtSecret: 'test-secret-that-is-long-enough-0123456789' }, { logger: false, ...opts.build });
  await app.ready();
  // A fixed clock (for tests at a given hour): the seed was placed around it and the bookings'
  // clock, which the overview and the wallet read, stands still at it.
  if (opts.now) {
    const at = opts.now;
    app.bookings.now = () => at;
  }
  return {
    app,
    database,
    async close() {
      await app.close();
      await database.close();
      await dropDatabase?.();
    },
  };
}
