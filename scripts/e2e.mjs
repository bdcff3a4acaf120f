// Browser tests: build the app, then Playwright against the system Chromium (never a downloaded one).
import { spawnSync } from 'node:child_process';
import { existsSync, rmSync } from 'node:fs';

const chrome = process.env.CHROME_PATH || '/usr/bin/chromium';
if (!existsSync(chrome)) {
  if (process.env.CI) {
    console.error(`No Chromium at ${chrome}: CI must install it (apt-get install -y chromium).`);
    process.exit(1);
  }
  console.log(`Browser tests skipped: no Chromium at ${chrome} (install it, or set CHROME_PATH).`);
  process.exit(0);
}

const run = (cmd, args) => spawnSync(cmd, args, { stdio: 'inherit', env: { ...process.env, CHROME_PATH: chrome } }).status ?? 1;
// A fresh database for every run.
rmSync('test-results/e2e-data', { recursive: true, force: true });
let status = run('npx', ['vite', 'build', '--logLevel', 'warn']);
if (status === 0) status = run('npx', ['playwright', 'test', ...process.argv.slice(2)]);
process.exit(status);
