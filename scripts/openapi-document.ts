import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { buildApp } from '../src/server/app';
import { loadConfig } from '../src/server/config';
import { openDatabase } from '../src/server/db/client';

/**
 * Writes the app's OpenAPI document, as /api/docs/json serves it, to the file named by the first
 * argument (scripts/lint-openapi.mjs lints it). The app is built with the test settings on an empty
 * in-memory database and never listens: the document comes from the routes' schemas alone.
 */
const out = process.argv[2];
if (!out) {
  console.error('usage: tsx scripts/openapi-document.ts <file.json>');
  process.exit(2);
}
const dataDir = mkdtempSync(path.join(tmpdir(), 'tabi-openapi-'));
const database = await openDatabase({ dataDir: 'memory://' });
await database.migrate(); // the modules read their tables when the app is ready
const config = loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', DATA_DIR: dataDir });
const app = await buildApp(
  { config, database, jwtSecret: 'openapi-document-secret-0123456789abcdef' },
  { logger: false },
);
try {
  await app.ready();
  writeFileSync(out, JSON.stringify(app.swagger(), null, 2));
} finally {
  await app.close();
  await database.close();
  rmSync(dataDir, { recursive: true, force: true });
}
