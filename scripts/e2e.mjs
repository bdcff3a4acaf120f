// Browser tests: build the app, then Playwright against the system Chromium (never a downloaded one).
import { spawnSync } from 'node:child_process';
import { existsSync, rmSync } from 'node:fs';
import { build } from './build.mjs';

const chrome = process.env.CHROME_PATH || '/usr/bin/chromium';
if (!existsSync(chrome)) {
  if (process.env.CI) {
    console.error(`No Chromium at ${chrome}: CI must install it (apt-get install -y chromium).`);
    process.exit(1);
  }
  console.log(`Browser tests skipped: no Chromium at ${chrome} (install it, or set CHROME_PATH).`);
  process.exit(0);
}

// The servers Playwright starts run the server compiled just below (playwright.config.ts).
const env = { ...process.env, CHROME_PATH: chrome, E2E_COMPILED_SERVER: '1' };
const run = (cmd, args) => spawnSync(cmd, args, { stdio: 'inherit', env }).status ?? 1;
// Fresh databases for every run (one per worker under test-results/e2e-data, see e2e/servers.ts);
// the app is built once here, before Playwright starts one server per worker.
rmSync('test-results/e2e-data', { recursive: true, force: true });
// What is stale of the web app, its server renderer, the server and the database template that the
// servers' fresh databases start from, once, before the servers start (they would each build).
// Built under NODE_ENV=test, as the servers run and as `NODE_ENV=test npm start` builds: the build
// must not depend on it (scripts/build.mjs), and every browser test depends on this build.
process.env.NODE_ENV = 'test';
let status = await build({ onlyStale: true });
// Budget for the landing page's first JavaScript, on the build just made.
if (status === 0) status = run('npx', ['tsx', 'bench/landing-size.ts', '--dist', 'dist/web', '--check']);
if (status === 0) status = run('npx', ['playwright', 'test', ...process.argv.slice(2)]);
process.exit(status);
