import path from 'node:path';
import { performance } from 'node:perf_hooks';
import type { Logger } from 'pino';
import { loadConfig, resolveJwtSecret, type Config } from './config';
import { openDatabase, type DatabaseHandle } from './db/client';
import { DEMO_ACCOUNTS, runSeed } from './db/seed/index';
import { templateFor } from './db/template';
import type { AppInstance } from './lib/types';
import { createLogger } from './plugins/request-log';
import { describeStorage } from './storage/index';

/** "840 ms" or "2.3 s" since `start`. */
const since = (start: number) => {
  const ms = performance.now() - start;
  return ms < 1000 ? `${Math.round(ms)} ms` : `${(ms / 1000).toFixed(1)} s`;
};

/** Reads the settings, migrates, seeds on first start, listens, and shuts down cleanly. */
async function main(): Promise<void> {
  const config = loadConfig();
  // Start-up steps, one line each with its duration, in the same format as the app's log.
  const log = createLogger(config);
  const where = config.databaseUrl
    ? 'PostgreSQL (DATABASE_URL)'
    : `embedded PGlite in ${path.join(config.dataDir, 'db')}`;
  const step = performance.now();
  const dataDir = path.join(config.dataDir, 'db');
  // A new embedded database starts from the build's migrated template when there is one (template.ts).
  const template = config.databaseUrl ? undefined : await templateFor(dataDir);
  const opening = openDatabase({ databaseUrl: config.databaseUrl, dataDir, loadDataDir: template });
  // The app's modules load while PGlite compiles its WebAssembly and starts (decision 086).
  const loadingApp = import('./app');
  const database = await opening;
  log.info(`database ${template ? "created from the build's template" : 'opened'}: ${where} (${since(step)})`);
  const seeded = await migrateAndSeed(database, config, log);

  const { buildApp } = await loadingApp;
  const app = await buildApp({ config, database, jwtSecret: resolveJwtSecret(config) });
  const files = describeStorage(config);
  log.info(`uploaded files: ${files}`);
  shutDownOnSignals(app, database, config);

  await app.listen({ host: config.host, port: config.port });
  app.jobs.start(); // scheduled work (bookings: payment and request expiry, start day, refunds); stopped by app.close()
  if (config.isProduction) logBanner(log, config, { where, files, seeded });
  else printBanner(config, { where, seeded });
}

/** Brings the schema up to date, then seeds what is missing; returns the names of the seeds that ran. */
async function migrateAndSeed(database: DatabaseHandle, config: Config, log: Logger): Promise<string[]> {
  let step = performance.now();
  await database.migrate();
  log.info(`database migrations up to date (${since(step)})`);
  step = performance.now();
  const seeded = await runSeed(database.db, config.seed);
  log.info(
    seeded.length ? `seeded ${seeded.join(', ')} (${since(step)})` : `seed data already present (${since(step)})`,
  );
  return seeded;
}

/**
 * SIGTERM (decision 088): /readyz says 503 at once and replies ask the balancer not to reuse their
 * connection; no new job is claimed; after SHUTDOWN_GRACE_MS the port closes, requests in flight
 * finish, WebSockets close with 1001 (clients reconnect elsewhere), and the process exits — within 10 s
 * whatever happens.
 */
function shutDownOnSignals(app: AppInstance, database: DatabaseHandle, config: Config): void {
  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.readiness.draining = true;
    app.log.info({ signal, instance: config.instanceId }, 'shutting down');
    const force = setTimeout(() => {
      app.log.error('shutdown took longer than 10 s: exiting anyway');
      process.exit(1);
    }, 9_500).unref();
    try {
      await app.jobs.stop();
      if (config.shutdownGraceMs) await new Promise((r) => setTimeout(r, config.shutdownGraceMs));
      await app.close();
      await database.close();
    } catch (err) {
      app.log.error({ err }, 'shutdown failed');
    } finally {
      clearTimeout(force);
      process.exit(0);
    }
  };
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  process.on('SIGINT', () => void shutdown('SIGINT'));
}

/** Production logs are JSON, one object per line: the banner is one more entry (no passwords). */
function logBanner(log: Logger, config: Config, started: { where: string; files: string; seeded: string[] }): void {
  const { where, files, seeded } = started;
  log.info(
    {
      url: config.appUrl,
      docs: `${config.appUrl}/api/docs`,
      database: where,
      files,
      seeded,
      demoAccounts: config.seed === 'demo' ? DEMO_ACCOUNTS.map((a) => a.username) : [],
    },
    `Tabi Guides is running at ${config.appUrl}`,
  );
}

/** Outside production: the address, the database and the demo accounts, framed on the console. */
function printBanner(config: Config, started: { where: string; seeded: string[] }): void {
  const { where, seeded } = started;
  const bold = (s: string) => (process.stdout.isTTY && !process.env.NO_COLOR ? `\x1b[1m${s}\x1b[0m` : s);
  const rule = '  ' + '─'.repeat(64);
  const lines = [
    '',
    rule,
    `  Tabi Guides is running at ${bold(config.appUrl)}`,
    `  Database: ${where}${seeded.length ? ` — seeded: ${seeded.join(', ')}` : ''}`,
    `  API docs: ${config.appUrl}/api/docs`,
  ];
  if (config.seed === 'demo') {
    lines.push('  Demo accounts (username / password):');
    for (const a of DEMO_ACCOUNTS)
      lines.push(
        `    ${a.username.padEnd(10)} ${a.password.padEnd(12)} ${a.isAdmin ? 'admin (demo) — the console is at /admin' : a.role}`,
      );
  }
  lines.push(rule, '');
  console.log(lines.join('\n'));
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
