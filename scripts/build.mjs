// The build (decision 086): the web app (dist/web) and its server renderer (dist/ssr), the compiled
// server (dist/server) and the embedded database's migrated template (dist/db). `npm run build`
// makes all of it; `npm start` and the browser tests call `build({ onlyStale: true })`, which makes
// only what is older than its sources. The web app builds beside the server and then the template
// (initdb runs in one thread while Vite works), so a first start waits for the longer of the two.
import { spawn } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { stripVTControlCharacters } from 'node:util';
import { buildServer } from './build-server.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const at = (...parts) => path.join(root, ...parts);

/** What each output is made from; an output older than any of its sources is rebuilt. */
const TARGETS = {
  web: {
    outputs: ['dist/web/index.html', 'dist/ssr/entry-server.js'],
    sources: ['src/web', 'src/shared', 'vite.config.ts', 'scripts/offline-trip-files.ts', 'package.json'],
  },
  server: {
    outputs: ['dist/server/server.js'],
    sources: [
      'src/server',
      'src/shared',
      'scripts/build-server.mjs',
      'tsconfig.base.json',
      'tsconfig.server.json',
      'package.json',
    ],
  },
  // The template holds initdb plus every migration; the server also checks it by the migrations'
  // hash and PGlite's version (src/server/db/template.ts), so a stale one is never loaded.
  template: {
    outputs: ['dist/db'],
    sources: ['src/server/db/migrations', 'src/server/db/template.ts', 'src/server/db/template-cli.ts', 'package.json'],
  },
};

function newestMtime(target) {
  if (!existsSync(target)) return 0;
  const stat = statSync(target);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = stat.mtimeMs;
  for (const entry of readdirSync(target)) newest = Math.max(newest, newestMtime(path.join(target, entry)));
  return newest;
}

/** The oldest of a target's outputs (a folder counts by its newest file; an empty or missing one is 0). */
const builtAt = (outputs) => Math.min(...outputs.map((o) => (existsSync(at(o)) ? newestMtime(at(o)) : 0)));
export const isStale = (name) => {
  const { outputs, sources } = TARGETS[name];
  const built = builtAt(outputs);
  return built === 0 || Math.max(...sources.map((s) => newestMtime(at(s)))) > built;
};

const seconds = (started) => `${((Date.now() - started) / 1000).toFixed(1)} s`;

/**
 * Builds every target, or only the stale ones; `template: false` leaves the database template out (a
 * start that opens an existing database never reads it). Resolves to a process exit status (0: built).
 */
export async function build({ onlyStale = false, template = true } = {}) {
  const stale = Object.fromEntries(Object.keys(TARGETS).map((t) => [t, !onlyStale || isStale(t)]));
  stale.template &&= template;
  if (!stale.web && !stale.server && !stale.template) {
    console.log('The build is up to date (dist/).');
    return 0;
  }
  const web = async () => {
    if (!stale.web) return 0;
    const started = Date.now();
    let status = await run([at('node_modules/vite/bin/vite.js'), 'build'], PRODUCTION);
    if (status === 0) status = await run([at('node_modules/vite/bin/vite.js'), 'build', '--ssr'], PRODUCTION);
    if (status === 0) console.log(`  ✓ web app built (dist/web, dist/ssr) in ${seconds(started)}`);
    return status;
  };
  const server = async () => {
    let started = Date.now();
    if (stale.server || stale.template) {
      // The template is made by compiled code: the server's build comes first.
      await buildServer();
      console.log(`  ✓ server compiled (dist/server) in ${seconds(started)}`);
    }
    if (!stale.template) return 0;
    started = Date.now();
    const status = await run(['--enable-source-maps', at('dist/server/db-template.js')]);
    if (status === 0) console.log(`  ✓ database template (initdb and migrations, dist/db) in ${seconds(started)}`);
    return status;
  };
  const what = [
    stale.web && 'the web app',
    (stale.server || stale.template) && 'the server',
    stale.template && 'the database template',
  ];
  console.log(`Building ${what.filter(Boolean).join(', ')}…`);
  const started = Date.now();
  const statuses = await Promise.all([web(), server().catch((err) => (console.error(err), 1))]);
  const status = statuses.find((s) => s !== 0) ?? 0;
  if (status === 0) console.log(`  ✓ built in ${seconds(started)}`);
  return status;
}

/**
 * The web app is built as for production whatever NODE_ENV the build was started under: Vite and
 * React's JSX transform follow NODE_ENV, and a build under NODE_ENV=test compiled development JSX
 * (jsxDEV) that the server renderer, which always runs React's production build, cannot call.
 * scripts/e2e.mjs builds under NODE_ENV=test, so every browser test run proves it.
 */
const PRODUCTION = { NODE_ENV: 'production' };

/**
 * Runs a Node script with its phase lines (Vite's transforming, modules transformed, rendering chunks)
 * indented under ours, but without Vite's table of every emitted file nor its own "built in" (ours
 * counts Vite's start-up too). Warnings and errors (stderr) pass through untouched.
 */
function run(args, env = {}) {
  const color = process.stdout.isTTY && !process.env.NO_COLOR;
  const child = spawn(process.execPath, args, {
    cwd: root,
    stdio: ['ignore', 'pipe', 'inherit'],
    env: { ...process.env, ...(color && { FORCE_COLOR: '1' }), ...env },
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

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  process.exit(await build({ onlyStale: process.argv.includes('--stale') }));
}
