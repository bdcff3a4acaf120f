// `npm start`: builds what is older than its sources (the web app, the server and, on a first start,
// the database template: scripts/build.mjs), then runs the compiled server in this same process (so SIGTERM/SIGINT
// reach the server's graceful shutdown directly), with stack traces mapped back to the TypeScript sources.
import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { build, isStale } from './build.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
// The database template (src/server/db/template.ts) is made here only for a start that creates the
// embedded database (DATA_DIR's default as in src/server/config.ts) while Vite builds anyway (a clean
// clone): then initdb runs beside Vite. Alone, making and loading it costs more than the server's own
// initdb; and a restart after a pull that added a migration never waits for it.
const createsDatabase = !process.env.DATABASE_URL && !existsSync(path.resolve(process.env.DATA_DIR ?? './data', 'db'));
const status = await build({ onlyStale: true, template: createsDatabase && isStale('web') });
if (status !== 0) process.exit(status);
console.log('Starting the server…');
process.setSourceMapsEnabled(true);
await import(pathToFileURL(path.join(root, 'dist/server/server.js')).href);
