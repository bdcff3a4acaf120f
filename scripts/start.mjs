// `npm start`: builds the web app when its sources are newer than the build, then runs the server
// in this same process (so SIGTERM/SIGINT reach the server's graceful shutdown directly).
import { spawn } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { stripVTControlCharacters } from 'node:util';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const builtIndex = path.join(root, 'dist/web/index.html');
const builtRenderer = path.join(root, 'dist/ssr/entry-server.js');

function newestMtime(target) {
  const stat = statSync(target);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = stat.mtimeMs;
  for (const entry of readdirSync(target)) newest = Math.max(newest, newestMtime(path.join(target, entry)));
  return newest;
}

const sources = ['src/web', 'src/shared', 'vite.config.ts', 'package.json'].map((p) => path.join(root, p));
const newestSource = Math.max(...sources.map(newestMtime));
const isStale = (built) => !existsSync(built) || newestSource > statSync(built).mtimeMs;
const stale = isStale(builtIndex) || isStale(builtRenderer);
if (stale) {
  console.log('Building the web app (src/web → dist/web, and its server renderer → dist/ssr)…');
  const started = Date.now();
  let status = await viteBuild([]);
  if (status === 0) status = await viteBuild(['--ssr']);
  if (status !== 0) process.exit(status);
  console.log(`  ✓ built in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  console.log('Starting the server…');
} else {
  console.log('Web app is up to date (dist/web). Starting the server…');
}

/**
 * `vite build` with its phase lines (transforming, modules transformed, rendering chunks) indented
 * under ours, but without its table of every emitted file nor its own "built in" (ours counts
 * vite's start-up too). Warnings and errors (stderr) pass through untouched.
 */
function viteBuild(args) {
  const vite = path.join(root, 'node_modules/vite/bin/vite.js');
  const color = process.stdout.isTTY && !process.env.NO_COLOR;
  const child = spawn(process.execPath, [vite, 'build', ...args], {
    cwd: root,
    stdio: ['ignore', 'pipe', 'inherit'],
    env: color ? { ...process.env, FORCE_COLOR: '1' } : process.env,
  });
  let pending = '';
  const show = (line) => {
    const plain = stripVTControlCharacters(line).trim();
    // One row per emitted file ("dist/web/assets/x.js  1.2 kB │ gzip: 0.5 kB"): skipped.
    if (!plain || /│\s*gzip:|\s(k|M)?B\s*$/.test(plain) || /^✓ built in /.test(plain)) return;
    console.log(`  ${line.trim()}`);
  };
  child.stdout.setEncoding('utf8');
  child.stdout.on('data', (chunk) => {
    const lines = (pending + chunk).split(/\r?\n/);
    pending = lines.pop() ?? '';
    lines.forEach(show);
  });
  return new Promise((resolve) => {
    child.on('close', (code) => {
      if (pending) show(pending);
      resolve(code ?? 1);
    });
  });
}

const { register } = await import('tsx/esm/api');
register();
await import(path.join(root, 'src/server/server.ts'));
