// `npm start`: builds what is older than its sources (the web app, the server, the database template:
// scripts/build.mjs), then runs the compiled server in this same process (so SIGTERM/SIGINT reach the
// server's graceful shutdown directly), with stack traces mapped back to the TypeScript sources.
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { build } from './build.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const status = await build({ onlyStale: true });
if (status !== 0) process.exit(status);
console.log('Starting the server…');
process.setSourceMapsEnabled(true);
await import(pathToFileURL(path.join(root, 'dist/server/server.js')).href);
