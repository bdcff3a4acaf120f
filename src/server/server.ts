import path from 'node:path';
import { buildApp } from './app';
import { loadConfig, resolveJwtSecret } from './config';
import { openDatabase } from './db/client';
import { DEMO_ACCOUNTS, runSeed } from './db/seed/index';

/** Reads the settings, migrates, seeds on first start, listens, and shuts down cleanly. */
async function main(): Promise<void> {
  const config = loadConfig();
  const database = await openDatabase({
    databaseUrl: config.databaseUrl,
    dataDir: path.join(config.dataDir, 'db'),
  });
  await database.migrate();
  const seeded = await runSeed(database.db, config.seed);

  const app = await buildApp({ config, database, jwtSecret: resolveJwtSecret(config) });
  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down');
    const force = setTimeout(() => process.exit(1), 10_000).unref();
    try {
      await app.close();
      await database.close();
    } finally {
      clearTimeout(force);
      process.exit(0);
    }
  };
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  process.on('SIGINT', () => void shutdown('SIGINT'));

  await app.listen({ host: config.host, port: config.port });
  const where = database.kind === 'postgres' ? 'PostgreSQL (DATABASE_URL)' : `embedded PGlite in ${path.join(config.dataDir, 'db')}`;
  const lines = [
    '',
    `  Tabi Guides is running at ${config.appUrl}`,
    `  Database: ${where}${seeded.length ? ` — seeded: ${seeded.join(', ')}` : ''}`,
    `  API docs: ${config.appUrl}/api/docs`,
  ];
  if (config.seed === 'demo') {
    lines.push('  Demo accounts (username / password):');
    for (const a of DEMO_ACCOUNTS) lines.push(`    ${a.username.padEnd(10)} ${a.password.padEnd(12)} ${a.isAdmin ? 'admin' : a.role}`);
  }
  console.log(lines.join('\n') + '\n');
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
