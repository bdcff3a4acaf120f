import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { inject } from 'vitest';
import { buildApp, type BuildOptions } from '../app';
import { loadConfig } from '../config';
import { openDatabase, type DatabaseHandle } from '../db/client';
import { runSeed } from '../db/seed/index';
import type { AppInstance } from '../lib/types';
import { cloneTemplateDatabase, readTemplateDump } from './database-template';

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
export async function createTestApp(
  opts: { seed?: 'demo' | 'none'; env?: Record<string, string>; build?: BuildOptions; now?: Date } = {},
): Promise<TestApp> {
  const database = await openTestDatabase();
  await runSeed(database.db, opts.seed ?? 'none', opts.now);
  // Uploads go to a folder of the test's own (removed on close), never the developer's ./data.
  const ownDir = opts.env?.DATA_DIR ? undefined : mkdtempSync(path.join(tmpdir(), 'tabi-test-'));
  const config = loadConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    ...(ownDir && { DATA_DIR: ownDir }),
    ...opts.env,
  });
  const app = await buildApp(
    { config, database, jwtSecret: 'test-secret-that-is-long-enough-0123456789' },
    { logger: false, ...opts.build },
  );
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
      if (ownDir) rmSync(ownDir, { recursive: true, force: true });
    },
  };
}

/**
 * A copy of the run's migrated template (global-setup.ts): in-memory PGlite loaded from its dump, or
 * a database on the server copied from it and dropped again on close. Without a template (a file
 * run outside the API project) a fresh database is migrated.
 */
export async function openTestDatabase(): Promise<DatabaseHandle> {
  const serverUrl = process.env.DATABASE_URL;
  const template = inject('databaseTemplate') as string | undefined;
  if (!serverUrl) {
    if (template) return openDatabase({ dataDir: 'memory://', loadDataDir: await readTemplateDump(template) });
    const database = await openDatabase({ dataDir: 'memory://' });
    await database.migrate();
    return database;
  }
  if (!template) throw new Error('The API tests on PostgreSQL need the template database of global-setup.ts');
  const copy = await cloneTemplateDatabase(serverUrl, template);
  const database = await openDatabase({ databaseUrl: copy.url });
  return {
    ...database,
    close: async () => {
      await database.close();
      await copy.drop();
    },
  };
}

/**
 * What production asks of the environment before it starts: a signing secret and the operator's
 * particulars (src/server/operator.ts), here fictitious ones whose registration number passes the check digit.
 */
export const PRODUCTION_ENV = {
  NODE_ENV: 'production',
  JWT_SECRET: 'x'.repeat(40),
  OPERATOR_NAME: 'Tabi Guides test operator (fictitious)',
  OPERATOR_REPRESENTATIVE: 'Test Representative',
  OPERATOR_ADDRESS: 'Tokyo (fictitious)',
  OPERATOR_PHONE: '000-0000-0000',
  OPERATOR_EMAIL: 'operator@tabi.localhost',
  OPERATOR_INVOICE_NUMBER: 'T7123456789012',
};
